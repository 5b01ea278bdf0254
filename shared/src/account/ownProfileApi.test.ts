import { AUTH_MESSAGES } from '../auth/authErrors';
import type { Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { MESSAGES } from '../validation/schemas';
import {
  changesEmail,
  OWN_PROFILE_MESSAGES,
  ownProfileFormErrors,
  personalDetailsErrors,
  saveOwnProfile,
} from './ownProfileApi';

const member = {
  id: 'doctor-1',
  first_name: 'Amelia',
  last_name: 'Adams',
  email: 'dr.adams@northfield.edu',
  phone: null,
} as Member;

/** A refusal as supabase-js hands it over. */
type Refusal = { readonly code: string; readonly message: string } & Record<string, unknown>;

function fakeClient(
  updateResult: { readonly data: unknown; readonly error: Refusal | null },
  authError: Refusal | null = null,
) {
  const calls: string[] = [];
  const updateUser = jest.fn(async (_attributes: Record<string, unknown>, _options?: Record<string, unknown>) => {
    calls.push('auth');
    return { data: { user: null }, error: authError };
  });
  const update = jest.fn((_columns: Record<string, unknown>) => {
    calls.push('members');
    return { eq: () => ({ select: () => ({ maybeSingle: async () => updateResult }) }) };
  });
  return {
    client: { auth: { updateUser }, from: () => ({ update }) } as unknown as CampusCareClient,
    update,
    updateUser,
    calls,
  };
}

const saved = { data: { id: 'doctor-1' }, error: null };

describe('the rules of one’s own profile', () => {
  it('requires names and a valid email, and checks a phone number when one is given', () => {
    expect(
      personalDetailsErrors({ firstName: 'Amelia', lastName: 'Adams', email: 'dr.adams@northfield.edu', phone: '' }),
    ).toEqual({});
    expect(personalDetailsErrors({ firstName: ' ', lastName: '', email: 'nope', phone: 'call me' })).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      phone: MESSAGES.invalidPhone,
    });
  });

  it('asks for the current password only when the email really changes', () => {
    expect(changesEmail(member, ' DR.ADAMS@northfield.edu ')).toBe(false);
    const detailErrors = { email: MESSAGES.invalidEmail };
    expect(
      ownProfileFormErrors(member, { email: ' DR.ADAMS@northfield.edu ', currentPassword: '' }, detailErrors),
    ).toEqual(detailErrors);
    expect(ownProfileFormErrors(member, { email: 'amelia@northfield.edu', currentPassword: '' }, detailErrors)).toEqual(
      { ...detailErrors, currentPassword: OWN_PROFILE_MESSAGES.currentPasswordForEmail },
    );
    expect(ownProfileFormErrors(member, { email: 'amelia@northfield.edu', currentPassword: 'x' }, {})).toEqual({});
  });
});

describe('saveOwnProfile', () => {
  const columns = { first_name: 'Amelie' };

  it('changes the email through the auth service first, with the current password, then the columns, and says where the link went', async () => {
    const { client, update, updateUser, calls } = fakeClient(saved);
    const result = await saveOwnProfile(client, {
      member,
      values: { email: ' Amelia@Northfield.edu', currentPassword: 'CampusCare2026' },
      columns,
    });
    // The emailed link comes back to the page that says the address changed, on this site.
    expect(updateUser).toHaveBeenCalledWith(
      { email: 'amelia@northfield.edu', current_password: 'CampusCare2026' },
      { emailRedirectTo: `${window.location.origin}/email-changed` },
    );
    expect(update).toHaveBeenCalledWith(columns);
    expect(calls).toEqual(['auth', 'members']);
    expect(result).toEqual({ pendingEmail: 'amelia@northfield.edu' });
  });

  it('leaves the email alone when it did not change', async () => {
    const { client, updateUser } = fakeClient(saved);
    expect(await saveOwnProfile(client, { member, values: { email: member.email }, columns })).toEqual({
      pendingEmail: null,
    });
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('saves nothing else when the auth service refuses the email change, and says why in people’s words', async () => {
    const refusal = {
      name: 'AuthApiError',
      __isAuthError: true,
      status: 400,
      code: 'current_password_invalid',
      message: 'Current password required when changing the email address.',
    };
    const { client, update } = fakeClient(saved, refusal);
    await expect(
      saveOwnProfile(client, {
        member,
        values: { email: 'amelia@northfield.edu', currentPassword: 'Wrong1Password' },
        columns,
      }),
    ).rejects.toThrow(AUTH_MESSAGES.currentPasswordIncorrect);
    expect(update).not.toHaveBeenCalled();
  });

  it('puts a refusal of the database on the field it is about', async () => {
    const { client } = fakeClient({
      data: null,
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "members_university_staff_id_key"',
      },
    });
    await expect(saveOwnProfile(client, { member, values: { email: member.email }, columns })).rejects.toMatchObject({
      field: 'staffId',
      message: 'That Staff ID already belongs to another member of your university',
    });
  });

  it('says to sign in again when the row could not be updated', async () => {
    const { client } = fakeClient({ data: null, error: null });
    await expect(saveOwnProfile(client, { member, values: { email: member.email }, columns })).rejects.toThrow(
      OWN_PROFILE_MESSAGES.notSaved,
    );
  });
});
