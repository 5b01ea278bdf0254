import { MESSAGES } from '@campuscare/shared';
import { memberFixture } from '../../../../shell/src/test/fixtures';
import type { CampusCareClient } from '@campuscare/shared';
import {
  CURRENT_PASSWORD_FOR_EMAIL_MESSAGE,
  saveStudentProfile,
  studentProfileForm,
  studentProfileValues,
  validateStudentProfile,
  validateStudentProfileForm,
} from './studentProfileApi';

const student = memberFixture('student', { department: 'Law', year_of_study: 3, phone: '+1 555 010 0201', reg_number: 'NFU/2024/010' });

describe('student profile values', () => {
  it('starts from the stored member row', () => {
    expect(studentProfileValues(student)).toEqual({ firstName: 'Ada', lastName: 'Obi', email: 'student@northfield.edu', department: 'Law', yearOfStudy: '3', phone: '+1 555 010 0201' });
  });

  it('accepts the stored values and an empty phone', () => {
    expect(validateStudentProfile(studentProfileValues(student))).toEqual({});
    expect(validateStudentProfile({ ...studentProfileValues(student), phone: '' })).toEqual({});
  });

  it('names every field that is wrong', () => {
    expect(validateStudentProfile({ firstName: ' ', lastName: '', email: 'not-an-email', department: '', yearOfStudy: '9', phone: 'call me' })).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      department: MESSAGES.required,
      yearOfStudy: 'Choose your year of study',
      phone: MESSAGES.invalidPhone,
    });
  });
});

describe('student profile form and the email change', () => {
  function fakeClient(authError: { code: string; message: string } | null = null) {
    const calls: string[] = [];
    const updateUser = jest.fn(async (_attributes: Record<string, unknown>) => {
      calls.push('auth');
      return { error: authError };
    });
    const update = jest.fn((_columns: Record<string, unknown>) => {
      calls.push('members');
      return { eq: () => ({ select: () => ({ maybeSingle: async () => ({ data: { id: student.id }, error: null }) }) }) };
    });
    const client = { auth: { updateUser }, from: () => ({ update }) } as unknown as CampusCareClient;
    return { client, updateUser, update, calls };
  }

  it('asks for the current password only when the email changes', () => {
    expect(validateStudentProfileForm(student, studentProfileForm(student))).toEqual({});
    expect(validateStudentProfileForm(student, { ...studentProfileForm(student), email: 'ada@northfield.edu' })).toEqual({
      currentPassword: CURRENT_PASSWORD_FOR_EMAIL_MESSAGE,
    });
    expect(validateStudentProfileForm(student, { ...studentProfileForm(student), email: 'ada@northfield.edu', currentPassword: 'x' })).toEqual({});
  });

  it('sends the current password with the new email first, then saves the details, and tells where the link went', async () => {
    const { client, updateUser, calls } = fakeClient();
    const saved = await saveStudentProfile(client, student, { ...studentProfileForm(student), email: ' Ada@Northfield.edu', currentPassword: 'CampusCare2026' });
    expect(updateUser).toHaveBeenCalledWith({ email: 'ada@northfield.edu', current_password: 'CampusCare2026' });
    expect(calls).toEqual(['auth', 'members']);
    expect(saved).toEqual({ pendingEmail: 'ada@northfield.edu' });
  });

  it('leaves the email alone when it did not change', async () => {
    const { client, updateUser } = fakeClient();
    expect(await saveStudentProfile(client, student, studentProfileForm(student))).toEqual({ pendingEmail: null });
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('saves nothing else when the auth service refuses the email change', async () => {
    const { client, update } = fakeClient({ code: 'reauthentication_needed', message: 'Current password required when changing the email address' });
    await expect(saveStudentProfile(client, student, { ...studentProfileForm(student), email: 'ada@northfield.edu' })).rejects.toThrow(
      'Current password required when changing the email address',
    );
    expect(update).not.toHaveBeenCalled();
  });
});
