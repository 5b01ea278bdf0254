import type { User } from '@supabase/supabase-js';
import { ApiError, API_MESSAGES, toApiError, unwrap } from '../data/apiError';
import type { HealthProfile, Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';

export type SignedOutReason = 'deactivated' | 'noMembership';

export type ProfileLoadResult =
  | { readonly status: 'signedOut'; readonly reason?: SignedOutReason }
  | {
      readonly status: 'signedIn';
      readonly user: User;
      readonly member: Member;
      readonly healthProfile: HealthProfile | null;
    };

/**
 * How long the session check may take, whatever it tries again inside (the client repeats a refused read for up to 7 s,
 * a token refresh for up to 30 s), before the shell says the server cannot be reached and offers a retry: short
 * enough that, with the page and the client loading first, a person waits 8 s at most.
 */
export const SESSION_CHECK_TIMEOUT_MS = 6000;

/** The auth service's refusal of a deactivated (banned) account. */
const BANNED_CODE = 'user_banned';

/** PostgREST's answers for a token it no longer accepts, and the request gate's for a session that ended. */
const ENDED_SESSION_CODES: ReadonlySet<string> = new Set(['PT401', 'PGRST301', 'PGRST302', 'PGRST303']);

/** Whether a request was refused because this tab's session is over (signed out elsewhere, revoked, deactivated). */
export function isEndedSession(error: unknown): boolean {
  const { code, status } = toApiError(error);
  return status === 401 || (code !== undefined && ENDED_SESSION_CODES.has(code));
}

/**
 * Why the server no longer answers for this session: a deactivated member is banned (the refresh grant says so before
 * anything else), any other failure means the session ended. A session that refreshes fine is still usable.
 */
async function endedSessionReason(client: CampusCareClient): Promise<'active' | 'deactivated' | 'ended'> {
  const { error } = await client.auth.refreshSession();
  if (!error) return 'active';
  return error.code === BANNED_CODE ? 'deactivated' : 'ended';
}

async function signOutHere(client: CampusCareClient, reason?: SignedOutReason): Promise<ProfileLoadResult> {
  // Only this browser's copy: a deactivated member's server sessions were already ended by the database.
  await client.auth.signOut({ scope: 'local' });
  return reason ? { status: 'signedOut', reason } : { status: 'signedOut' };
}

async function readOwnMember(client: CampusCareClient, userId: string): Promise<Member | null> {
  return unwrap<Member | null>(await client.from('members').select('*').eq('id', userId).maybeSingle());
}

/**
 * Reads the signed-in user's member row (and health profile for students). RLS shows a member only their own active
 * row, so a missing row or an ended session is explained by asking the auth service: a deactivated member is signed
 * out with that reason, a user without a member row as not belonging to a university.
 */
export async function loadProfile(client: CampusCareClient, user: User | null): Promise<ProfileLoadResult> {
  if (!user) return { status: 'signedOut' };

  let member: Member | null;
  try {
    member = await readOwnMember(client, user.id);
  } catch (error) {
    if (!isEndedSession(error)) throw error;
    const reason = await endedSessionReason(client);
    if (reason === 'active') member = await readOwnMember(client, user.id);
    else return signOutHere(client, reason === 'deactivated' ? 'deactivated' : undefined);
  }
  if (!member || member.status === 'deactivated') {
    const deactivated = member !== null || (await endedSessionReason(client)) === 'deactivated';
    return signOutHere(client, deactivated ? 'deactivated' : 'noMembership');
  }

  const healthProfile =
    member.role === 'student'
      ? unwrap<HealthProfile | null>(
          await client.from('health_profiles').select('*').eq('student_id', member.id).maybeSingle(),
        )
      : null;
  return { status: 'signedIn', user, member, healthProfile };
}

/** The profile of whoever this tab's session belongs to. */
export async function loadCurrentProfile(client: CampusCareClient): Promise<ProfileLoadResult> {
  const { data } = await client.auth.getSession();
  return loadProfile(client, data.session?.user ?? null);
}

/**
 * `work`, or "could not reach" once `ms` passed: a server that does not answer must not leave the page waiting. The
 * person retries, not the cache (its retries would multiply the wait).
 */
export function withinTime<Result>(work: Promise<Result>, ms: number): Promise<Result> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(API_MESSAGES.unreachable, { code: 'timeout' })), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function displayName(member: Pick<Member, 'title' | 'first_name' | 'last_name' | 'email'>): string {
  const name = [member.title, member.first_name, member.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? member.email : name;
}
