import { MESSAGES } from '@campuscare/shared';
import { memberFixture } from '../../../../shell/src/test/fixtures';
import { studentProfileValues, validateStudentProfile } from './studentProfileApi';

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
