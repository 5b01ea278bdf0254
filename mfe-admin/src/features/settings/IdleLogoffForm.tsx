import { useMemo } from 'react';
import {
  Button,
  type ClinicSettings,
  COLUMN_RULES,
  columnError,
  ErrorBanner,
  queryKeys,
  STAFF_IDLE_MINUTES_RANGE,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { saveStaffIdleMinutes } from './clinicSettingsApi';
import styles from './settings.module.css';

interface IdleLogoffFormProps {
  readonly settings: ClinicSettings;
  readonly canEdit: boolean;
}

interface IdleLogoffValues {
  readonly staffIdleMinutes: string;
}

/** How long a doctor's or admin's session may go unused before it ends; the server enforces it, the shell warns. */
export function IdleLogoffForm({ settings, canEdit }: IdleLogoffFormProps) {
  const initial = useMemo<IdleLogoffValues>(
    () => ({ staffIdleMinutes: String(settings.staff_idle_minutes) }),
    [settings],
  );
  const save = useApiMutation(saveStaffIdleMinutes, { invalidates: [queryKeys.clinic], errors: 'caller' });
  const { field, handleSubmit, submitting, formError } = useForm({
    initial,
    validate: (candidate: IdleLogoffValues) => {
      const error = columnError(COLUMN_RULES.clinic_settings_staff_idle_range, candidate.staffIdleMinutes);
      return error === undefined ? {} : { staffIdleMinutes: error };
    },
    submit: (candidate) =>
      save.mutateAsync({ universityId: settings.university_id, minutes: Number(candidate.staffIdleMinutes.trim()) }),
    successMessage: 'Idle sign-out saved',
  });

  return (
    <form className={styles.form} aria-label="Idle sign-out" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <fieldset className={styles.plain} disabled={!canEdit}>
        <TextField
          label="Sign staff out after (minutes without activity)"
          type="number"
          inputMode="numeric"
          min={STAFF_IDLE_MINUTES_RANGE.min}
          max={STAFF_IDLE_MINUTES_RANGE.max}
          hint="Doctors and administrators are warned a minute before. Students are signed out after 60 minutes, everyone 12 hours after signing in."
          {...field('staffIdleMinutes')}
        />
      </fieldset>
      {formError && <ErrorBanner message={formError} />}
      {canEdit && (
        <div className={styles.buttons}>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save idle sign-out'}
          </Button>
        </div>
      )}
    </form>
  );
}
