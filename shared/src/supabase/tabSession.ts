/**
 * One session for the tabs of a browser window group. The session stays in each tab's sessionStorage (never in
 * localStorage, which outlives the browser); tabs keep each other's copy current over a BroadcastChannel, which only
 * same-origin pages can join:
 * - a tab opened without a session asks the others for theirs and adopts the first answer;
 * - a tab that stores a new session (sign-in, token refresh) tells the others, so no tab reuses a rotated refresh
 *   token (the server ends a session whose old refresh token comes back);
 * - a tab takes another's session only when it is newer: a stale tab (one that slept through a refresh) that tells
 *   the others its older session is told the current one instead, rather than handing every tab its rotated token;
 * - a tab whose session goes (sign-out, ended session) tells the others, and they sign out too.
 */

const SESSION_CHANNEL_NAME = 'campuscare-session';

/** How long a new tab waits for another tab's session before it carries on signed out. */
const ASK_OTHER_TABS_MS = 300;

type TabMessage =
  { readonly kind: 'ask' } | { readonly kind: 'session'; readonly value: string } | { readonly kind: 'signedOut' };

/** The part of BroadcastChannel the sync uses, so tests can hand in their own. */
export interface SessionChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

/** The storage adapter supabase-js takes (`auth.storage`). */
interface SessionStorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface TabSession {
  /** Give this to supabase-js: it keeps the session in `storage` and tells the other tabs of changes. */
  readonly storage: SessionStorageAdapter;
  /** When this tab has no session, asks the other tabs for theirs; resolves to whether one was adopted. */
  adoptFromOtherTabs(timeoutMs?: number): Promise<boolean>;
  /** Called when another tab signed out (this tab's stored session is already gone): let the client forget it too. */
  onSignedOutElsewhere(listener: () => void): void;
}

function isTabMessage(data: unknown): data is TabMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, value } = data as { kind?: unknown; value?: unknown };
  return kind === 'ask' || kind === 'signedOut' || (kind === 'session' && typeof value === 'string');
}

/** What a stored session (supabase-js's JSON) tells about its age and owner; fields it lacks stay undefined. */
interface SessionStamp {
  readonly userId?: string;
  readonly refreshToken?: string;
  /** When its access token expires, in seconds: a later one was issued later. */
  readonly expiresAt?: number;
}

function stampOf(value: string): SessionStamp {
  try {
    const parsed = JSON.parse(value) as {
      user?: { id?: unknown };
      refresh_token?: unknown;
      expires_at?: unknown;
    } | null;
    const userId = parsed?.user?.id;
    const refreshToken = parsed?.refresh_token;
    const expiresAt = parsed?.expires_at;
    return {
      userId: typeof userId === 'string' ? userId : undefined,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : undefined,
      expiresAt: typeof expiresAt === 'number' ? expiresAt : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * Whether `candidate` may replace `current`: it was issued later, or it carries the same refresh token (only the user's
 * details differ). An older session never replaces a newer one, as its refresh token has been rotated.
 */
function supersedes(candidate: SessionStamp, current: SessionStamp): boolean {
  if (candidate.refreshToken !== undefined && candidate.refreshToken === current.refreshToken) return true;
  return (
    candidate.expiresAt !== undefined && current.expiresAt !== undefined && candidate.expiresAt > current.expiresAt
  );
}

/** The browser's channel, or null where there is none (old browsers, some test environments): each tab then stands alone. */
export function openSessionChannel(): SessionChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null;
}

export function createTabSession({
  storage,
  key,
  channel,
}: {
  readonly storage: Storage;
  readonly key: string;
  readonly channel: SessionChannel | null;
}): TabSession {
  let signedOutElsewhere: () => void = () => undefined;
  let adopt: ((value: string) => void) | null = null;
  const post = (message: TabMessage) => channel?.postMessage(message);

  channel?.addEventListener('message', (event) => {
    const message = event.data;
    if (!isTabMessage(message)) return;
    const stored = storage.getItem(key);
    switch (message.kind) {
      case 'ask':
        if (stored !== null) post({ kind: 'session', value: stored });
        return;
      case 'session': {
        if (adopt) {
          adopt(message.value);
          return;
        }
        if (stored === null || stored === message.value) return;
        const own = stampOf(stored);
        const theirs = stampOf(message.value);
        if (supersedes(theirs, own)) {
          // Written past the adapter, so it is not echoed back. A newer session of someone else means this one has ended.
          if (theirs.userId === own.userId) {
            storage.setItem(key, message.value);
          } else {
            storage.removeItem(key);
            signedOutElsewhere();
          }
        } else if (supersedes(own, theirs)) {
          // The sender is behind: it gets the current session before it refreshes with a rotated token.
          post({ kind: 'session', value: stored });
        }
        return;
      }
      case 'signedOut':
        if (stored === null) return;
        storage.removeItem(key);
        signedOutElsewhere();
    }
  });

  return {
    storage: {
      getItem: (name) => storage.getItem(name),
      setItem: (name, value) => {
        storage.setItem(name, value);
        if (name === key) post({ kind: 'session', value });
      },
      removeItem: (name) => {
        // Only a session that was here is news: removing an absent one must not echo a sign-out between tabs.
        const had = storage.getItem(name) !== null;
        storage.removeItem(name);
        if (name === key && had) post({ kind: 'signedOut' });
      },
    },
    adoptFromOtherTabs(timeoutMs = ASK_OTHER_TABS_MS) {
      if (!channel || storage.getItem(key) !== null) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const finish = (value: string | null) => {
          clearTimeout(timer);
          adopt = null;
          if (value !== null) storage.setItem(key, value);
          resolve(value !== null);
        };
        const timer = setTimeout(() => finish(null), timeoutMs);
        adopt = finish;
        post({ kind: 'ask' });
      });
    },
    onSignedOutElsewhere(listener) {
      signedOutElsewhere = listener;
    },
  };
}
