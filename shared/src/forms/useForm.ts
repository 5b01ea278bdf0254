import { replaceEqualDeep } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../validation/schemas';
import { notifySuccess } from '../toast/toast';
import { toApiError } from '../data/apiError';
import { runApiMutation, type ApiMutation } from '../data/useApi';

/**
 * How a form sends its values. Most forms run their feature's `apiMutation` (which says what it invalidates and what
 * to toast), turning the values into its input; a form that is no API change (signing in) gives `submit`.
 */
type FormSubmission<Values, Output, Input> =
  | {
      readonly mutation: ApiMutation<Input, Output>;
      readonly input: (values: Values) => Input;
      readonly submit?: never;
      readonly successMessage?: never;
    }
  | {
      readonly submit: (values: Values) => Promise<Output>;
      /** Toasted after a real success. */
      readonly successMessage?: string;
      readonly mutation?: never;
      readonly input?: never;
    };

type FormOptions<Values, Output, Input> = FormSubmission<Values, Output, Input> & {
  /**
   * The starting values; the form resets to them whenever they change in value (e.g. after a save refreshed the
   * profile). A new object with the same values changes nothing, so callers may build it on every render.
   */
  readonly initial: Values;
  /** The shared rules for these values: errors per field, empty when the values may be sent. */
  readonly validate?: (values: Values) => FieldErrors<Values>;
  readonly onSuccess?: (output: Output, values: Values) => void;
  /** Back to `initial` after a success (a form that creates things). */
  readonly resetOnSuccess?: boolean;
};

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
 * Every form's state, its only one: values, per-field errors, the submit state and the server's refusal, whether it
 * runs a mutation or its own `submit`. `field(name)` binds a text input, textarea or select (editing a field clears
 * its error); `setValue` sets any other kind of value. `FormFrame` renders the form around it. A form on a page the
 * build renders ahead (build/prerender) takes `formRef` on its `<form>`: see there.
 */
export function useForm<Values extends object, Output = unknown, Input = Values>(
  options: FormOptions<Values, Output, Input>,
) {
  const { initial, validate, onSuccess, resetOnSuccess } = options;
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
  // Only a change: on mount the values are `initial` already, and resetting them then would undo `formRef`. A change
  // in value, not in identity: a caller building `initial` on every render would otherwise reset what was typed.
  const appliedInitial = useRef(initial);
  useEffect(() => {
    if (replaceEqualDeep(appliedInitial.current, initial) === appliedInitial.current) return;
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
      const output = options.mutation
        ? await runApiMutation(options.mutation, options.input(values))
        : await options.submit(values);
      if (options.successMessage) notifySuccess(options.successMessage);
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
