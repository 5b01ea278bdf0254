import { ApiError, type CampusCareClient, type DoctorHours, type DoctorTimeOff, unwrap } from '@campuscare/shared';
import { closedWeekdays, openDayRows, type WeeklyHours } from './weeklyHours';

/** The doctor whose availability is edited: the doctor themselves, or any doctor of an admin's university. */
export interface DoctorRef {
  readonly id: string;
}

export interface DoctorAvailability {
  /** The doctor's own weekly hours; none means they work whenever the clinic is open. */
  readonly hours: readonly DoctorHours[];
  /** Time off that has not ended yet, earliest first. */
  readonly timeOff: readonly DoctorTimeOff[];
}

export async function loadDoctorAvailability(client: CampusCareClient, doctorId: string): Promise<DoctorAvailability> {
  const [hours, timeOff] = await Promise.all([
    client.from('doctor_hours').select('*').eq('doctor_id', doctorId).order('weekday'),
    client
      .from('doctor_time_off')
      .select('*')
      .eq('doctor_id', doctorId)
      .gt('ends_at', new Date().toISOString())
      .order('starts_at'),
  ]);
  return { hours: unwrap(hours), timeOff: unwrap(timeOff) };
}

/**
 * Replaces the doctor's weekly hours with the open days of `week`. The open days are written first, in one request
 * the database validates as a whole (each within the clinic's hours), so a refusal changes nothing; the days turned
 * off are removed after. A week with no open day is refused here: stored as no rows, it would mean "whenever the
 * clinic is open".
 */
export async function saveDoctorHours(
  client: CampusCareClient,
  input: { readonly doctor: DoctorRef; readonly week: WeeklyHours },
): Promise<void> {
  const rows = openDayRows(input.week);
  if (rows.length === 0) throw new ApiError('Choose at least one working day, or work whenever the clinic is open');
  unwrap(
    await client.from('doctor_hours').upsert(
      rows.map((row) => ({ doctor_id: input.doctor.id, ...row })),
      { onConflict: 'doctor_id,weekday' },
    ),
  );
  const daysOff = closedWeekdays(input.week);
  if (daysOff.length === 0) return;
  unwrap(await client.from('doctor_hours').delete().eq('doctor_id', input.doctor.id).in('weekday', daysOff));
}

/** Removes the doctor's own hours: from then on they work whenever the clinic is open. */
export async function clearDoctorHours(client: CampusCareClient, doctorId: string): Promise<void> {
  unwrap(await client.from('doctor_hours').delete().eq('doctor_id', doctorId));
}

interface TimeOffInput {
  readonly doctor: DoctorRef;
  /** ISO moments. */
  readonly startsAt: string;
  readonly endsAt: string;
  readonly reason: string;
}

export async function addTimeOff(client: CampusCareClient, input: TimeOffInput): Promise<void> {
  const reason = input.reason.trim();
  unwrap(
    await client.from('doctor_time_off').insert({
      doctor_id: input.doctor.id,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      reason: reason === '' ? null : reason,
    }),
  );
}

export async function removeTimeOff(client: CampusCareClient, timeOffId: string): Promise<void> {
  const removed = unwrap(await client.from('doctor_time_off').delete().eq('id', timeOffId).select('id'));
  // Row-level security hides a row the caller may not delete: the delete then matches nothing.
  if (removed.length === 0) throw new ApiError('That time off was already removed, or you cannot change it');
}
