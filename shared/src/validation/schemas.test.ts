import {
  hasErrors,
  MESSAGES,
  newPasswordError,
  validateAppointmentBooking,
  validateHealthProfile,
  validatePasswordChange,
  validateSignIn,
} from './schemas';

describe('shared validation', () => {
  it('uses the spec’s sign-in message for short passwords', () => {
    expect(validateSignIn({ email: 'a@b.edu', password: '12345' })).toEqual({ password: MESSAGES.signInPasswordTooShort });
    expect(hasErrors(validateSignIn({ email: 'a@b.edu', password: '123456' }))).toBe(false);
  });

  it('requires 10+ characters with upper, lower case and a digit for new passwords', () => {
    expect(newPasswordError('Short1')).toBeDefined();
    expect(newPasswordError('alllowercase1')).toBe(MESSAGES.passwordRule);
    expect(newPasswordError('CampusCare2026')).toBeUndefined();
  });

  it('flags every empty booking field with the spec’s single message', () => {
    const errors = validateAppointmentBooking({ date: '', name: 'Ada', department: 'Law', reg: 'LAW/1', year: '2', reason: '' });
    expect(errors).toEqual({ date: MESSAGES.fillAllCorrectly, reason: MESSAGES.fillAllCorrectly });
  });

  it('checks the health profile domains the database enforces', () => {
    expect(validateHealthProfile({ genotype: 'AS', bloodGroup: 'O+', disabled: 'no', allergies: '', bmi: '22.5' })).toEqual({});
    expect(Object.keys(validateHealthProfile({ genotype: 'XX', bloodGroup: 'C', disabled: '', allergies: '', bmi: 'tall' })).sort()).toEqual(
      ['bloodGroup', 'bmi', 'disabled', 'genotype'],
    );
  });

  it('reports mismatched new passwords', () => {
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'CampusCare2026', confirmPassword: 'CampusCare2027' })).toEqual({
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
  });
});
