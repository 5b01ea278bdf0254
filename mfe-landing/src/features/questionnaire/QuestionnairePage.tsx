import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  ErrorBanner,
  getSupabase,
  hasErrors,
  HealthProfileFields,
  healthProfileFormValues,
  notifySuccess,
  PATHS,
  saveHealthProfile,
  useUserProfile,
  validateHealthProfile,
  type FieldErrors,
  type HealthProfileValues,
} from '@campuscare/shared';
import { AuthPageFrame, authFormStyles } from '../../components/AuthPageFrame';

/** The health questionnaire a student fills in after joining (the guard lets only signed-in students here). */
export function QuestionnairePage() {
  const profile = useUserProfile();
  const navigate = useNavigate();
  const [values, setValues] = useState<HealthProfileValues>(() => healthProfileFormValues(profile.status === 'signedIn' ? profile.healthProfile : null));
  const [errors, setErrors] = useState<FieldErrors<HealthProfileValues>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const onChange = (next: HealthProfileValues) => {
    setValues(next);
    if (hasErrors(errors)) setErrors(validateHealthProfile(next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateHealthProfile(values);
    setErrors(problems);
    if (hasErrors(problems) || profile.status !== 'signedIn') return;
    setSaving(true);
    setSaveError(null);
    try {
      const failure = await saveHealthProfile(await getSupabase(), profile.member.id, values);
      if (failure) {
        setSaveError(failure);
        return;
      }
      await profile.refresh();
      notifySuccess('Your health profile is saved');
      navigate(PATHS.studentDashboard);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : 'Could not save your health profile. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthPageFrame
      title="Let's know more about you"
      intro={<p>Your genotype, blood group, disability, allergies and BMI help your university’s doctors care for you. Only you and your university’s doctors can see them.</p>}
    >
      {saveError && <ErrorBanner message={saveError} />}
      <form className={authFormStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Health questionnaire">
        <HealthProfileFields values={values} errors={errors} onChange={onChange} disabled={saving} />
        <Button type="submit" className={authFormStyles.submit} disabled={saving}>
          {saving ? 'Saving…' : 'Continue'}
        </Button>
      </form>
      <p className={authFormStyles.footnote}>
        Not you? <Link to={PATHS.signIn}>Login</Link>
      </p>
    </AuthPageFrame>
  );
}
