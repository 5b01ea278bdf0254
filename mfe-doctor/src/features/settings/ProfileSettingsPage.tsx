import {
  COLUMN_RULES,
  FormFrame,
  type Member,
  Section,
  SelectField,
  STAFF_TITLES,
  TextField,
  useForm,
} from '@campuscare/shared';
import { changesEmail, EmailChangePasswordField, OwnProfilePage } from '@campuscare/shared/account';
import { staffProfileForm, validateStaffProfileForm, type StaffProfileForm } from './staffProfileApi';
import { staffProfileMutation } from './staffProfileQueries';
import styles from './settings.module.css';

const TITLE_OPTIONS = STAFF_TITLES.map((title) => ({ value: title, label: title === '' ? '—' : title }));

export function ProfileForm({ member }: { readonly member: Member }) {
  const form = useForm({
    initial: staffProfileForm(member),
    validate: (values: StaffProfileForm) => validateStaffProfileForm(member, values),
    mutation: staffProfileMutation(member),
    input: (values: StaffProfileForm) => values,
  });

  return (
    <FormFrame form={form} className={styles.form} label="Personal details" submit="Save changes">
      <SelectField label="Title" options={TITLE_OPTIONS} {...form.field('title')} />
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
      <TextField
        label="Staff ID"
        maxLength={COLUMN_RULES.members_staff_id_length.maxLength}
        {...form.field('staffId')}
      />
      <TextField label="Email Address" type="email" autoComplete="email" {...form.field('email')} />
      <EmailChangePasswordField shown={changesEmail(member, form.values.email)} {...form.field('currentPassword')} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" {...form.field('phone')} />
    </FormFrame>
  );
}

/** /adminprofile: the doctor's photo and personal details. */
export function ProfileSettingsPage() {
  return (
    <OwnProfilePage photoTitle="Photo">
      {({ member }) => (
        <Section title="Personal details">
          <ProfileForm member={member} />
        </Section>
      )}
    </OwnProfilePage>
  );
}
