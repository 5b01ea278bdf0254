import { type CampusCareClient, MESSAGES } from '@campuscare/shared';
import { OWN_PROFILE_MESSAGES, saveOwnProfile } from '@campuscare/shared/account';
import { memberFixture } from '../../../../test/web/fixtures';
import {
  saveStudentProfile,
  studentProfileForm,
  studentProfileValues,
  validateStudentProfile,
  validateStudentProfileForm,
} from './studentProfileApi';

jest.mock('@campuscare/shared/account', () => ({
  ...jest.requireActual('@campuscare/shared/account'),
  saveOwnProfile: jest.fn(async () => ({ pendingEmail: null })),
}));

const student = memberFixture('student', {
  department: 'Law',
  year_of_study: 3,
  phone: '+1 555 010 0201',
  reg_number: 'NFU/2024/010',
});

describe('student profile values', () => {
  it('starts from the stored member row', () => {
    expect(studentProfileValues(student)).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'student@northfield.edu',
      department: 'Law',
      yearOfStudy: '3',
      phone: '+1 555 010 0201',
    });
  });

  it('accepts the stored values and an empty phone', () => {
    expect(validateStudentProfile(studentProfileValues(student))).toEqual({});
    expect(validateStudentProfile({ ...studentProfileValues(student), phone: '' })).toEqual({});
  });

  it('names every field that is wrong', () => {
    expect(
      validateStudentProfile({
        firstName: ' ',
        lastName: '',
        email: 'not-an-email',
        department: '',
        yearOfStudy: '9',
        phone: 'call me',
      }),
    ).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
      email: MESSAGES.invalidEmail,
      department: MESSAGES.required,
      yearOfStudy: 'Choose your year of study',
      phone: MESSAGES.invalidPhone,
    });
  });
});

describe('student profile form', () => {
  it('asks for the current password only when the email changes', () => {
    expect(validateStudentProfileForm(student, studentProfileForm(student))).toEqual({});
    expect(
      validateStudentProfileForm(student, { ...studentProfileForm(student), email: 'ada@northfield.edu' }),
    ).toEqual({ currentPassword: OWN_PROFILE_MESSAGES.currentPasswordForEmail });
  });

  it("saves the student's own columns, never the registration number, through the own-profile save", async () => {
    const client = {} as CampusCareClient;
    await saveStudentProfile(client, student, {
      ...studentProfileForm(student),
      department: ' Pharmacy ',
      yearOfStudy: '4',
      phone: ' ',
      currentPassword: 'CampusCare2026',
    });
    expect(saveOwnProfile).toHaveBeenCalledWith(client, {
      member: student,
      values: expect.objectContaining({ email: student.email, currentPassword: 'CampusCare2026' }),
      columns: { first_name: 'Ada', last_name: 'Obi', department: 'Pharmacy', year_of_study: 4, phone: null },
    });
  });
});
