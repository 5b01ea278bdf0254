import {
  appointmentReason,
  COLUMN_RULES,
  columnError,
  hasErrors,
  MESSAGES,
  newPasswordError,
  parseBmi,
  phoneError,
  STAFF_TITLES,
  validateAppointmentBooking,
  validateHealthProfile,
  validatePasswordChange,
  validateSignIn,
  validateStaffAcceptance,
} from './schemas';

describe('shared validation', () => {
  it('uses the spec’s sign-in message for short passwords', () => {
    expect(validateSignIn({ email: 'a@b.edu', password: '12345' })).toEqual({
      password: MESSAGES.signInPasswordTooShort,
    });
    expect(hasErrors(validateSignIn({ email: 'a@b.edu', password: '123456' }))).toBe(false);
  });

  it('requires 10+ characters with upper, lower case and a digit for new passwords', () => {
    expect(newPasswordError('Short1')).toBeDefined();
    expect(newPasswordError('alllowercase1')).toBe(MESSAGES.passwordRule);
    expect(newPasswordError('CampusCare2026')).toBeUndefined();
  });

  it('flags every empty booking field with the spec’s single message', () => {
    const errors = validateAppointmentBooking({ date: '', department: 'Law', year: '2', reason: '' });
    expect(errors).toEqual({ date: MESSAGES.fillAllCorrectly, reason: MESSAGES.fillAllCorrectly });
  });

  it('checks the health profile domains the database enforces', () => {
    expect(
      validateHealthProfile({ genotype: 'AS', bloodGroup: 'O+', disabled: 'no', allergies: '', bmi: '22.5' }),
    ).toEqual({});
    expect(
      Object.keys(
        validateHealthProfile({ genotype: 'XX', bloodGroup: 'C', disabled: '', allergies: '', bmi: 'tall' }),
      ).sort(),
    ).toEqual(['bloodGroup', 'bmi', 'disabled', 'genotype']);
  });

  it("asks an invited staff member for a name the database accepts and a new password's rule", () => {
    expect(validateStaffAcceptance({ firstName: ' ', lastName: 'Okoye', password: 'short' })).toEqual({
      firstName: MESSAGES.required,
      password: newPasswordError('short'),
    });
    expect(
      validateStaffAcceptance({ firstName: 'Nia\nBcc: x', lastName: 'Okoye', password: 'Harbor2026Kite' }),
    ).toEqual({
      firstName: COLUMN_RULES.members_first_name_length.message,
    });
    expect(validateStaffAcceptance({ firstName: 'Nia', lastName: 'Okoye', password: 'Harbor2026Kite' })).toEqual({});
  });

  it('reports mismatched new passwords', () => {
    expect(
      validatePasswordChange({
        currentPassword: 'x',
        newPassword: 'CampusCare2026',
        confirmPassword: 'CampusCare2027',
      }),
    ).toEqual({
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('refuses the phone numbers the database refuses, like "(0803) 123 4567"', () => {
    expect(phoneError('(0803) 123 4567')).toBe(MESSAGES.invalidPhone);
    expect(phoneError(' 0803 123 4567 ')).toBeUndefined();
    expect(phoneError('')).toBeUndefined();
    expect(phoneError('', { required: true })).toBe(MESSAGES.required);
    expect(phoneError('1'.repeat(26))).toBe(MESSAGES.invalidPhone);
  });

  it('stores the reasons the database accepts, with free text as "Other: <text>"', () => {
    const reason = COLUMN_RULES.appointments_reason_format;
    expect(['Check-up', 'Follow-up', 'Other', 'Counselling'].every((value) => reason.accepts(value))).toBe(true);
    expect(appointmentReason('Other', '  Sprained ankle ')).toBe('Other: Sprained ankle');
    expect(appointmentReason('Other', '   ')).toBe('');
    expect(reason.accepts(appointmentReason('Other', 'x'.repeat(193)))).toBe(true);
    expect(reason.accepts(appointmentReason('Other', 'x'.repeat(194)))).toBe(false);
    expect(reason.accepts('Other: two\nlines')).toBe(false);
  });

  it('counts characters as the database does: an emoji is one', () => {
    const firstName = COLUMN_RULES.members_first_name_length;
    expect(columnError(firstName, '😀'.repeat(100))).toBeUndefined();
    expect(columnError(firstName, '😀'.repeat(101))).toBe(firstName.message);
    expect(columnError(firstName, '', { required: true })).toBe(MESSAGES.required);
  });

  it('rounds a BMI to tenths before checking its range, as numeric(4,1) does', () => {
    expect(parseBmi('9.95')).toBe(10);
    expect(parseBmi('80.04')).toBe(80);
    expect(parseBmi('80.05')).toBeUndefined();
  });

  it('offers every title the database allows', () => {
    expect(STAFF_TITLES).toEqual(['', 'Dr', 'Mr', 'Mrs', 'Miss', 'Ms', 'Prof']);
  });

  it('checks present booking fields against the appointment constraints', () => {
    const errors = validateAppointmentBooking({ date: 'd', department: ' ', year: '9', reason: 'Other: two\nlines' });
    expect(errors).toEqual({
      department: MESSAGES.fillAllCorrectly,
      year: MESSAGES.invalidYear,
      reason: COLUMN_RULES.appointments_reason_format.message,
    });
  });
});
