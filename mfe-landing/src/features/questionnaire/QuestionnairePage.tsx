import { useMemo } from 'react';
import {
  API_MESSAGES,
  ApiError,
  Button,
  ErrorBanner,
  type HealthProfileValues,
  Link,
  PATHS,
  queryKeys,
  useApiMutation,
  useForm,
  useNavigate,
  useUserProfile,
  validateHealthProfile,
} from '@campuscare/shared';
import { HealthProfileFields, healthProfileFormValues, saveHealthProfile } from '@campuscare/shared/health';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';

/** The health questionnaire a student fills in after joining (the guard lets only signed-in students here). */
export function QuestionnairePage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const student = profile.status === 'signedIn' ? profile.member : null;
  const storedProfile = profile.status === 'signedIn' ? profile.healthProfile : null;
  // The signed-in profile carries the health profile: both are re-read after saving.
  const save = useApiMutation(saveHealthProfile, {
    invalidates: [queryKeys.healthProfile, queryKeys.profile],
    errors: 'caller',
  });
  const initial = useMemo(() => healthProfileFormValues(storedProfile), [storedProfile]);
  const form = useForm({
    initial,
    validate: validateHealthProfile,
    submit: async (values: HealthProfileValues) => {
      if (!student) throw new ApiError(API_MESSAGES.sessionEnded);
      await save.mutateAsync({ studentId: student.id, values });
    },
    successMessage: 'Your health profile is saved',
    onSuccess: () => navigate(PATHS.studentDashboard),
  });

  return (
    <AuthPageFrame
      title="Let's know more about you"
      intro={
        <p>
          Your genotype, blood group, disability, allergies and BMI help your university’s doctors care for you. Only
          you and your university’s doctors can see them.
        </p>
      }
    >
      {form.formError && <ErrorBanner message={form.formError} />}
      <form
        className={authFormStyles.form}
        onSubmit={(event) => void form.handleSubmit(event)}
        noValidate
        aria-label="Health questionnaire"
      >
        <HealthProfileFields
          values={form.values}
          errors={form.errors}
          onChange={form.setValues}
          disabled={form.submitting}
        />
        <Button type="submit" className={authFormStyles.submit} disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Continue'}
        </Button>
      </form>
      <p className={authFormStyles.footnote}>
        Not you? <Link to={PATHS.signIn}>Login</Link>
      </p>
    </AuthPageFrame>
  );
}
