import { memberFixture } from '../../../test/web/fixtures';
import type { Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { SESSION_STORAGE_KEY } from '../supabase/client';
import { AUTH_MESSAGES, authErrorMessage } from './authErrors';
import { ApiError } from '../data/apiError';
import {
  destinationAfterSignIn,
  requestedPageFor,
  roleRefusal,
  SignInRefusal,
  signInWithRole,
  signOut,
  type SignInPortal,
} from './session';
import { signInNoticeFor, signInNoticeMessage, signInRequestedPage } from './signInNotice';

function member(overrides: Partial<Member>): Member {
  return memberFixture(overrides.role ?? 'student', overrides);
}

interface StubOptions {
  readonly signInError?: { message: string; code?: string; status?: number; name?: string };
  readonly member?: Member | null;
  readonly hasHealthProfile?: boolean;
  readonly signOutError?: { message: string };
}

/** The few client calls sign-in and sign-out make, recorded so tests can check no session is left behind. */
function stubClient(options: StubOptions) {
  const calls = { signOutScopes: [] as Array<string | undefined>, signedIn: false };
  const client = {
    auth: {
      async signInWithPassword() {
        if (options.signInError) return { data: { user: null, session: null }, error: options.signInError };
        calls.signedIn = true;
        return { data: { user: { id: 'user-1' }, session: {} }, error: null };
      },
      async signOut({ scope }: { scope?: string } = {}) {
        calls.signOutScopes.push(scope);
        calls.signedIn = false;
        return { error: options.signOutError ?? null };
      },
    },
    from(table: string) {
      const query = {
        select: () => query,
        eq: () => query,
        async maybeSingle() {
          if (table === 'members') return { data: options.member ?? null, error: null };
          return { data: options.hasHealthProfile ? { student_id: 'user-1' } : null, error: null };
        },
      };
      return query;
    },
  };
  return { client: client as unknown as CampusCareClient, calls };
}

const credentials = { email: ' ada@northfield.edu ', password: 'CampusCare2026' };

describe('authErrorMessage', () => {
  it.each([
    [
      { message: 'Invalid login credentials', code: 'invalid_credentials', status: 400 },
      AUTH_MESSAGES.invalidCredentials,
    ],
    [
      {
        message: 'Current password required when setting new password.',
        code: 'current_password_invalid',
        status: 400,
      },
      AUTH_MESSAGES.currentPasswordIncorrect,
    ],
    [
      {
        message: 'Current password required when setting new password.',
        code: 'current_password_required',
        status: 400,
      },
      AUTH_MESSAGES.currentPasswordRequired,
    ],
    [{ message: 'User is banned', code: 'user_banned', status: 400 }, AUTH_MESSAGES.deactivated],
    [{ message: 'Email not confirmed', code: 'email_not_confirmed', status: 400 }, AUTH_MESSAGES.emailNotConfirmed],
    [{ message: 'User already registered', code: 'user_already_exists', status: 422 }, AUTH_MESSAGES.emailTaken],
    [{ message: 'taken', code: 'email_exists', status: 422 }, AUTH_MESSAGES.emailTaken],
    [{ message: 'weak', code: 'weak_password', status: 422 }, AUTH_MESSAGES.weakPassword],
    [
      { message: 'Password should be at least 10 characters', code: 'weak_password', status: 422, reasons: ['length'] },
      AUTH_MESSAGES.weakPassword,
    ],
    [
      {
        message: 'This password is too easy to guess: "Northfield" comes from your university. Choose…',
        code: 'weak_password',
        status: 422,
        reasons: ['guessable'],
      },
      'This password is too easy to guess: "Northfield" comes from your university. Choose…',
    ],
    [
      { message: 'That join code does not match any university', code: 'validation_failed', status: 400 },
      'That join code does not match any university',
    ],
    [{ message: 'Failed to fetch', name: 'AuthRetryableFetchError', status: 0 }, AUTH_MESSAGES.unreachable],
    [{ message: 'slow down', status: 429 }, AUTH_MESSAGES.rateLimited],
    [{ message: 'boom', name: 'AuthRetryableFetchError', status: 500 }, AUTH_MESSAGES.serverError],
    [{ message: 'boom', status: 503 }, AUTH_MESSAGES.serverError],
    ['not an error', AUTH_MESSAGES.unexpected],
  ])('maps %p to a message for people', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });
});

