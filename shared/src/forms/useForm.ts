import { useEffect, useRef, useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../validation/schemas';
import { notifySuccess } from '../toast/toast';
import { toApiError } from '../data/apiError';

export interface FormOptions<Values, Output> {
  /** The starting values; the form resets to them whenever they change (e.g. after a save refreshed the profile). */
  readonly initial: Values;
  /** The shared rules for these values: errors per field, empty when the values may be sent. */
  readonly validate?: (values: Values) => FieldErrors<Values>;
  /** Sends the values; a refusal that names one of the form's fields is shown on that field, others above the form. */
  readonly submit: (values: Values) => Promise<Output>;
  /** Toasted after a real success. */
  readonly successMessage?: string;
  readonly onSuccess?: (output: Output, values: Values) => void;
  /** Back to `initial` after a success (a form that creates things). */
  readonly resetOnSuccess?: boolean;
}

type TextKeys<Values> = { [Key in keyof Values]: Values[Key] extends string ? Key : never }[keyof Values];

/**
 * Every form's state: values, per-field errors, the submit state and the server's refusal. `field(name)` binds a
 * text input, textarea or select (editing a field clears its error); `setValue` sets any other kind of value.
 */
export function useForm<Values extends object, Output = unknown>({ initial, validate, submit, successMessage, onSuccess, resetOnSuccess }: FormOptions<Values, Output>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  const setValue = <Key extends keyof Values>(name: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  const field = <Key extends TextKeys<Values>>(name: Key) => ({
    name: String(name),
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { readonly target: { readonly value: string } }) => setValue(name, event.target.value as Values[Key]),
  });

  const handleSubmit = async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (submitting) return false;
    const fieldErrors = validate ? validate(values) : {};
    setErrors(fieldErrors);
    setFormError(null);
    if (hasErrors(fieldErrors)) return false;
    setSubmitting(true);
    try {
      const output = await submit(values);
      if (successMessage) notifySuccess(successMessage);
      if (resetOnSuccess && mounted.current) setValues(initial);
      onSuccess?.(output, values);
      return true;
    } catch (error) {
      const apiError = toApiError(error);
      if (!mounted.current) return false;
      if (apiError.field !== undefined && apiError.field in values) setErrors({ [apiError.field]: apiError.message } as FieldErrors<Values>);
      else setFormError(apiError.message);
      return false;
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setFormError(null);
  };

  return { values, setValue, setValues, errors, setErrors, field, submitting, formError, handleSubmit, reset };
}

export type Form<Values extends object> = ReturnType<typeof useForm<Values>>;
