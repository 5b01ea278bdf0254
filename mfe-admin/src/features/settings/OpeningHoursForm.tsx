import { type ClinicHours, FormFrame, runApiMutation, useForm } from '@campuscare/shared';
import { useAffectedVisitsCheck } from '@campuscare/shared/appointments';
import {
  openDayRows,
  type WeeklyHours,
  WeeklyHoursEditor,
  weeklyHoursErrors,
  weeklyHoursFrom,
} from '@campuscare/shared/scheduling';
import { clinicHoursMutation } from './clinicSettingsQueries';
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
  const affectedVisits = useAffectedVisitsCheck('Save the hours');
  const form = useForm({
    initial: { week: weeklyHoursFrom(hours) },
    validate: (values: OpeningHoursValues) =>
      Object.keys(weeklyHoursErrors(values.week)).length > 0 ? { week: DAY_HOURS_WRONG } : {},
    // Saved only once staff have seen the booked visits the new hours would leave.
    submit: async (values) => {
      if (!(await affectedVisits.confirm({ kind: 'clinic_hours', hours: openDayRows(values.week) }))) return;
      await runApiMutation(clinicHoursMutation, { universityId, week: values.week });
    },
  });
  // Each day's problem shows on its row once a save was tried, until the week is edited again.
  const dayErrors = form.errors.week ? weeklyHoursErrors(form.values.week) : {};

  return (
    <>
      <FormFrame
        form={form}
        className={styles.form}
        label="Opening hours"
        submit="Save opening hours"
        readOnly={!canEdit}
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
      </FormFrame>
      {affectedVisits.dialog}
    </>
  );
}
