import type { CampusCareClient, Member } from '@campuscare/shared';
import { saveStaffProfile, STAFF_ID_TAKEN_MESSAGE, staffProfileValues, validateStaffProfile } from './staffProfileApi';

const member = {
  id: 'doctor-1',
  title: 'Dr',
  first_name: 'Amelia',
  last_name: 'Adams',
  staff_id: 'NFU-S101',
  email: 'dr.adams@northfield.edu',
  phone: null,
} as Member;

function fakeClient(updateResult: { data: unknown; error: { code: string; message: string } | null }) {
  const calls: string[] = [];
  const updateUser = jest.fn(async () => {
    calls.push('auth');
    return { error: null };
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
