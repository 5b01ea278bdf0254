import { ApiError, type CampusCareClient, unwrap } from '@campuscare/shared';
import { updateAppointment } from '@campuscare/shared/appointments';

/** Said when an appointment was started but its visit cannot be found (removed meanwhile, or another doctor's). */
export const VISIT_NOT_FOUND = 'We could not find the visit of this appointment. Reload the page and try again.';

/**
 * The visit of an appointment that was started. The doctor reads it directly: the `visits` table shows a doctor the
 * drafts they are writing (RLS), which is what a started appointment of theirs has.
 */
export async function visitIdOfAppointment(client: CampusCareClient, appointmentId: string): Promise<string> {
  const result = await client.from('visits').select('id').eq('appointment_id', appointmentId).maybeSingle();
  const visit = unwrap(result);
  if (!visit) throw new ApiError(VISIT_NOT_FOUND);
  return visit.id;
}

/** Starts a booked appointment (status → ongoing, which makes the database open its visit as a draft); the visit's id. */
export async function startAppointmentVisit(client: CampusCareClient, appointmentId: string): Promise<string> {
  await updateAppointment(client, { id: appointmentId, status: 'ongoing' });
  return visitIdOfAppointment(client, appointmentId);
}

export interface WalkInRequest {
  readonly studentId: string;
  /** One of the clinic's reasons, or the complaint in the student's words (the database stores it as "Other: …"). */
  readonly reason: string;
}

/** A walk-in: an appointment for now, with the caller as its doctor, already ongoing; the id of its draft visit. */
export async function startWalkInVisit(client: CampusCareClient, request: WalkInRequest): Promise<string> {
  const visit = unwrap(
    await client.rpc('start_walk_in_visit', { student_id: request.studentId, reason: request.reason }),
  );
  return visit.id;
}
