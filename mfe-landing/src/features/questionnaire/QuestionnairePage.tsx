import { useMemo } from 'react';
import {
  API_MESSAGES,
  ApiError,
  FormFrame,
  type HealthProfileValues,
  Link,
  PATHS,
  runApiMutation,
  useForm,
  useNavigate,
  useUserProfile,
  validateHealthProfile,
} from '@campuscare/shared';
import { HealthProfileFields, healthProfileFormValues } from '@campuscare/shared/health';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';
import { questionnaireMutation } from './questionnaireQueries';

/** The health questionnaire a student fills in after joining (the guard lets only signed-in students here). */
export function QuestionnairePage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const student = profile.status === 'signedIn' ? profile.member : null;
  const storedProfile = profile.status === 'signedIn' ? profile.healthProfile : null;
  const initial = useMemo(() => healthProfileFormValues(storedProfile), [storedProfile]);
  const form = useForm({
    initial,
    validate: validateHealthProfile,
    submit: async (values: HealthProfileValues) => {
      if (!student) throw new ApiError(API_MESSAGES.sessionEnded);
      await runApiMutation(questionnaireMutation, { studentId: student.id, values });
    },
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
      <FormFrame form={form} className={authFormStyles.form} label="Health questionnaire" submit="Continue">
        <HealthProfileFields
          values={form.values}
          errors={form.errors}
          onChange={form.setValues}
          disabled={form.submitting}
        />
      </FormFrame>
      <p className={authFormStyles.footnote}>
        Not you? <Link to={PATHS.signIn}>Login</Link>
      </p>
    </AuthPageFrame>
  );
}
