import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../validation/schemas';
import { notifySuccess } from '../toast/toast';
import { toApiError } from '../data/apiError';

interface FormOptions<Values, Output> {
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

/** Inputs whose `value` is not what the person entered: whether they are chosen is their `checked`. */
const CHOICE_INPUT_TYPES: ReadonlySet<string> = new Set(['checkbox', 'radio']);

function holdsEnteredText(control: unknown): control is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  if (control instanceof HTMLInputElement) return !CHOICE_INPUT_TYPES.has(control.type);
  return control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement;
}

/** `values` with each text value replaced by what the form's field of that name holds; `values` itself if nothing differs. */
function valuesInForm<Values extends object>(formElement: HTMLFormElement, values: Values): Values {
  const entered: Partial<Record<keyof Values, string>> = {};
  for (const name of Object.keys(values) as Array<keyof Values>) {
    const control = formElement.elements.namedItem(String(name));
    if (typeof values[name] === 'string' && holdsEnteredText(control) && control.value !== values[name])
      entered[name] = control.value;
  }
  return Object.keys(entered).length === 0 ? values : { ...values, ...entered };
}

/**
 * Every form's state: values, per-field errors, the submit state and the server's refusal. `field(name)` binds a
 * text input, textarea or select (editing a field clears its error); `setValue` sets any other kind of value.
 * A form on a page the build renders ahead (build/prerender) takes `formRef` on its `<form>`: see there.
 */
export function useForm<Values extends object, Output = unknown>({
  initial,
  validate,
  submit,
  successMessage,
  onSuccess,
  resetOnSuccess,
}: FormOptions<Values, Output>) {
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
  // Only a change: on mount the values are `initial` already, and resetting them then would undo `formRef`.
  const appliedInitial = useRef(initial);
  useEffect(() => {
    if (appliedInitial.current === initial) return;
    appliedInitial.current = initial;
    setValues(initial);
    setErrors({});
  }, [initial]);

  /**
   * On a prerendered page, what is typed or autofilled before the page hydrates is only in the DOM: React hydrates
   * the fields with the form's first values, and its next render would write those over it. Taken over when React
   * attaches the form, before anything can render again, what the fields hold becomes the form's values.
   */
  const formRef = useCallback((formElement: HTMLFormElement | null) => {
    if (formElement) setValues((current) => valuesInForm(formElement, current));
  }, []);

  const setValue = <Key extends keyof Values>(name: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  const field = <Key extends TextKeys<Values>>(name: Key) => ({
    name: String(name),
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { readonly target: { readonly value: string } }) =>
      setValue(name, event.target.value as Values[Key]),
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
      if (apiError.field !== undefined && apiError.field in values)
        setErrors({ [apiError.field]: apiError.message } as FieldErrors<Values>);
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

  return { values, setValue, setValues, errors, setErrors, field, formRef, submitting, formError, handleSubmit, reset };
}

export type Form<Values extends object> = ReturnType<typeof useForm<Values>>;
