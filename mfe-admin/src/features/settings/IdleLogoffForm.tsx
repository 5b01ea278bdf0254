import {
  type ClinicSettings,
  COLUMN_RULES,
  columnError,
  FormFrame,
  STAFF_IDLE_MINUTES_RANGE,
  TextField,
  useForm,
} from '@campuscare/shared';
import { staffIdleMinutesMutation } from './clinicSettingsQueries';
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
  const form = useForm({
    initial: { staffIdleMinutes: String(settings.staff_idle_minutes) },
    validate: (candidate: IdleLogoffValues) => {
      const error = columnError(COLUMN_RULES.clinic_settings_staff_idle_range, candidate.staffIdleMinutes);
      return error === undefined ? {} : { staffIdleMinutes: error };
    },
    mutation: staffIdleMinutesMutation,
    input: (candidate: IdleLogoffValues) => ({
      universityId: settings.university_id,
      minutes: Number(candidate.staffIdleMinutes.trim()),
    }),
  });

  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Idle sign-out"
      submit="Save idle sign-out"
      readOnly={!canEdit}
    >
      <fieldset className={styles.plain} disabled={!canEdit}>
        <TextField
          label="Sign staff out after (minutes without activity)"
          type="number"
          inputMode="numeric"
          min={STAFF_IDLE_MINUTES_RANGE.min}
          max={STAFF_IDLE_MINUTES_RANGE.max}
          hint="Doctors and administrators are warned a minute before. Students are signed out after 60 minutes, everyone 12 hours after signing in."
          {...form.field('staffIdleMinutes')}
        />
      </fieldset>
    </FormFrame>
  );
}