describe('roleRefusal', () => {
  it('lets doctors and students through /signin with their own role only', () => {
    expect(roleRefusal({ page: 'signIn', role: 'student' }, 'student')).toBeUndefined();
    expect(roleRefusal({ page: 'signIn', role: 'doctor' }, 'doctor')).toBeUndefined();
    expect(roleRefusal({ page: 'signIn', role: 'student' }, 'doctor')?.message).toMatch(/doctor account/);
    expect(roleRefusal({ page: 'signIn', role: 'doctor' }, 'student')?.message).toMatch(/student account/);
  });

  it('points administrators at /signin to /adminsignin and students at /adminsignin to /signin', () => {
    expect(roleRefusal({ page: 'signIn', role: 'doctor' }, 'admin')).toEqual(
      expect.objectContaining({ signInInstead: '/adminsignin' }),
    );
    expect(roleRefusal({ page: 'adminSignIn' }, 'student')).toEqual(
      expect.objectContaining({ signInInstead: '/signin' }),
    );
    expect(roleRefusal({ page: 'adminSignIn' }, 'admin')).toBeUndefined();
    expect(roleRefusal({ page: 'adminSignIn' }, 'doctor')).toBeUndefined();
  });
});

describe('destinationAfterSignIn', () => {
  it('sends members to their dashboard, students without a health profile to the questionnaire, and forced password changes first', () => {
    expect(destinationAfterSignIn(member({}), 'admin', false)).toBe('/dashboardd');
    expect(destinationAfterSignIn(member({}), 'doctor', false)).toBe('/dashboarrd');
    expect(destinationAfterSignIn(member({}), 'student', true)).toBe('/studentdashboard');
    expect(destinationAfterSignIn(member({}), 'student', false)).toBe('/questions');
    expect(destinationAfterSignIn(member({ must_change_password: true }), 'doctor', false)).toBe('/adminpassword');
    expect(destinationAfterSignIn(member({ must_change_password: true }), 'admin', false)).toBe('/passwordpage');
  });
});

describe('requestedPageFor', () => {
  const doctor = { role: 'doctor', is_super_admin: false } as const;

  it('gives back a page of the member’s own, with the query string asked for', () => {
    expect(requestedPageFor(doctor, '/patients')).toBe('/patients');
    expect(requestedPageFor(doctor, '/patientchart?student=5f0c')).toBe('/patientchart?student=5f0c');
    expect(requestedPageFor(doctor, '/Patients/?status=scheduled#top')).toBe('/patients?status=scheduled');
    expect(requestedPageFor({ role: 'student', is_super_admin: false }, '/studentvisits')).toBe('/studentvisits');
    expect(requestedPageFor({ role: 'doctor', is_super_admin: true }, '/staffmembers')).toBe('/staffmembers');
  });

  it('leaves out another role’s pages, public pages and unknown paths: the member goes to their own dashboard', () => {
    expect(requestedPageFor(doctor, '/dashboardd')).toBeUndefined();
    expect(requestedPageFor(doctor, '/staffmembers')).toBeUndefined();
    expect(requestedPageFor({ role: 'student', is_super_admin: false }, '/patients')).toBeUndefined();
    expect(requestedPageFor({ role: 'admin', is_super_admin: false }, '/adminaudit')).toBeUndefined();
    expect(requestedPageFor(doctor, '/signin')).toBeUndefined();
    expect(requestedPageFor(doctor, '/no-such-page')).toBeUndefined();
  });

  it.each([
    'https://evil.example/patients',
    'http://evil.example/patients',
    '//evil.example/patients',
    '/\\evil.example/patients',
    '\\\\evil.example/patients',
    '/\t/evil.example/patients',
    '/%2F%2Fevil.example/patients',
    'javascript:alert(1)//patients',
    'data:text/html,<script>alert(1)</script>',
    ' /patients',
    'patients',
    '',
  ])('never sends anyone to another site or a script: %p', (requested) => {
    expect(requestedPageFor(doctor, requested)).toBeUndefined();
  });

  it('ignores what is not a path', () => {
    for (const requested of [undefined, null, 42, { pathname: '/patients' }, ['/patients']])
      expect(requestedPageFor(doctor, requested)).toBeUndefined();
  });
});

