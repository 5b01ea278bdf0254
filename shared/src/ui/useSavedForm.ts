import { useEffect, useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../validation/schemas';
import { notifySuccess } from '../toast/toast';

export interface SavedFormOptions<Values> {
  /** What the form shows; it resets to these whenever they change (e.g. after a save refreshed the profile). */
  readonly initial: Values;
  readonly validate: (values: Values) => FieldErrors<Values>;
  /** Stores the values; throws with a message for people when the server refuses. */
  readonly save: (values: Values) => Promise<void>;
  readonly successMessage: string;
}

/**
 * A form that validates, saves, toasts only after a real save and shows the server's refusal otherwise.
 * `field(name)` binds a text input or select; editing a field clears its error.
 */
export function useSavedForm<Values extends Record<keyof Values, string>>({ initial, validate, save, successMessage }: SavedFormOptions<Values>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => setValues(initial), [initial]);

  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { readonly target: { readonly value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = validate(values);
    setErrors(fieldErrors);
    setSaveError(null);
    if (hasErrors(fieldErrors)) return;
    setSaving(true);
    try {
      await save(values);
      notifySuccess(successMessage);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return { values, setValues, errors, saving, saveError, field, submit };
}
