import type { User } from '@supabase/supabase-js';
import { memberFixture } from '../../../test/web/fixtures';
import { API_MESSAGES } from '../data/apiError';
import type { Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { isEndedSession, loadProfile, withinTime } from './profileApi';

const user = { id: 'doctor-id' } as User;

/** A client whose member read answers `memberAnswer` and whose refresh grant answers `refreshError`. */
function stubClient(memberAnswer: { data: Member | null; error: unknown }, refreshError: unknown = null) {
  const signOutScopes: string[] = [];
  const query = { select: () => query, eq: () => query, maybeSingle: async () => memberAnswer };
  const client = {
    from: () => query,
    auth: {
      refreshSession: async () => ({ data: { session: null }, error: refreshError }),
      signOut: async ({ scope }: { scope: string }) => {
        signOutScopes.push(scope);
        return { error: null };
      },
    },
  };
  return { client: client as unknown as CampusCareClient, signOutScopes };
}

const banned = { name: 'AuthApiError', code: 'user_banned', status: 400, message: 'User is banned' };
const endedSession = {
  code: 'PT401',
  message: 'Your session has ended. Please sign in again.',
  details: null,
  hint: null,
};

describe('loadProfile', () => {
  it('signs a member deactivated while signed in out, saying why', async () => {
    const { client, signOutScopes } = stubClient({ data: null, error: endedSession }, banned);
    expect(await loadProfile(client, user)).toEqual({ status: 'signedOut', reason: 'deactivated' });
    expect(signOutScopes).toEqual(['local']);
  });

  it('tells a hidden (deactivated) member row from an account without a university', async () => {
    expect(await loadProfile(stubClient({ data: null, error: null }, banned).client, user)).toEqual({
      status: 'signedOut',
      reason: 'deactivated',
    });
    expect(await loadProfile(stubClient({ data: null, error: null }).client, user)).toEqual({
      status: 'signedOut',
      reason: 'noMembership',
    });
  });

  it('signs out without a reason when the session simply ended', async () => {
    const { client } = stubClient(
      { data: null, error: endedSession },
      { name: 'AuthApiError', code: 'refresh_token_not_found', status: 400, message: 'Invalid Refresh Token' },
    );
    expect(await loadProfile(client, user)).toEqual({ status: 'signedOut' });
  });

  it('loads an active member', async () => {
    const doctor = memberFixture('doctor');
    expect(await loadProfile(stubClient({ data: doctor, error: null }).client, user)).toEqual({
      status: 'signedIn',
      user,
      member: doctor,
      healthProfile: null,
    });
  });
});

describe('session checks', () => {
  it('knows the refusals of an ended session', () => {
    expect(isEndedSession(endedSession)).toBe(true);
    expect(isEndedSession({ code: 'PGRST301', message: 'JWT expired' })).toBe(true);
    expect(isEndedSession({ code: '42501', message: 'permission denied' })).toBe(false);
  });

  it('gives up on a server that does not answer, with a message for people', async () => {
    jest.useFakeTimers();
    const check = withinTime(new Promise<never>(() => undefined), 8000);
    jest.advanceTimersByTime(8000);
    await expect(check).rejects.toThrow(API_MESSAGES.unreachable);
    jest.useRealTimers();
  });
});
