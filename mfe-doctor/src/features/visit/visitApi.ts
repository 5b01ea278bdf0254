import {
  ApiError,
  type CampusCareClient,
  type Diagnosis,
  type Icd10Code,
  type Prescription,
  type TablesInsert,
  unwrap,
  type Visit,
  type VisitAddendum,
  type VitalSigns,
} from '@campuscare/shared';
import type { OverviewAppointment } from '@campuscare/shared/appointments';
import type { OpenedVisit } from '@campuscare/shared/clinical';

/**
 * The visit page's reads and writes. The visit is read once per opening through `open_visit`, which records the read
 * for the student's "Who viewed my health record"; the doctor then writes their own draft straight into the tables
 * (RLS lets only the visit's doctor write a draft, and the database freezes it once signed). Signing, letters and
 * addenda go through their functions.
 */
export async function openVisit(client: CampusCareClient, visitId: string): Promise<OpenedVisit> {
  const opened = unwrap(await client.rpc('open_visit', { visit_id: visitId }));
  return opened as unknown as OpenedVisit;
}

export type NoteColumns = Pick<
  Visit,
  'chief_complaint' | 'subjective' | 'objective' | 'assessment' | 'plan' | 'follow_up'
>;

export async function saveNote(
  client: CampusCareClient,
  input: { readonly visitId: string; readonly note: NoteColumns },
): Promise<Visit> {
  const result = await client.from('visits').update(input.note).eq('id', input.visitId).select().maybeSingle();
  const saved = unwrap(result);
  if (!saved)
    throw new ApiError(
      'The note could not be saved: this visit is no longer a draft of yours. Reload the page to see it.',
    );
  return saved;
}

export type VitalsColumns = Omit<
  TablesInsert<'vital_signs'>,
  'id' | 'visit_id' | 'university_id' | 'student_id' | 'recorded_at' | 'bmi'
>;

export async function recordVitals(
  client: CampusCareClient,
  input: { readonly visitId: string; readonly vitals: VitalsColumns },
): Promise<VitalSigns> {
  const result = await client
    .from('vital_signs')
    .insert({ visit_id: input.visitId, ...input.vitals })
    .select()
    .single();
  return unwrap(result);
}

/** A delete RLS did not allow removes nothing and says nothing: it is told apart by the rows it returns. */
async function removeRow(
  client: CampusCareClient,
  table: 'vital_signs' | 'diagnoses' | 'prescriptions',
  id: string,
): Promise<void> {
  const removed = unwrap(await client.from(table).delete().eq('id', id).select('id'));
  if (removed.length === 0)
    throw new ApiError(
      'That could not be removed: the visit is no longer a draft of yours. Reload the page to see it.',
    );
}

export function removeVitals(client: CampusCareClient, id: string): Promise<void> {
  return removeRow(client, 'vital_signs', id);
}

/** The diagnosis picker's list: codes starting with the term, then titles containing it. */
export async function searchIcd10Codes(client: CampusCareClient, term: string): Promise<readonly Icd10Code[]> {
  return unwrap(await client.rpc('search_icd10_codes', { term, max_results: 15 }));
}

interface DiagnosisInput {
  readonly visitId: string;
  readonly description: string;
  readonly icd10Code: string | null;
}

export async function addDiagnosis(client: CampusCareClient, input: DiagnosisInput): Promise<Diagnosis> {
  const result = await client
    .from('diagnoses')
    .insert({ visit_id: input.visitId, description: input.description, icd10_code: input.icd10Code })
    .select()
    .single();
  return unwrap(result);
}

export function removeDiagnosis(client: CampusCareClient, id: string): Promise<void> {
  return removeRow(client, 'diagnoses', id);
}

export type PrescriptionColumns = Pick<
  TablesInsert<'prescriptions'>,
  | 'drug'
  | 'strength'
  | 'dose'
  | 'route'
  | 'frequency'
  | 'duration'
  | 'quantity'
  | 'instructions'
  | 'allergy_acknowledgement'
>;

export async function addPrescription(
  client: CampusCareClient,
  input: { readonly visitId: string; readonly prescription: PrescriptionColumns },
): Promise<Prescription> {
  const result = await client
    .from('prescriptions')
    .insert({ visit_id: input.visitId, ...input.prescription })
    .select()
    .single();
  return unwrap(result);
}

export function removePrescription(client: CampusCareClient, id: string): Promise<void> {
  return removeRow(client, 'prescriptions', id);
}

/** Signs the draft: final. The database checks the note is complete, completes the appointment and tells the student. */
export async function signVisit(client: CampusCareClient, visitId: string): Promise<Visit> {
  return unwrap(await client.rpc('sign_visit', { visit_id: visitId }));
}

export async function addAddendum(
  client: CampusCareClient,
  input: { readonly visitId: string; readonly text: string },
): Promise<VisitAddendum> {
  return unwrap(await client.rpc('add_visit_addendum', { visit_id: input.visitId, text: input.text }));
}

export interface FollowUpRequest {
  readonly visitId: string;
  /** ISO start of one of the doctor's free slots. */
  readonly date: string;
  readonly durationMinutes: number;
}

/**
 * Books the student's follow-up with the visit's doctor at one of the doctor's free times (from a draft or a signed
 * visit); the database takes only times available_slots offers that doctor, and says so otherwise.
 */
export async function bookFollowUp(client: CampusCareClient, request: FollowUpRequest): Promise<void> {
  unwrap(
    await client.rpc('book_follow_up', {
      visit_id: request.visitId,
      date: request.date,
      duration_minutes: request.durationMinutes,
    }),
  );
}

const UPCOMING_COLUMNS = '*, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';

/** The student's coming visits (a follow-up booked from this visit among them), soonest first. */
export async function listUpcomingVisits(
  client: CampusCareClient,
  input: { readonly studentId: string; readonly from: string },
): Promise<readonly OverviewAppointment[]> {
  return unwrap(
    await client
      .from('appointments')
      .select(UPCOMING_COLUMNS)
      .eq('student_id', input.studentId)
      .eq('status', 'scheduled')
      .gte('date', input.from)
      .order('date')
      .order('id')
      .limit(5),
  );
}
