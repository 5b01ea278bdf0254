import { useMemo } from 'react';
import { Button, type ClinicSettings, ErrorBanner, TextField, useApiMutation, useForm } from '@campuscare/shared';
import { CLINIC_CHANGES, saveClinicContact } from './clinicSettingsApi';
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
  const initial = useMemo<ClinicContactValues>(
    () => ({ phone: settings.phone ?? '', email: settings.email ?? '', address: settings.address ?? '' }),
    [settings],
  );
  const save = useApiMutation(saveClinicContact, { invalidates: CLINIC_CHANGES, errors: 'caller' });
  const { field, handleSubmit, submitting, formError } = useForm({
    initial,
    validate: validateClinicContact,
    submit: (values) =>
      save.mutateAsync({ universityId: settings.university_id, contact: storedClinicContact(values) }),
    successMessage: 'Contact details saved',
  });

  return (
    <form
      className={styles.form}
      aria-label="Contact details"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
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
      {formError && <ErrorBanner message={formError} />}
      {canEdit && (
        <div className={styles.buttons}>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save contact details'}
          </Button>
        </div>
      )}
    </form>
  );
}
