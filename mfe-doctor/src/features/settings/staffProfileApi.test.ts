import type { CampusCareClient, Member } from '@campuscare/shared';
import { OWN_PROFILE_MESSAGES, saveOwnProfile } from '@campuscare/shared/account';
import {
  saveStaffProfile,
  staffProfileForm,
  staffProfileValues,
  validateStaffProfile,
  validateStaffProfileForm,
} from './staffProfileApi';

jest.mock('@campuscare/shared/account', () => ({
  ...jest.requireActual('@campuscare/shared/account'),
  saveOwnProfile: jest.fn(async () => ({ pendingEmail: null })),
}));

const member = {
  id: 'doctor-1',
  title: 'Dr',
  first_name: 'Amelia',
  last_name: 'Adams',
  staff_id: 'NFU-S101',
  email: 'dr.adams@northfield.edu',
  phone: null,
} as Member;

describe('the staff profile rules', () => {
  it('accepts the stored profile', () => {
    expect(validateStaffProfile(staffProfileValues(member))).toEqual({});
  });

  it('adds the title to the rules every member has', () => {
    const errors = validateStaffProfile({ ...staffProfileValues(member), title: 'Sir', firstName: ' ' });
    expect(errors).toEqual({ title: 'This field is required', firstName: 'This field is required' });
  });

  it('asks for the current password only when the email changes', () => {
    expect(validateStaffProfileForm(member, staffProfileForm(member))).toEqual({});
    expect(validateStaffProfileForm(member, { ...staffProfileForm(member), email: 'amelia@northfield.edu' })).toEqual({
      currentPassword: OWN_PROFILE_MESSAGES.currentPasswordForEmail,
    });
  });
});

describe('saveStaffProfile', () => {
  it('saves the staff columns, an empty title or Staff ID as none, through the own-profile save', async () => {
    const client = {} as CampusCareClient;
    const values = {
      ...staffProfileForm(member),
      title: '',
      staffId: ' ',
      phone: ' +1 555 0100 ',
      currentPassword: 'CampusCare2026',
    };
    await saveStaffProfile(client, member, values);
    expect(saveOwnProfile).toHaveBeenCalledWith(client, {
      member,
      values: expect.objectContaining({ email: member.email, currentPassword: 'CampusCare2026' }),
      columns: { title: null, first_name: 'Amelia', last_name: 'Adams', staff_id: null, phone: '+1 555 0100' },
    });
  });
});
