import { type CampusCareClient, unwrap } from '@campuscare/shared';

/** What the database says about this session (public.session_status): the member's idle limit and the time left. */
export interface SessionStatus {
  readonly idleMinutes: number;
  readonly idleSecondsLeft: number;
}

interface SessionStatusRow {
  readonly idle_minutes: number;
  readonly idle_seconds_left: number;
}

function sessionStatus(row: SessionStatusRow): SessionStatus {
  return { idleMinutes: row.idle_minutes, idleSecondsLeft: row.idle_seconds_left };
}

/** Reads the limits without counting as activity (the idle timer asks before it warns or signs out). */
export async function readSessionStatus(client: CampusCareClient): Promise<SessionStatus> {
  return sessionStatus(unwrap<SessionStatusRow>(await client.rpc('session_status')));
}

/** Tells the server the person is here, so the session's idle time starts over there too. */
export async function touchSession(client: CampusCareClient): Promise<SessionStatus> {
  return sessionStatus(unwrap<SessionStatusRow>(await client.rpc('touch_session')));
}
