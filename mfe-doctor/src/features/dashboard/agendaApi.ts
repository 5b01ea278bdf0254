import { type Appointment, type CampusCareClient, unwrap } from '@campuscare/shared';

export type AgendaAppointment = Pick<
  Appointment,
  'id' | 'student_id' | 'date' | 'duration_minutes' | 'name' | 'reason' | 'status'
>;

interface AgendaQuery {
  readonly providerId: string;
  /** ISO moments: visits starting at `from` or later and before `to`. */
  readonly from: string;
  readonly to: string;
}

/** The doctor's visits in a range, earliest first: one bounded read on the (provider_id, date) index, never the whole list. */
export async function listAgenda(client: CampusCareClient, query: AgendaQuery): Promise<readonly AgendaAppointment[]> {
  return unwrap(
    await client
      .from('appointments')
      .select('id, student_id, date, duration_minutes, name, reason, status')
      .eq('provider_id', query.providerId)
      .gte('date', query.from)
      .lt('date', query.to)
      .order('date')
      .order('id'),
  );
}
