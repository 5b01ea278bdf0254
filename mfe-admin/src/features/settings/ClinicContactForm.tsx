import { type ClinicSettings, FormFrame, TextField, useForm } from '@campuscare/shared';
import { clinicContactMutation } from './clinicSettingsQueries';
import {
  CLINIC_ADDRESS_MAX_LENGTH,
  storedClinicContact,
  validateClinicContact,
  type ClinicContactValues,
} from './clinicRules';
import styles from './settings.module.css';

interface ClinicContactFormProps {
  readonly settings: ClinicSettings;
  readonly canEdit: boolean;
}

/** The clinic's phone, email and address, which students are given wherever they are told to contact the clinic. */
export function ClinicContactForm({ settings, canEdit }: ClinicContactFormProps) {
  const form = useForm({
    initial: { phone: settings.phone ?? '', email: settings.email ?? '', address: settings.address ?? '' },
    validate: validateClinicContact,
    mutation: clinicContactMutation,
    input: (values: ClinicContactValues) => ({
      universityId: settings.university_id,
      contact: storedClinicContact(values),
    }),
  });
  const { field } = form;

  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Contact details"
      submit="Save contact details"
      readOnly={!canEdit}
    >
      <fieldset className={styles.plain} disabled={!canEdit}>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          hint="Optional. Students are asked to call this number"
          {...field('phone')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          hint="Optional. Students write here when there is no phone number"
          {...field('email')}
        />
        <TextField
          label="Address"
          maxLength={CLINIC_ADDRESS_MAX_LENGTH}
          hint="Optional. Where the clinic is"
          {...field('address')}
        />
      </fieldset>
    </FormFrame>
  );
}
