import { ApiError, type CampusCareClient, type Database, type Member, unwrap } from '@campuscare/shared';
import { listNoShowCounts, type OverviewAppointment } from '@campuscare/shared/appointments';

type PatientDetails = Pick<
  Member,
  'id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'reg_number' | 'department' | 'year_of_study' | 'avatar_path'
>;
type PatientHealthProfile = Database['public']['Functions']['get_health_profile']['Returns'][number];

export interface PatientRecord {
  readonly patient: PatientDetails;
  /** Null when the student has not filled in the questionnaire yet. */
  readonly healthProfile: PatientHealthProfile | null;
  readonly history: readonly OverviewAppointment[];
  readonly historyTotal: number;
  /** How many of the student's visits were marked as a no-show. */
  readonly noShows: number;
}

export const HISTORY_LIMIT = 20;

const PATIENT_COLUMNS = 'id, first_name, last_name, email, phone, reg_number, department, year_of_study, avatar_path';
const HISTORY_COLUMNS = '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';

/**
 * A student's record for a doctor: their member row, their health profile through the audited
 * `get_health_profile` (every open leaves a row in audit_log, naming this screen for the student's "who viewed my
 * health record"), their latest appointments and how many visits they missed.
 */
export async function loadPatientRecord(client: CampusCareClient, studentId: string): Promise<PatientRecord> {
  const [member, health, history, noShows] = await Promise.all([
    client.from('members').select(PATIENT_COLUMNS).eq('id', studentId).eq('role', 'student').maybeSingle(),
    client.rpc('get_health_profile', { student_id: studentId, screen: 'Patient record' }),
    client
      .from('appointments')
      .select(HISTORY_COLUMNS, { count: 'exact' })
      .eq('student_id', studentId)
      .order('date', { ascending: false })
      .order('id')
      .range(0, HISTORY_LIMIT - 1),
    listNoShowCounts(client, [studentId]),
  ]);
  const patient = unwrap(member);
  if (!patient) throw new ApiError('This student is not a member of your university');
  return {
    patient,
    healthProfile: unwrap(health)[0] ?? null,
    history: unwrap(history),
    historyTotal: history.count ?? 0,
    noShows: noShows.get(studentId) ?? 0,
  };
}
