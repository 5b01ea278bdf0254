import { PasswordField, type TextFieldProps } from '../ui/FormFields';
import { MESSAGES, NEW_PASSWORD_MIN_LENGTH } from '../validation/schemas';

/**
 * A password being chosen (registration, a reset, a change): the rule's length and its hint, and the browser's password
 * manager is told to offer a new one.
 */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'minLength' | 'hint'>) {
  return (
    <PasswordField
      autoComplete="new-password"
      minLength={NEW_PASSWORD_MIN_LENGTH}
      hint={MESSAGES.newPasswordHint}
      {...props}
    />
  );
}
