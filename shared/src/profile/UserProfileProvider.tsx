import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { HealthProfile, Member } from '../database.types';
import { getSupabase, hasStoredSession, onSupabaseReady, type CampusCareClient } from '../supabase/client';
import { loadProfile, type SignedOutReason } from './profileApi';

export type ProfileState =
  /** Nobody asked for the session yet and none is stored: the Supabase client has not been loaded. */
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut'; readonly reason?: SignedOutReason }
  | { readonly status: 'signedIn'; readonly user: User; readonly member: Member; readonly healthProfile: HealthProfile | null }
  | { readonly status: 'error'; readonly message: string };

export interface ProfileActions {
  /** Loads the Supabase client and session if that has not happened yet. Guards call it. */
  readonly ensureLoaded: () => void;
  /** Re-reads the member row and health profile, e.g. after the user edited them. */
  readonly refresh: () => Promise<void>;
}

export type UserProfile = ProfileState & ProfileActions;

const UserProfileContext = createContext<UserProfile | null>(null);

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function UserProfileProvider({ children }: { readonly children: ReactNode }) {
  const [state, setState] = useState<ProfileState>(() => (hasStoredSession() ? { status: 'loading' } : { status: 'idle' }));
  const clientRef = useRef<CampusCareClient | null>(null);
  const latestLoad = useRef(0);
  const loadedUserId = useRef<string | null>(null);

  const loadFor = useCallback(async (client: CampusCareClient, user: User | null) => {
    const loadNumber = ++latestLoad.current;
    if ((user?.id ?? null) !== loadedUserId.current) setState({ status: 'loading' });
    try {
      const result = await loadProfile(client, user);
      if (loadNumber !== latestLoad.current) return;
      loadedUserId.current = result.status === 'signedIn' ? result.user.id : null;
      // Signing a deactivated member out fires a second, reason-less SIGNED_OUT: keep the first reason.
      setState((current) => (result.status === 'signedOut' && current.status === 'signedOut' ? current : result));
    } catch (error) {
      if (loadNumber === latestLoad.current) setState({ status: 'error', message: errorMessage(error) });
    }
  }, []);

  useEffect(() => {
    let unsubscribeAuth: (() => void) | undefined;
    const stopWaiting = onSupabaseReady((client) => {
      clientRef.current = client;
      const { data } = client.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
        if (event === 'TOKEN_REFRESHED') return;
        // Supabase must not be called from inside its own auth callback (it holds the auth lock).
        setTimeout(() => void loadFor(client, session?.user ?? null), 0);
      });
      unsubscribeAuth = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession()) {
      getSupabase().catch((error: unknown) => setState({ status: 'error', message: errorMessage(error) }));
    }
    return () => {
      stopWaiting();
      unsubscribeAuth?.();
    };
  }, [loadFor]);

  const ensureLoaded = useCallback(() => {
    if (clientRef.current) return;
    setState((current) => (current.status === 'idle' || current.status === 'error' ? { status: 'loading' } : current));
    getSupabase().catch((error: unknown) => setState({ status: 'error', message: errorMessage(error) }));
  }, []);

  const refresh = useCallback(async () => {
    const client = await getSupabase();
    const { data } = await client.auth.getSession();
    await loadFor(client, data.session?.user ?? null);
  }, [loadFor]);

  const value = useMemo<UserProfile>(() => ({ ...state, ensureLoaded, refresh }), [state, ensureLoaded, refresh]);
  return <UserProfileContext.Provider value={value}>{children}</UserProfileContext.Provider>;
}

export function useUserProfile(): UserProfile {
  const profile = useContext(UserProfileContext);
  if (!profile) throw new Error('useUserProfile() needs a <UserProfileProvider> above it');
  return profile;
}
