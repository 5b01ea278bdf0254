import { useMemo } from 'react';
import {
  COLUMN_RULES,
  type HealthProfile,
  type HealthProfileValues,
  type Member,
  queryKeys,
  Section,
  SelectField,
  TextField,
  useApiMutation,
  useForm,
  validateHealthProfile,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import {
  changesEmail,
  EmailChangePasswordField,
  FormFooter,
  OwnProfilePage,
  useOwnProfileSave,
} from '@campuscare/shared/account';
import { HealthProfileFields, healthProfileFormValues, saveHealthProfile } from '@campuscare/shared/health';
import {
  saveStudentProfile,
  studentProfileForm,
  validateStudentProfileForm,
  type StudentProfileForm,
} from './studentProfileApi';
import styles from './Settings.module.css';

export const SETTINGS_MESSAGES = {
  profileSaved: 'Profile saved',
  healthSaved: 'Health information saved',
} as const;

const YEAR_OPTIONS = [
  { value: '', label: 'Choose a year' },
  ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year })),
];

export function PersonalDetailsForm({ member }: { readonly member: Member }) {
  const save = useOwnProfileSave((client, values: StudentProfileForm) => saveStudentProfile(client, member, values));
  const initial = useMemo(() => studentProfileForm(member), [member]);
  const form = useForm({
    initial,
    validate: (values: StudentProfileForm) => validateStudentProfileForm(member, values),
    submit: (values: StudentProfileForm) => save.mutateAsync(values),
    successMessage: SETTINGS_MESSAGES.profileSaved,
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      aria-label="Personal details"
    >
      <div className={styles.row}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={COLUMN_RULES.members_first_name_length.maxLength}
          {...form.field('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={COLUMN_RULES.members_last_name_length.maxLength}
          {...form.field('lastName')}
        />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <EmailChangePasswordField shown={changesEmail(member, form.values.email)} {...form.field('currentPassword')} />
      <TextField
        label="Matric number"
        value={member.reg_number ?? ''}
        readOnly
        hint="Your registration number: the university's office changes it if it is wrong"
      />
      <div className={styles.row}>
        <TextField
          label="Department"
          maxLength={COLUMN_RULES.members_department_length.maxLength}
          {...form.field('department')}
        />
        <SelectField label="Year of study" options={YEAR_OPTIONS} {...form.field('yearOfStudy')} />
      </div>
      <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
      <FormFooter formError={form.formError} submitting={form.submitting} label="Save changes" />
    </form>
  );
}

/** The questionnaire's answers, edited with the same fields and rules as /questions. */
function HealthInformationForm({
  member,
  healthProfile,
}: {
  readonly member: Member;
  readonly healthProfile: HealthProfile | null;
}) {
  const save = useApiMutation(saveHealthProfile, {
    invalidates: [queryKeys.profile, queryKeys.healthProfile],
    errors: 'caller',
  });
  const initial = useMemo(() => healthProfileFormValues(healthProfile), [healthProfile]);
  const form = useForm({
    initial,
    validate: validateHealthProfile,
    submit: (values: HealthProfileValues) => save.mutateAsync({ studentId: member.id, values }),
    successMessage: SETTINGS_MESSAGES.healthSaved,
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      aria-label="Health information"
    >
      <HealthProfileFields
        values={form.values}
        errors={form.errors}
        onChange={form.setValues}
        disabled={form.submitting}
      />
      <FormFooter formError={form.formError} submitting={form.submitting} label="Save health information" />
    </form>
  );
}

/** /studentprofile: photo, personal details and health information, each saved on its own. */
export function ProfileSettingsPage() {
  return (
    <OwnProfilePage photoTitle="Profile photo">
      {({ member, healthProfile }) => (
        <>
          <Section title="Personal details">
            <PersonalDetailsForm member={member} />
          </Section>
          <Section title="Health information">
            <HealthInformationForm member={member} healthProfile={healthProfile} />
          </Section>
        </>
      )}
    </OwnProfilePage>
  );
}
