import type { CampusCareClient, Member } from '@campuscare/shared';
import {
  CURRENT_PASSWORD_FOR_EMAIL_MESSAGE,
  saveStaffProfile,
  STAFF_ID_TAKEN_MESSAGE,
  staffProfileForm,
  staffProfileValues,
  validateStaffProfile,
  validateStaffProfileForm,
} from './staffProfileApi';

const member = {
  id: 'doctor-1',
  title: 'Dr',
  first_name: 'Amelia',
  last_name: 'Adams',
  staff_id: 'NFU-S101',
  email: 'dr.adams@northfield.edu',
  phone: null,
} as Member;

function fakeClient(
  updateResult: { data: unknown; error: { code: string; message: string } | null },
  authError: { code: string; message: string } | null = null,
) {
  const calls: string[] = [];
  const updateUser = jest.fn(async (_attributes: Record<string, unknown>) => {
    calls.push('auth');
    return { error: authError };
  });
  const update = jest.fn((_columns: Record<string, unknown>) => {
    calls.push('members');
    return { eq: () => ({ select: () => ({ maybeSingle: async () => updateResult }) }) };
  });
  const client = { auth: { updateUser }, from: () => ({ update }) };
  return { client: client as unknown as CampusCareClient, update, updateUser, calls };
}

describe('validateStaffProfile', () => {
  it('accepts the stored profile', () => {
    expect(validateStaffProfile(staffProfileValues(member))).toEqual({});
  });

  it('requires names and a valid email, and checks a phone number when one is given', () => {
    const errors = validateStaffProfile({ ...staffProfileValues(member), firstName: ' ', email: 'nope', phone: 'call me' });
    expect(errors).toEqual({ firstName: 'This field is required', email: 'Enter a valid email address', phone: 'Enter a valid phone number' });
  });
});

describe('saveStaffProfile', () => {
  it('changes the email through the auth service first, then the member columns', async () => {
    const { client, update, updateUser, calls } = fakeClient({ data: { id: 'doctor-1' }, error: null });
    await saveStaffProfile(client, member, { ...staffProfileValues(member), email: 'Amelia.Adams@northfield.edu', title: '', phone: ' +1 555 0100 ' });
    expect(updateUser).toHaveBeenCalledWith({ email: 'amelia.adams@northfield.edu' });
    expect(update).toHaveBeenCalledWith({ title: null, first_name: 'Amelia', last_name: 'Adams', staff_id: 'NFU-S101', phone: '+1 555 0100' });
    expect(calls).toEqual(['auth', 'members']);
  });

  it('leaves the email alone when it did not change and explains a Staff ID conflict', async () => {
    const { client, updateUser } = fakeClient({ data: null, error: { code: '23505', message: 'duplicate key value violates unique constraint "members_university_staff_id_key"' } });
    await expect(saveStaffProfile(client, member, staffProfileValues(member))).rejects.toThrow(STAFF_ID_TAKEN_MESSAGE);
    expect(updateUser).not.toHaveBeenCalled();
  });
});

describe('validateStaffProfileForm', () => {
  it('asks for the current password only when the email changes', () => {
    expect(validateStaffProfileForm(member, staffProfileForm(member))).toEqual({});
    expect(validateStaffProfileForm(member, { ...staffProfileForm(member), email: ' DR.ADAMS@northfield.edu ' })).toEqual({});
    expect(validateStaffProfileForm(member, { ...staffProfileForm(member), email: 'amelia@northfield.edu' })).toEqual({
      currentPassword: CURRENT_PASSWORD_FOR_EMAIL_MESSAGE,
    });
    expect(validateStaffProfileForm(member, { ...staffProfileForm(member), email: 'amelia@northfield.edu', currentPassword: 'x' })).toEqual({});
  });
});

describe('saveStaffProfile and the email change', () => {
  it('sends the current password with the new email and tells where the confirmation link went', async () => {
    const { client, updateUser, calls } = fakeClient({ data: { id: 'doctor-1' }, error: null });
    const saved = await saveStaffProfile(client, member, { ...staffProfileForm(member), email: 'Amelia@northfield.edu', currentPassword: 'CampusCare2026' });
    expect(updateUser).toHaveBeenCalledWith({ email: 'amelia@northfield.edu', current_password: 'CampusCare2026' });
    expect(saved).toEqual({ pendingEmail: 'amelia@northfield.edu' });
    expect(calls).toEqual(['auth', 'members']);
  });

  it('reports no pending email when the email stays', async () => {
    const { client } = fakeClient({ data: { id: 'doctor-1' }, error: null });
    expect(await saveStaffProfile(client, member, staffProfileForm(member))).toEqual({ pendingEmail: null });
  });

  it('saves nothing else when the auth service refuses the email change', async () => {
    const refusal = { code: 'invalid_credentials', message: 'Current password is incorrect' };
    const { client, update } = fakeClient({ data: { id: 'doctor-1' }, error: null }, refusal);
    const values = { ...staffProfileForm(member), email: 'amelia@northfield.edu', firstName: 'Amelie', currentPassword: 'Wrong1Password' };
    await expect(saveStaffProfile(client, member, values)).rejects.toThrow('Current password is incorrect');
    expect(update).not.toHaveBeenCalled();
  });
});
