import { queryClient } from '../data/queryClient';
import { queryKeys } from '../data/queryKeys';
import { apiQuery } from '../data/useApi';
import type { CampusCareClient } from '../supabase/client';
import { loadCurrentProfile, SESSION_CHECK_TIMEOUT_MS, withinTime, type ProfileLoadResult } from './profileApi';

/** The signed-in member's profile in the query cache: screens that change it invalidate `queryKeys.profile`. */
const CURRENT_PROFILE_KEY = [...queryKeys.profile, 'current'] as const;

/** Re-checks the session now and then, so an account deactivated while signed in is told so without a reload. */
const PROFILE_RECHECK_MS = 60_000;

/**
 * Signing a deactivated member out fires a second, reason-less SIGNED_OUT: the reason the first check found stays
 * until someone signs in.
 */
async function checkSession(client: CampusCareClient): Promise<ProfileLoadResult> {
  const result = await withinTime(loadCurrentProfile(client), SESSION_CHECK_TIMEOUT_MS);
  const previous = queryClient.getQueryData<ProfileLoadResult>(CURRENT_PROFILE_KEY);
  return result.status === 'signedOut' && !result.reason && previous?.status === 'signedOut' ? previous : result;
}

/** Whose this tab's session is, checked within its deadline. */
export const currentProfileQuery = () =>
  apiQuery({ key: CURRENT_PROFILE_KEY, load: checkSession, refetchInterval: PROFILE_RECHECK_MS });
