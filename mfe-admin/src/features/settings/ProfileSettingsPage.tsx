import {
  COLUMN_RULES,
  columnError,
  type FieldErrors,
  FormFrame,
  imageObjectPath,
  isValidEmail,
  LOGO_HINT,
  MESSAGES,
  phoneError,
  QueryView,
  Section,
  TextField,
  type University,
  UNIVERSITY_LOGOS_BUCKET,
  useApiMutation,
  useForm,
  useUniversityLogoUrl,
} from '@campuscare/shared';
import { PhotoPicker, SettingsHeader } from '@campuscare/shared/account';
import { updateUniversityLogoMutation, updateUniversityMutation } from '../../university/universityQueries';
import { useUniversity } from '../../university/useUniversity';
import styles from './settings.module.css';

interface DetailsValues {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

export function validateUniversityDetails(values: DetailsValues): FieldErrors<DetailsValues> {
  const errors: FieldErrors<DetailsValues> = {};
  const name = columnError(COLUMN_RULES.universities_name_length, values.name);
  if (name !== undefined) errors.name = name;
  if (!isValidEmail(values.email)) errors.email = MESSAGES.invalidEmail;
  const phone = phoneError(values.phone);
  if (phone !== undefined) errors.phone = phone;
  return errors;
}

function UniversityProfile({ university }: { readonly university: University }) {
  const updateLogo = useApiMutation(updateUniversityLogoMutation, { errors: 'caller' });
  const form = useForm({
    initial: { name: university.name, email: university.email, phone: university.phone ?? '' },
    validate: validateUniversityDetails,
    mutation: updateUniversityMutation,
    input: (values: DetailsValues) => ({
      id: university.id,
      change: {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() === '' ? null : values.phone.trim(),
      },
    }),
  });
  const logoUrl = useUniversityLogoUrl(university.logo_path);

  return (
    <>
      <Section title="Profile photo">
        <PhotoPicker
          label="University logo"
          bucket={UNIVERSITY_LOGOS_BUCKET}
          currentUrl={logoUrl}
          hint={LOGO_HINT}
          // A new name each time: the logo bucket is public and browsers keep showing a cached image at an old URL.
          pathFor={(file) => imageObjectPath(university.id, `logo-${Date.now()}`, file)}
          onUploaded={async (path) => {
            await updateLogo.mutateAsync({ id: university.id, change: { logo_path: path } });
          }}
        />
      </Section>
      <Section title="University details">
        <FormFrame form={form} className={styles.form} label="University details" submit="Save">
          <TextField
            label="University Name"
            maxLength={COLUMN_RULES.universities_name_length.maxLength}
            {...form.field('name')}
          />
          <TextField label="Email" type="email" {...form.field('email')} />
          <TextField label="Phone" type="tel" {...form.field('phone')} />
        </FormFrame>
      </Section>
    </>
  );
}

/** /profilepage: the university's logo and details, prefilled from the database. */
export function ProfileSettingsPage() {
  const university = useUniversity();
  return (
    <>
      <SettingsHeader />
      <QueryView query={university} loadingLabel="Loading your university…">
        {(loaded) => <UniversityProfile key={loaded.id} university={loaded} />}
      </QueryView>
    </>
  );
}
