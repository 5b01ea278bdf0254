import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthChangeEvent, User } from '@supabase/supabase-js';
import type { HealthProfile, Member } from '../database.types';
import { queryClient } from '../data/queryClient';
import { queryKeys } from '../data/queryKeys';
import { useApiQuery } from '../data/useApi';
import { hasStoredSession, onSupabaseReady } from '../supabase/client';
import { isEndedSession, type ProfileLoadResult, type SignedOutReason } from './profileApi';
import { currentProfileQuery } from './profileQueries';

export type ProfileState =
  /** Nobody asked for the session yet and none is stored: the Supabase client has not been loaded. */
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut'; readonly reason?: SignedOutReason }
  | {
      readonly status: 'signedIn';
      readonly user: User;
      readonly member: Member;
      readonly healthProfile: HealthProfile | null;
    }
  | { readonly status: 'error'; readonly message: string };

interface ProfileActions {
  /** Loads the Supabase client and session if that has not happened yet, or tries again after a failed check. */
  readonly ensureLoaded: () => void;
  /** Re-reads the member row and health profile, e.g. after the user edited them. */
  readonly refresh: () => Promise<void>;
}

export type UserProfile = ProfileState & ProfileActions;

const CURRENT_PROFILE_KEY = currentProfileQuery().queryKey;

// A check has one deadline (SESSION_CHECK_TIMEOUT_MS), and a failed one is tried again by the person (Try again), not
// by the cache: each of its retries would start the deadline over and triple the wait.
queryClient.setQueryDefaults(CURRENT_PROFILE_KEY, { retry: false });

/** Auth events after which the session may belong to someone else, or to nobody. */
const SESSION_CHANGES: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'SIGNED_IN',
  'SIGNED_OUT',
  'USER_UPDATED',
]);

const UserProfileContext = createContext<UserProfile | null>(null);

function isProfileQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === queryKeys.profile[0];
}

/**
 * Cached answers belong to the session that loaded them: when it ends or another begins they are dropped, so the next
 * account never sees them. Only those no screen shows: the page still on screen while the app leaves it must not
 * reload without a session.
 */
function forgetOtherSessionsData(): void {
  queryClient.removeQueries({ type: 'inactive', predicate: (query) => !isProfileQuery(query.queryKey) });
}

export function UserProfileProvider({ children }: { readonly children: ReactNode }) {
  const [requested, setRequested] = useState(hasStoredSession);
  const query = useApiQuery(currentProfileQuery(), { enabled: requested });
  const { refetch } = query;

  useEffect(() => {
    let unsubscribeAuth: (() => void) | undefined;
    const stopWaiting = onSupabaseReady((client) => {
      const { data } = client.auth.onAuthStateChange((event) => {
        if (!SESSION_CHANGES.has(event)) return;
        if (event !== 'USER_UPDATED') forgetOtherSessionsData();
        // Supabase must not be called from inside its own auth callback (it holds the auth lock). A check already in
        // flight stands for this one, on purpose: supabase-js also announces a sign-in when it restores the stored
        // session at start, which that check already uses, and asking again would double the wait when the API
        // cannot be reached (12.1 s against the 8 s e2e/routes.e2e.ts allows).
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: CURRENT_PROFILE_KEY }), 0);
      });
      unsubscribeAuth = () => data.subscription.unsubscribe();
    });
    // A request refused because the session ended (revoked, deactivated) re-checks the session, which says why.
    const recheckIfEnded = (error: unknown) => {
      if (isEndedSession(error)) void queryClient.invalidateQueries({ queryKey: CURRENT_PROFILE_KEY });
    };
    const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && !isProfileQuery(event.query.queryKey))
        recheckIfEnded(event.action.error);
    });
    const stopWatchingChanges = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheckIfEnded(event.action.error);
    });
    return () => {
      stopWaiting();
      stopWatchingQueries();
      stopWatchingChanges();
      unsubscribeAuth?.();
    };
  }, []);

  const ensureLoaded = useCallback(() => {
    setRequested(true);
    if (queryClient.getQueryState(CURRENT_PROFILE_KEY)?.status === 'error') void refetch();
  }, [refetch]);

  const refresh = useCallback(async () => {
    setRequested(true);
    // A check started before a sign-in would answer for the old session: start over.
    await queryClient.cancelQueries({ queryKey: CURRENT_PROFILE_KEY });
    await queryClient.fetchQuery({ ...currentProfileQuery(), staleTime: 0 });
  }, []);

  const { data, isFetching } = query;
  const errorMessage = isFetching ? undefined : query.error?.message;
  const value = useMemo<UserProfile>(
    () => ({ ...profileState(requested, data, errorMessage), ensureLoaded, refresh }),
    [requested, data, errorMessage, ensureLoaded, refresh],
  );
  return <UserProfileContext.Provider value={value}>{children}</UserProfileContext.Provider>;
}

/**
 * What the profile query means to the app. A failed re-check keeps the profile it had (a passing network failure
 * must not sign anyone out); a check being tried again shows as loading.
 */
function profileState(
  requested: boolean,
  data: ProfileLoadResult | undefined,
  errorMessage: string | undefined,
): ProfileState {
  if (data) return data;
  if (errorMessage !== undefined) return { status: 'error', message: errorMessage };
  return requested ? { status: 'loading' } : { status: 'idle' };
}

export function useUserProfile(): UserProfile {
  const profile = useContext(UserProfileContext);
  if (!profile) throw new Error('useUserProfile() needs a <UserProfileProvider> above it');
  return profile;
}
