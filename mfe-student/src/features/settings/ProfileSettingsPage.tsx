import {
  COLUMN_RULES,
  FormFrame,
  type HealthProfile,
  type HealthProfileValues,
  type Member,
  Section,
  SelectField,
  TextField,
  useForm,
  validateHealthProfile,
  YEARS_OF_STUDY,
} from '@campuscare/shared';
import { changesEmail, EmailChangePasswordField, OwnProfilePage } from '@campuscare/shared/account';
import { HealthProfileFields, healthProfileFormValues } from '@campuscare/shared/health';
import { studentProfileForm, validateStudentProfileForm, type StudentProfileForm } from './studentProfileApi';
import { healthInformationMutation, studentProfileMutation } from './studentProfileQueries';
import styles from './Settings.module.css';

const YEAR_OPTIONS = [
  { value: '', label: 'Choose a year' },
  ...YEARS_OF_STUDY.map((year) => ({ value: year, label: year })),
];

export function PersonalDetailsForm({ member }: { readonly member: Member }) {
  const form = useForm({
    initial: studentProfileForm(member),
    validate: (values: StudentProfileForm) => validateStudentProfileForm(member, values),
    mutation: studentProfileMutation(member),
    input: (values: StudentProfileForm) => values,
  });

  return (
    <FormFrame form={form} className={styles.form} label="Personal details" submit="Save changes">
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
    </FormFrame>
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
  const form = useForm({
    initial: healthProfileFormValues(healthProfile),
    validate: validateHealthProfile,
    mutation: healthInformationMutation,
    input: (values: HealthProfileValues) => ({ studentId: member.id, values }),
  });

  return (
    <FormFrame form={form} className={styles.form} label="Health information" submit="Save health information">
      <HealthProfileFields
        values={form.values}
        errors={form.errors}
        onChange={form.setValues}
        disabled={form.submitting}
      />
    </FormFrame>
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
