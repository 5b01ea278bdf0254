import { useState } from 'react';
import {
  type ContractPath,
  type FieldErrors,
  runApiMutation,
  type SignInPortal,
  SignInRefusal,
  signInRequestedPage,
  type SignInValues,
  useForm,
  useLocation,
  useNavigate,
  useUserProfile,
} from '@campuscare/shared';
import { signInMutation } from './signInQueries';
import { canSubmitSignIn, visibleSignInErrors } from './signInRules';

interface SignInFormOptions<Values extends SignInValues> {
  readonly initial: Values;
  readonly validate: (values: Values) => FieldErrors<Values>;
  /** The sign-in page the values are sent through (the role chosen on /signin, or the staff page). */
  readonly portalOf: (values: Values) => SignInPortal;
}

/**
 * A sign-in form: sends the credentials, waits for the profile, then goes to the page the visitor was on their way to
 * when it is theirs to open, or where the account's role belongs. The email
 * and password fields show the spec's rules while typing; when a refusal says another sign-in page is the right one,
 * `signInInstead` links to it.
 */
export function useSignInForm<Values extends SignInValues>({ initial, validate, portalOf }: SignInFormOptions<Values>) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { refresh } = useUserProfile();
  const [signInInstead, setSignInInstead] = useState<ContractPath | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);
  const form = useForm({
    initial,
    // A submit shows the email's rule from then on, as leaving the field does.
    validate: (values: Values) => {
      setEmailTouched(true);
      return validate(values);
    },
    submit: async (values: Values) => {
      setSignInInstead(null);
      try {
        const signedIn = await runApiMutation(signInMutation, {
          credentials: { email: values.email, password: values.password },
          portal: portalOf(values),
          requestedPage: signInRequestedPage(state),
        });
        // The guard of the next page must see the new session, not the signed-out state this page started with.
        await refresh();
        return signedIn;
      } catch (error) {
        if (error instanceof SignInRefusal) setSignInInstead(error.signInInstead ?? null);
        throw error;
      }
    },
    onSuccess: (signedIn) => navigate(signedIn.destination, { replace: true }),
  });
  const shownErrors = visibleSignInErrors(form.values, emailTouched);
  const credential = (name: keyof SignInValues) => ({
    name,
    value: form.values[name],
    error: shownErrors[name] ?? form.errors[name],
    onChange: (event: { readonly target: { readonly value: string } }) =>
      form.setValue(name, event.target.value as Values[typeof name]),
  });

  return {
    form,
    signInInstead,
    /** Whether the spec lets the button be pressed: both fields filled and no rule broken that shows. */
    canSubmit: canSubmitSignIn(form.values, shownErrors),
    emailField: { ...credential('email'), onBlur: () => setEmailTouched(true) },
    passwordField: credential('password'),
  };
}
