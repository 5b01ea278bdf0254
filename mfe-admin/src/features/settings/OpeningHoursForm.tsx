import { useState, type FormEvent } from 'react';
import { Button, ErrorBanner, getSupabase, notifySuccess, weeklyHoursErrors, weeklyHoursFrom, WeeklyHoursEditor, type ClinicHours, type WeeklyHours, type WeeklyHoursErrors } from '@campuscare/shared';
import { saveClinicHours } from './clinicSettingsApi';
import styles from './settings.module.css';

interface OpeningHoursFormProps {
  readonly universityId: string;
  readonly hours: readonly ClinicHours[];
  readonly canEdit: boolean;
  readonly onSaved: () => void;
}

export function OpeningHoursForm({ universityId, hours, canEdit, onSaved }: OpeningHoursFormProps) {
  const [week, setWeek] = useState<WeeklyHours>(() => weeklyHoursFrom(hours));
  const [errors, setErrors] = useState<WeeklyHoursErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const dayErrors = weeklyHoursErrors(week);
    setErrors(dayErrors);
    if (Object.keys(dayErrors).length > 0) return;
    setSaving(true);
    try {
      await saveClinicHours(await getSupabase(), { universityId, week });
      notifySuccess('Opening hours saved');
      onSaved();
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} aria-label="Opening hours" onSubmit={(event) => void save(event)} noValidate>
      <WeeklyHoursEditor
        legend="Open days and hours"
        dayOnLabel="Open"
        value={week}
        onChange={(next) => {
          setWeek(next);
          setErrors({});
        }}
        errors={errors}
        readOnly={!canEdit}
      />
      <p className={styles.hint}>Doctors&apos; own hours must fit within these. Appointments already booked stay where they are.</p>
      {saveError && <ErrorBanner message={saveError} />}
      {canEdit && (
        <div className={styles.buttons}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save opening hours'}
          </Button>
        </div>
      )}
    </form>
  );
}
