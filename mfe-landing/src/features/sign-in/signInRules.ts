import { type FieldErrors, type SignInValues, validateSignIn } from '@campuscare/shared';

/**
 * The spec's sign-in rules for what shows while typing: the password message as soon as a too-short password is
 * typed, the email message once the field was left; the button stays disabled while a field is empty or an error shows.
 */
export function visibleSignInErrors(values: SignInValues, emailTouched: boolean): FieldErrors<SignInValues> {
  const errors = validateSignIn(values);
  return {
    email: emailTouched && values.email.trim() !== '' ? errors.email : undefined,
    password: values.password !== '' ? errors.password : undefined,
  };
}

export function canSubmitSignIn(values: SignInValues, visibleErrors: FieldErrors<SignInValues>): boolean {
  return values.email.trim() !== '' && values.password !== '' && !visibleErrors.email && !visibleErrors.password;
}
