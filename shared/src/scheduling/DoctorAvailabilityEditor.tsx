import { useId, useMemo } from 'react';
import { FormFrame, QueryView, runApiMutation, useApiQuery, useForm } from '@campuscare/shared';
import type { DoctorAvailability, DoctorRef } from './availabilityApi';
import { doctorAvailabilityQuery, weeklyHoursMutation } from './availabilityQueries';
import type { Clinic } from './schedulingApi';
import { TimeOffList } from './TimeOffList';
import { useClinic } from './useClinic';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';
import type { ConfirmVisitsChange } from './visitsChange';
import { openDayRows, weeklyHoursErrors, weeklyHoursFrom, type WeeklyHours } from './weeklyHours';
import styles from './scheduling.module.css';

/** Whether the doctor takes the clinic's hours as they are, or keeps hours of their own. */
type HoursMode = 'clinic' | 'own';

interface WeeklyHoursValues {
  readonly mode: HoursMode;
  readonly week: WeeklyHours;
}

const DAY_OUTSIDE_HOURS = 'Check the hours of the days marked below';

interface WeeklyHoursFormProps {
  readonly doctor: DoctorRef;
  readonly clinic: Clinic;
  readonly availability: DoctorAvailability;
  readonly confirmChange?: ConfirmVisitsChange;
}

function WeeklyHoursForm({ doctor, clinic, availability, confirmChange }: WeeklyHoursFormProps) {
  const modeName = useId();
  // Switching to own hours starts from the clinic's week, which is what the doctor works until then.
  const initial = useMemo<WeeklyHoursValues>(() => {
    const keepsOwnHours = availability.hours.length > 0;
    return keepsOwnHours
      ? { mode: 'own', week: weeklyHoursFrom(availability.hours, clinic.hours) }
      : { mode: 'clinic', week: weeklyHoursFrom(clinic.hours) };
  }, [availability.hours, clinic.hours]);
  const form = useForm({
    initial,
    validate: (values) =>
      values.mode === 'own' && Object.keys(weeklyHoursErrors(values.week, clinic.hours)).length > 0
        ? { week: DAY_OUTSIDE_HOURS }
        : {},
    submit: async (values) => {
      // No hours of their own: the doctor works the clinic's.
      const hours = values.mode === 'own' ? openDayRows(values.week) : [];
      if (confirmChange && !(await confirmChange({ kind: 'doctor_hours', doctor_id: doctor.id, hours }))) return;
      await runApiMutation(weeklyHoursMutation, { doctor, week: values.mode === 'own' ? values.week : null });
    },
  });
  // Each day's problem is shown on its row once a save was tried, until the week is edited again.
  const dayErrors = form.errors.week ? weeklyHoursErrors(form.values.week, clinic.hours) : {};

  return (
    <FormFrame form={form} className={styles.part} label="Weekly hours" submit="Save weekly hours">
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>When students can book</legend>
        <label className={styles.check}>
          <input
            type="radio"
            name={modeName}
            checked={form.values.mode === 'clinic'}
            onChange={() => form.setValue('mode', 'clinic')}
          />
          Whenever the clinic is open
        </label>
        <label className={styles.check}>
          <input
            type="radio"
            name={modeName}
            checked={form.values.mode === 'own'}
            onChange={() => form.setValue('mode', 'own')}
          />
          Only on these days and hours
        </label>
      </fieldset>
      {form.values.mode === 'own' && (
        <WeeklyHoursEditor
          legend="Working days and hours"
          dayOnLabel="Working"
          value={form.values.week}
          onChange={(week) => form.setValue('week', week)}
          errors={dayErrors}
          clinicHours={clinic.hours}
        />
      )}
    </FormFrame>
  );
}

/**
 * A doctor's availability, edited by the doctor (their settings) or an administrator (the staff list): weekly hours
 * within the clinic's, and time off. The database checks both; times are the clinic's wall clock. `confirmChange` is
 * asked before new hours or time off are saved, which can leave booked visits outside them.
 */
export function DoctorAvailabilityEditor({
  doctor,
  confirmChange,
}: {
  readonly doctor: DoctorRef;
  readonly confirmChange?: ConfirmVisitsChange;
}) {
  const clinicQuery = useClinic();
  const availabilityQuery = useApiQuery(doctorAvailabilityQuery(doctor.id));
  const headingId = useId();

  return (
    <QueryView query={clinicQuery} loadingLabel="Loading availability…">
      {(clinic) => (
        <QueryView query={availabilityQuery} loadingLabel="Loading availability…">
          {(availability) => (
            <>
              <p className={styles.hint}>Days and times are the clinic&apos;s, in {clinic.settings.timezone}.</p>
              <section className={styles.part} aria-labelledby={`${headingId}-hours`}>
                <h3 id={`${headingId}-hours`} className={styles.partTitle}>
                  Weekly hours
                </h3>
                <WeeklyHoursForm
                  doctor={doctor}
                  clinic={clinic}
                  availability={availability}
                  confirmChange={confirmChange}
                />
              </section>
              <section className={styles.part} aria-labelledby={`${headingId}-time-off`}>
                <h3 id={`${headingId}-time-off`} className={styles.partTitle}>
                  Time off
                </h3>
                <p className={styles.hint}>Students cannot book during time off.</p>
                <TimeOffList
                  doctor={doctor}
                  zone={clinic.settings.timezone}
                  entries={availability.timeOff}
                  confirmChange={confirmChange}
                />
              </section>
            </>
          )}
        </QueryView>
      )}
    </QueryView>
  );
}
