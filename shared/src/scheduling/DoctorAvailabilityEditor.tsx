import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { getSupabase, type CampusCareClient } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { ErrorBanner, LoadingState } from '../ui/Page';
import { addTimeOff, clearDoctorHours, loadDoctorAvailability, removeTimeOff, saveDoctorHours, type DoctorAvailability, type DoctorRef } from './availabilityApi';
import type { Clinic } from './schedulingApi';
import { TimeOffList } from './TimeOffList';
import { useClinic } from './useClinic';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';
import { weeklyHoursErrors, weeklyHoursFrom, type WeeklyHours, type WeeklyHoursErrors } from './weeklyHours';
import styles from './scheduling.module.css';

type AvailabilityState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly availability: DoctorAvailability }
  | { readonly status: 'error'; readonly message: string };

/** Whether the doctor takes the clinic's hours as they are, or keeps hours of their own. */
type HoursMode = 'clinic' | 'own';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function useDoctorAvailability(doctorId: string) {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let current = true;
    getSupabase()
      .then((client) => loadDoctorAvailability(client, doctorId))
      .then(
        (availability) => current && setState({ status: 'ready', availability }),
        (error: unknown) => current && setState({ status: 'error', message: messageOf(error) }),
      );
    return () => {
      current = false;
    };
  }, [doctorId, reloads]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { state, reload };
}

function WeeklyHoursForm({ doctor, clinic, availability, onSaved }: { readonly doctor: DoctorRef; readonly clinic: Clinic; readonly availability: DoctorAvailability; readonly onSaved: () => void }) {
  const modeName = useId();
  const keepsOwnHours = availability.hours.length > 0;
  const [mode, setMode] = useState<HoursMode>(keepsOwnHours ? 'own' : 'clinic');
  // Switching to own hours starts from the clinic's week, which is what the doctor works until then.
  const [week, setWeek] = useState<WeeklyHours>(() => (keepsOwnHours ? weeklyHoursFrom(availability.hours, clinic.hours) : weeklyHoursFrom(clinic.hours)));
  const [errors, setErrors] = useState<WeeklyHoursErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const dayErrors = mode === 'own' ? weeklyHoursErrors(week, clinic.hours) : {};
    setErrors(dayErrors);
    if (Object.keys(dayErrors).length > 0) return;
    setSaving(true);
    try {
      const client = await getSupabase();
      if (mode === 'own') await saveDoctorHours(client, { doctor, week });
      else await clearDoctorHours(client, doctor.id);
      notifySuccess('Weekly hours saved');
      onSaved();
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.part} aria-label="Weekly hours" onSubmit={(event) => void save(event)} noValidate>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>When students can book</legend>
        <label className={styles.check}>
          <input type="radio" name={modeName} checked={mode === 'clinic'} onChange={() => setMode('clinic')} />
          Whenever the clinic is open
        </label>
        <label className={styles.check}>
          <input type="radio" name={modeName} checked={mode === 'own'} onChange={() => setMode('own')} />
          Only on these days and hours
        </label>
      </fieldset>
      {mode === 'own' && (
        <WeeklyHoursEditor
          legend="Working days and hours"
          dayOnLabel="Working"
          value={week}
          onChange={(next) => {
            setWeek(next);
            setErrors({});
          }}
          errors={errors}
          clinicHours={clinic.hours}
        />
      )}
      {saveError && <ErrorBanner message={saveError} />}
      <div className={styles.buttons}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save weekly hours'}
        </Button>
      </div>
    </form>
  );
}

/**
 * A doctor's availability, edited by the doctor (their settings) or an administrator (the staff list): weekly hours
 * within the clinic's, and time off. The database checks both; times are the clinic's wall clock.
 */
export function DoctorAvailabilityEditor({ doctor }: { readonly doctor: DoctorRef }) {
  const { state: clinicState, reload: reloadClinic } = useClinic();
  const { state, reload } = useDoctorAvailability(doctor.id);
  const headingId = useId();

  if (clinicState.status === 'error') return <ErrorBanner message={`Could not load the clinic: ${clinicState.message}`} onRetry={reloadClinic} />;
  if (state.status === 'error') return <ErrorBanner message={`Could not load the availability: ${state.message}`} onRetry={reload} />;
  if (clinicState.status === 'loading' || state.status === 'loading') return <LoadingState label="Loading availability…" />;

  const { clinic } = clinicState;
  const zone = clinic.settings.timezone;
  const withClient = async (action: (client: CampusCareClient) => Promise<void>) => {
    await action(await getSupabase());
    reload();
  };

  return (
    <>
      <p className={styles.hint}>Days and times are the clinic&apos;s, in {zone}.</p>
      <section className={styles.part} aria-labelledby={`${headingId}-hours`}>
        <h3 id={`${headingId}-hours`} className={styles.partTitle}>
          Weekly hours
        </h3>
        {/* Keyed by the stored hours so that a save (or another tab's) shows what the database now holds. */}
        <WeeklyHoursForm key={JSON.stringify(state.availability.hours)} doctor={doctor} clinic={clinic} availability={state.availability} onSaved={reload} />
      </section>
      <section className={styles.part} aria-labelledby={`${headingId}-time-off`}>
        <h3 id={`${headingId}-time-off`} className={styles.partTitle}>
          Time off
        </h3>
        <p className={styles.hint}>Students cannot book during time off.</p>
        <TimeOffList
          zone={zone}
          entries={state.availability.timeOff}
          onAdd={(timeOff) => withClient((client) => addTimeOff(client, { doctor, ...timeOff }))}
          onRemove={(entry) => withClient((client) => removeTimeOff(client, entry.id))}
        />
      </section>
    </>
  );
}
