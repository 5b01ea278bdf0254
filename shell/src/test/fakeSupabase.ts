import type { Member } from '@campuscare/shared';

/**
 * Stands in for @supabase/supabase-js in jsdom tests: the real shared client and profile provider run
 * against it, and tests decide who is signed in through `fakeBackend`.
 */
type AuthListener = (event: string, session: FakeSession | null) => void;

interface FakeSession {
  readonly access_token: string;
  readonly user: { readonly id: string; readonly email: string };
}

interface FakeBackendState {
  session: FakeSession | null;
  members: Member[];
  createdClients: number;
  storageKey: string;
}

export const fakeBackend: FakeBackendState = { session: null, members: [], createdClients: 0, storageKey: '' };
const listeners = new Set<AuthListener>();

export function signInAs(member: Member): void {
  fakeBackend.members = [member];
  fakeBackend.session = { access_token: `token-${member.id}`, user: { id: member.id, email: member.email } };
  if (fakeBackend.storageKey) window.sessionStorage.setItem(fakeBackend.storageKey, JSON.stringify(fakeBackend.session));
}

export function resetFakeBackend(): void {
  fakeBackend.session = null;
  fakeBackend.members = [];
  window.sessionStorage.clear();
}

function emit(event: string): void {
  listeners.forEach((listener) => listener(event, fakeBackend.session));
}

interface CreateClientOptions {
  readonly auth: { readonly storageKey: string };
}

export function createClient(_url: string, _key: string, options: CreateClientOptions) {
  fakeBackend.createdClients += 1;
  fakeBackend.storageKey = options.auth.storageKey;
  return {
    auth: {
      onAuthStateChange(listener: AuthListener) {
        listeners.add(listener);
        queueMicrotask(() => listener('INITIAL_SESSION', fakeBackend.session));
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
      async getSession() {
        return { data: { session: fakeBackend.session }, error: null };
      },
      async signOut() {
        fakeBackend.session = null;
        window.sessionStorage.removeItem(fakeBackend.storageKey);
        emit('SIGNED_OUT');
        return { error: null };
      },
    },
    from(table: string) {
      const filters: Array<[string, unknown]> = [];
      const query = {
        select: () => query,
        eq(column: string, value: unknown) {
          filters.push([column, value]);
          return query;
        },
        async maybeSingle() {
          const rows: Array<Record<string, unknown>> = table === 'members' ? fakeBackend.members.map((member) => ({ ...member })) : [];
          const row = rows.find((candidate) => filters.every(([column, value]) => candidate[column] === value));
          return { data: row ?? null, error: null };
        },
      };
      return query;
    },
  };
}
