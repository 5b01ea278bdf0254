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
  /** A user the auth service refuses as banned (deactivated); RLS then hides their member row. */
  bannedUserId: string | null;
  /** The database does not answer (requests never settle), as when the server is down behind a proxy. */
  unresponsive: boolean;
  /**
   * Connections to the server are refused. supabase-js tries a read again after 1, 2 and 4 s before it reports the
   * network failure, so each read fails only `REFUSED_READ_MS` later.
   */
  refusing: boolean;
  members: Member[];
  /** What the auth service answers a sign-up with (the fake creates no accounts). */
  signUpError: unknown;
  universities: Array<{
    readonly id: string;
    readonly name: string;
    readonly logo_path: string | null;
    readonly join_code?: string;
  }>;
  createdClients: number;
  storageKey: string;
}

/** How long supabase-js spends on a read whose connections are refused: its three retries, 1 + 2 + 4 s apart. */
const REFUSED_READ_MS = 7000;

export const fakeBackend: FakeBackendState = {
  session: null,
  bannedUserId: null,
  unresponsive: false,
  refusing: false,
  signUpError: null,
  members: [],
  universities: [],
  createdClients: 0,
  storageKey: '',
};
const listeners = new Set<AuthListener>();

export function signInAs(member: Member): void {
  fakeBackend.members = [member, ...fakeBackend.members.filter((other) => other.id !== member.id)];
  fakeBackend.session = { access_token: `token-${member.id}`, user: { id: member.id, email: member.email } };
  if (fakeBackend.storageKey)
    window.sessionStorage.setItem(fakeBackend.storageKey, JSON.stringify(fakeBackend.session));
}

/** A member who may sign in with any password (the fake checks no passwords). */
export function registerMember(member: Member): void {
  fakeBackend.members = [...fakeBackend.members, member];
}

/** The member was deactivated while signed in: the database hides their row and the auth service refuses them. */
export function deactivateSignedInMember(): void {
  fakeBackend.bannedUserId = fakeBackend.session?.user.id ?? null;
  fakeBackend.members = [];
}

export function resetFakeBackend(): void {
  fakeBackend.session = null;
  fakeBackend.bannedUserId = null;
  fakeBackend.unresponsive = false;
  fakeBackend.refusing = false;
  fakeBackend.signUpError = null;
  fakeBackend.members = [];
  fakeBackend.universities = [];
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
      async signInWithPassword({ email }: { readonly email: string; readonly password: string }) {
        const member = fakeBackend.members.find((candidate) => candidate.email === email);
        if (!member)
          return {
            data: { user: null, session: null },
            error: {
              name: 'AuthApiError',
              code: 'invalid_credentials',
              status: 400,
              message: 'Invalid login credentials',
            },
          };
        if (fakeBackend.bannedUserId === member.id)
          return {
            data: { user: null, session: null },
            error: { name: 'AuthApiError', code: 'user_banned', status: 400, message: 'User is banned' },
          };
        signInAs(member);
        emit('SIGNED_IN');
        return { data: { user: fakeBackend.session?.user, session: fakeBackend.session }, error: null };
      },
      async signUp() {
        return { data: { user: null, session: null }, error: fakeBackend.signUpError };
      },
      async getSession() {
        return { data: { session: fakeBackend.session }, error: null };
      },
      async refreshSession() {
        if (fakeBackend.bannedUserId !== null && fakeBackend.bannedUserId === fakeBackend.session?.user.id) {
          return {
            data: { session: null },
            error: { name: 'AuthApiError', code: 'user_banned', status: 400, message: 'User is banned' },
          };
        }
        return {
          data: { session: fakeBackend.session },
          error: fakeBackend.session
            ? null
            : { name: 'AuthSessionMissingError', status: 400, message: 'Auth session missing!' },
        };
      },
      async signOut() {
        fakeBackend.session = null;
        window.sessionStorage.removeItem(fakeBackend.storageKey);
        emit('SIGNED_OUT');
        return { error: null };
      },
    },
    storage: {
      from(bucket: string) {
        return { getPublicUrl: (path: string) => ({ data: { publicUrl: `https://storage.test/${bucket}/${path}` } }) };
      },
    },
    async rpc(name: string, args: Record<string, unknown>) {
      if (name !== 'university_for_join_code')
        return { data: null, error: { code: 'PGRST202', message: `no fake for ${name}` } };
      const code = String(args.join_code).trim().toUpperCase();
      return { data: fakeBackend.universities.filter((university) => university.join_code === code), error: null };
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
          if (fakeBackend.unresponsive) return new Promise<never>(() => undefined);
          if (fakeBackend.refusing) {
            await new Promise((resolve) => setTimeout(resolve, REFUSED_READ_MS));
            return { data: null, error: { message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' } };
          }
          if (fakeBackend.bannedUserId !== null && fakeBackend.bannedUserId === fakeBackend.session?.user.id) {
            // The request gate: the deactivated member's sessions were deleted.
            return {
              data: null,
              error: {
                code: 'PT401',
                message: 'Your session has ended. Please sign in again.',
                details: null,
                hint: null,
              },
            };
          }
          const tableRows: Record<string, Array<Record<string, unknown>>> = {
            members: fakeBackend.members,
            universities: fakeBackend.universities,
          };
          const rows = (tableRows[table] ?? []).map((row) => ({ ...row }));
          const row = rows.find((candidate) => filters.every(([column, value]) => candidate[column] === value));
          return { data: row ?? null, error: null };
        },
      };
      return query;
    },
  };
}
