import { type FieldErrors, type Form, hasErrors } from '@campuscare/shared';

type TextKey<Values> = { [Key in keyof Values]: Values[Key] extends string ? Key : never }[keyof Values];

/**
 * Binds a required text field of a registration form, locked while it is sent: once a submit has shown what is wrong,
 * every edit checks the whole form again, so each message goes (or appears) as the person types, as the registration
 * rules ask.
 */
export function liveCheckedField<Values extends object>(
  form: Form<Values>,
  validate: (values: Values) => FieldErrors<Values>,
  name: TextKey<Values>,
) {
  return {
    ...form.field(name),
    required: true,
    disabled: form.submitting,
    onChange: (event: { readonly target: { readonly value: string } }) => {
      const value = event.target.value as Values[typeof name];
      form.setValue(name, value);
      if (hasErrors(form.errors)) form.setErrors(validate({ ...form.values, [name]: value }));
    },
  };
}