describe('signInWithRole', () => {
  const signIn = (client: CampusCareClient, portal: SignInPortal, requestedPage?: unknown) =>
    signInWithRole(client, { credentials, portal, requestedPage });

  it('goes to the page asked for before signing in when it is the member’s own, and to their dashboard otherwise', async () => {
    const { client } = stubClient({ member: member({ role: 'doctor' }) });
    expect(await signIn(client, { page: 'adminSignIn' }, '/patientchart?student=5f0c')).toEqual(
      expect.objectContaining({ destination: '/patientchart?student=5f0c' }),
    );
    expect(await signIn(client, { page: 'adminSignIn' }, '/studentvisits')).toEqual(
      expect.objectContaining({ destination: '/dashboarrd' }),
    );
    expect(await signIn(client, { page: 'adminSignIn' }, 'https://evil.example/patients')).toEqual(
      expect.objectContaining({ destination: '/dashboarrd' }),
    );
  });

  it('puts a password to change and the questionnaire before the page asked for', async () => {
    const mustChange = stubClient({ member: member({ role: 'doctor', must_change_password: true }) });
    expect(await signIn(mustChange.client, { page: 'adminSignIn' }, '/patients')).toEqual(
      expect.objectContaining({ destination: '/adminpassword' }),
    );
    const newStudent = stubClient({ member: member({ role: 'student' }), hasHealthProfile: false });
    expect(await signIn(newStudent.client, { page: 'signIn', role: 'student' }, '/studentvisits')).toEqual(
      expect.objectContaining({ destination: '/questions' }),
    );
  });

  it('signs in a member whose role matches and routes by the account’s role', async () => {
    const { client, calls } = stubClient({ member: member({ role: 'doctor' }) });
    expect(await signIn(client, { page: 'adminSignIn' })).toEqual(
      expect.objectContaining({ destination: '/dashboarrd' }),
    );
    expect(calls.signedIn).toBe(true);
  });

  it('sends a student without a health profile to the questionnaire', async () => {
    const { client } = stubClient({ member: member({ role: 'student' }), hasHealthProfile: false });
    expect(await signIn(client, { page: 'signIn', role: 'student' })).toEqual(
      expect.objectContaining({ destination: '/questions' }),
    );
  });

  it('refuses a role that does not match, points to the right page and leaves no session behind', async () => {
    const { client, calls } = stubClient({ member: member({ role: 'admin' }) });
    const refusal = await signIn(client, { page: 'signIn', role: 'doctor' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SignInRefusal);
    expect(refusal).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/administrator/), signInInstead: '/adminsignin' }),
    );
    expect(calls.signedIn).toBe(false);
    expect(calls.signOutScopes).toEqual(['local']);
  });

  it('refuses an account without a member row', async () => {
    const { client, calls } = stubClient({ member: null });
    await expect(signIn(client, { page: 'adminSignIn' })).rejects.toThrow(AUTH_MESSAGES.noMembership);
    expect(calls.signedIn).toBe(false);
  });

  it('gives wrong credentials one message that does not say whether the email exists', async () => {
    const { client } = stubClient({
      signInError: {
        name: 'AuthApiError',
        message: 'Invalid login credentials',
        code: 'invalid_credentials',
        status: 400,
      },
    });
    await expect(signIn(client, { page: 'signIn', role: 'student' })).rejects.toThrow('Incorrect email or password');
  });

  it('tells a deactivated member why, in people’s words', async () => {
    const { client } = stubClient({
      signInError: { name: 'AuthApiError', message: 'User is banned', code: 'user_banned', status: 400 },
    });
    const refusal = await signIn(client, { page: 'signIn', role: 'student' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toEqual(expect.objectContaining({ message: AUTH_MESSAGES.deactivated }));
  });

  it('says the server could not be reached instead of the browser’s fetch error', async () => {
    const { client } = stubClient({
      signInError: { name: 'AuthRetryableFetchError', message: 'TypeError: Failed to fetch', status: 0 },
    });
    await expect(signIn(client, { page: 'adminSignIn' })).rejects.toThrow(AUTH_MESSAGES.unreachable);
  });
});

describe('signOut', () => {
  it('ends the server session with scope local and clears session storage', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, '{}');
    window.sessionStorage.setItem('campuscare.other', 'x');
    const { client, calls } = stubClient({});
    expect(await signOut(client)).toBe(true);
    expect(calls.signOutScopes).toEqual(['local']);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('clears session storage even when the server cannot be told, and says so', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, '{}');
    const { client } = stubClient({ signOutError: { message: 'Failed to fetch' } });
    expect(await signOut(client)).toBe(false);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('sign-in notices', () => {
  it('explains why the visitor was sent to sign in', () => {
    expect(signInNoticeFor('deactivated', true)).toBe('deactivated');
    expect(signInNoticeFor(undefined, true)).toBe('sessionEnded');
    expect(signInNoticeFor(undefined, false)).toBe('signInRequired');
    expect(signInNoticeMessage({ from: '/patients', notice: 'sessionEnded' })).toBe(
      'Your session has ended. Please sign in again.',
    );
    expect(signInNoticeMessage({ from: '/patients', notice: 'deactivated' })).toMatch(/deactivated/);
    expect(signInNoticeMessage(null)).toBeUndefined();
    expect(signInNoticeMessage({ notice: 'nonsense' })).toBeUndefined();
  });

  it('reads the page the visitor was on their way to', () => {
    expect(signInRequestedPage({ from: '/patients?status=scheduled', notice: 'signInRequired' })).toBe(
      '/patients?status=scheduled',
    );
    expect(signInRequestedPage({ notice: 'idle' })).toBeUndefined();
    expect(signInRequestedPage(null)).toBeUndefined();
    expect(signInRequestedPage('/patients')).toBeUndefined();
  });
});
