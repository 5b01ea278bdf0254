import { useMemo } from 'react';
import { Button, type ClinicHours, ErrorBanner, useApiMutation, useForm } from '@campuscare/shared';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import {
  openDayRows,
  type WeeklyHours,
  WeeklyHoursEditor,
  weeklyHoursErrors,
  weeklyHoursFrom,
} from '@campuscare/shared/scheduling';
import { CLINIC_CHANGES, saveClinicHours } from './clinicSettingsApi';
import styles from './settings.module.css';

interface OpeningHoursFormProps {
  readonly universityId: string;
  readonly hours: readonly ClinicHours[];
  readonly canEdit: boolean;
}

interface OpeningHoursValues {
  readonly week: WeeklyHours;
}

const DAY_HOURS_WRONG = 'Check the hours of the days marked below';

export function OpeningHoursForm({ universityId, hours, canEdit }: OpeningHoursFormProps) {
  const save = useApiMutation(saveClinicHours, {
    invalidates: CLINIC_CHANGES,
    errors: 'caller',
    success: 'Opening hours saved',
  });
  const affectedVisits = useAffectedVisitsCheck('Save the hours');
  const initial = useMemo<OpeningHoursValues>(() => ({ week: weeklyHoursFrom(hours) }), [hours]);
  const form = useForm({
    initial,
    validate: (values) => (Object.keys(weeklyHoursErrors(values.week)).length > 0 ? { week: DAY_HOURS_WRONG } : {}),
    submit: async (values) => {
      if (!(await affectedVisits.confirm({ kind: 'clinic_hours', hours: openDayRows(values.week) }))) return;
      await save.mutateAsync({ universityId, week: values.week });
    },
  });
  // Each day's problem shows on its row once a save was tried, until the week is edited again.
  const dayErrors = form.errors.week ? weeklyHoursErrors(form.values.week) : {};

  return (
    <>
      <form
        className={styles.form}
        aria-label="Opening hours"
        onSubmit={(event) => void form.handleSubmit(event)}
        noValidate
      >
        <WeeklyHoursEditor
          legend="Open days and hours"
          dayOnLabel="Open"
          value={form.values.week}
          onChange={(week) => form.setValue('week', week)}
          errors={dayErrors}
          readOnly={!canEdit}
        />
        <p className={styles.hint}>
          Doctors&apos; own hours must fit within these. Before new hours are saved, you see the booked visits they
          would leave out.
        </p>
        {form.formError && <ErrorBanner message={form.formError} />}
        {canEdit && (
          <div className={styles.buttons}>
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? 'Saving…' : 'Save opening hours'}
            </Button>
          </div>
        )}
      </form>
      {affectedVisits.dialog}
    </>
  );
}
