import { type CampusCareClient, PATHS } from '@campuscare/shared';
import {
  requestPasswordReset,
  SAME_PASSWORD_MESSAGE,
  setNewPassword,
  startRecoverySession,
  LINK_REFUSED_MESSAGE,
} from './recoveryApi';

function fakeClient({
  updateError = null,
  role = 'doctor',
}: { readonly updateError?: unknown; readonly role?: string | null } = {}) {
  const auth = {
    resetPasswordForEmail: jest.fn(async () => ({ data: {}, error: null })),
    setSession: jest.fn(async () => ({
      data: { user: null, session: null },
      error: { message: 'Invalid Refresh Token', status: 400 },
    })),
    updateUser: jest.fn(async () =>
      updateError ? { data: { user: null }, error: updateError } : { data: { user: { id: 'user-1' } }, error: null },
    ),
    signOut: jest.fn(async () => ({ error: null })),
  };
  const maybeSingle = async () => ({ data: role === null ? null : { role }, error: null });
  const client = {
    auth,
    from: () => ({ select: () => ({ eq: () => ({ maybeSingle }) }) }),
  } as unknown as CampusCareClient;
  return { client, auth };
}

describe('the recovery calls', () => {
  it('asks for a link that comes back to the set-new-password page', async () => {
    const { client, auth } = fakeClient();
    await requestPasswordReset(client, { email: ' student01@northfield.edu ' });
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('student01@northfield.edu', {
      redirectTo: `${window.location.origin}${PATHS.resetPassword}`,
    });
  });

  it('says a session the server refuses as an expired link', async () => {
    const { client } = fakeClient();
    await expect(
      startRecoverySession(client, { kind: 'session', accessToken: 'a', refreshToken: 'r' }),
    ).rejects.toThrow(LINK_REFUSED_MESSAGE);
  });

  it('sets the password, signs out and points at the sign-in page of the role', async () => {
    const { client, auth } = fakeClient({ role: 'doctor' });
    await expect(setNewPassword(client, { password: 'Recovered2026Pass' })).resolves.toBe(PATHS.adminSignIn);
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'Recovered2026Pass' });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    await expect(setNewPassword(fakeClient({ role: null }).client, { password: 'Recovered2026Pass' })).resolves.toBe(
      PATHS.signIn,
    );
  });

  it('words the refusal of the old password for people and keeps the session', async () => {
    const { client, auth } = fakeClient({
      updateError: {
        message: 'New password should be different from the old password',
        status: 422,
        code: 'same_password',
        name: 'AuthApiError',
      },
    });
    await expect(setNewPassword(client, { password: 'CampusCare2026' })).rejects.toThrow(SAME_PASSWORD_MESSAGE);
    expect(auth.signOut).not.toHaveBeenCalled();
  });
});
