import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { loadRuntimeConfig } from '../config/runtimeConfig';
import { createTabSession, openSessionChannel } from './tabSession';

export type CampusCareClient = SupabaseClient<Database>;

/** sessionStorage key under which the one client keeps the auth session (a tab-scoped session). */
export const SESSION_STORAGE_KEY = 'campuscare.auth.session';

type ClientListener = (client: CampusCareClient) => void;

let clientRequest: Promise<CampusCareClient> | null = null;
let readyClient: CampusCareClient | null = null;
const listeners = new Set<ClientListener>();

async function createCampusCareClient(): Promise<CampusCareClient> {
  // supabase-js is loaded on first use so public pages (the landing page) do not pay for it.
  const tabSession = createTabSession({
    storage: window.sessionStorage,
    key: SESSION_STORAGE_KEY,
    channel: openSessionChannel(),
  });
  const [{ createClient }, config] = await Promise.all([
    import('@supabase/supabase-js'),
    loadRuntimeConfig(),
    // A link opened in a new tab stays signed in: the client must find the adopted session when it starts.
    tabSession.adoptFromOtherTabs(),
  ]);
  const client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storage: tabSession.storage,
      storageKey: SESSION_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
    },
  });
  // The stored session is already gone, so this only drops the one in memory and tells the app (SIGNED_OUT).
  tabSession.onSignedOutElsewhere(() => void client.auth.signOut({ scope: 'local' }));
  return client;
}

/** The app's single Supabase client, created on first call. */
export function getSupabase(): Promise<CampusCareClient> {
  if (!clientRequest) {
    clientRequest = createCampusCareClient().then(
      (client) => {
        readyClient = client;
        listeners.forEach((listener) => listener(client));
        return client;
      },
      (error: unknown) => {
        clientRequest = null;
        throw error;
      },
    );
  }
  return clientRequest;
}

/** Calls `listener` once the client exists (at once if it already does); returns an unsubscribe function. */
export function onSupabaseReady(listener: ClientListener): () => void {
  if (readyClient) {
    listener(readyClient);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasStoredSession(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

// Read when the app starts, before the client can refresh an expired session and drop it from storage.
const storedAtStart = typeof window === 'undefined' ? false : hasStoredSession();

/**
 * Whether this tab held a session when the app started or holds one now: a session that has gone since (expired,
 * revoked) is then said to have ended, whichever came first — the client dropping it or a page asking.
 */
export function hadSessionInThisTab(): boolean {
  return storedAtStart || hasStoredSession();
}
