import { type CampusCareClient, type Tables, unwrap } from '@campuscare/shared';

export type WaitlistEntry = Tables<'waitlist_entries'>;

/** A request to hear of a time freeing up: days on the clinic's calendar, and a doctor or any ('' or absent). */
export interface WaitlistRequest {
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly fromDay: string;
  readonly toDay: string;
  readonly doctorId?: string;
}

/** The student's latest request (RLS shows a student only their own): still open, or how it ended; null if none. */
export async function loadLatestWaitlistEntry(
  client: CampusCareClient,
  studentId: string,
): Promise<WaitlistEntry | null> {
  return unwrap<WaitlistEntry | null>(
    await client
      .from('waitlist_entries')
      .select('*')
      .eq('student_id', studentId)
      .order('created_at', { ascending: false })
      .order('position', { ascending: false })
      .limit(1)
      .maybeSingle(),
  );
}

/** Asks through `join_waitlist`, which checks the days and the doctor and replaces any open request. */
export async function joinWaitlist(client: CampusCareClient, request: WaitlistRequest): Promise<WaitlistEntry> {
  return unwrap(
    await client.rpc('join_waitlist', {
      from_day: request.fromDay,
      to_day: request.toDay,
      doctor_id: request.doctorId,
    }),
  );
}

/** Ends the open request through `leave_waitlist`. */
export async function leaveWaitlist(client: CampusCareClient): Promise<void> {
  unwrap(await client.rpc('leave_waitlist'));
}
