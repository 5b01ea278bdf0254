import { canSubmitSignIn, visibleSignInErrors } from './signInRules';

describe('sign-in form rules', () => {
  it('shows the spec’s password message as soon as a too-short password is typed', () => {
    expect(visibleSignInErrors({ email: '', password: '12345' }, false)).toEqual({
      email: undefined,
      password: 'Password should be at least 6 characters long',
    });
    expect(visibleSignInErrors({ email: '', password: '123456' }, false).password).toBeUndefined();
  });

  it('shows the email message only once the field was left with something in it', () => {
    expect(visibleSignInErrors({ email: 'ada', password: '' }, false).email).toBeUndefined();
    expect(visibleSignInErrors({ email: 'ada', password: '' }, true).email).toBe('Enter a valid email address');
    expect(visibleSignInErrors({ email: '', password: '' }, true).email).toBeUndefined();
  });

  it('enables the button only with both fields filled and no error showing', () => {
    const ready = { email: 'ada@northfield.edu', password: 'CampusCare2026' };
    expect(canSubmitSignIn(ready, visibleSignInErrors(ready, true))).toBe(true);
    expect(canSubmitSignIn({ ...ready, email: ' ' }, {})).toBe(false);
    expect(canSubmitSignIn({ ...ready, password: '' }, {})).toBe(false);
    const short = { ...ready, password: '12345' };
    expect(canSubmitSignIn(short, visibleSignInErrors(short, true))).toBe(false);
  });
});
