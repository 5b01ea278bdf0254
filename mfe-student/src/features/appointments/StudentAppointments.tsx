import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Button, ErrorBanner, getSupabase, LoadingState, Section, useClinic, type Clinic, type Member, type ProviderSummary } from '@campuscare/shared';
import { listClinicDoctors } from './appointmentsApi';
import { BookingForm } from './BookingForm';
import { MyAppointments } from './MyAppointments';
import styles from './Appointments.module.css';

const CLINIC_FAILED = 'Could not load the clinic’s opening hours. Check your connection and try again.';
const DOCTORS_FAILED = 'Could not load the clinic’s doctors: you can still book with the first available doctor.';

/**
 * The dashboard's appointment area: the Book an Appointment toggle with its form, and the student's own appointments.
 * Both need the clinic (its time zone above all), read once here.
 */
export function StudentAppointments({ member }: { readonly member: Member }) {
  const formId = useId();
  const [bookingOpen, setBookingOpen] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const clinic = useClinic();
  const [doctors, setDoctors] = useState<readonly ProviderSummary[]>([]);
  const [doctorsFailed, setDoctorsFailed] = useState(false);
  const [doctorReloads, setDoctorReloads] = useState(0);

  useEffect(() => {
    let current = true;
    setDoctorsFailed(false);
    getSupabase()
      .then(listClinicDoctors)
      .then(
        (result) => current && setDoctors(result),
        () => current && setDoctorsFailed(true),
      );
    return () => {
      current = false;
    };
  }, [doctorReloads]);

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);

  const withClinic = (render: (loaded: Clinic) => ReactNode, loadingLabel: string): ReactNode => {
    if (clinic.state.status === 'ready') return render(clinic.state.clinic);
    if (clinic.state.status === 'error') return <ErrorBanner message={CLINIC_FAILED} onRetry={clinic.reload} />;
    return <LoadingState label={loadingLabel} />;
  };

  return (
    <>
      <Button className={styles.bookingToggle} aria-expanded={bookingOpen} aria-controls={bookingOpen ? formId : undefined} onClick={() => setBookingOpen((open) => !open)}>
        Book an Appointment
      </Button>
      {bookingOpen && (
        <div id={formId}>
          <Section title="Book an appointment">
            {doctorsFailed && <ErrorBanner message={DOCTORS_FAILED} onRetry={() => setDoctorReloads((count) => count + 1)} />}
            {withClinic((loaded) => <BookingForm member={member} clinic={loaded} doctors={doctors} onBooked={refresh} />, 'Loading the clinic’s hours…')}
          </Section>
        </div>
      )}
      <Section title="My appointments">
        {withClinic((loaded) => <MyAppointments studentId={member.id} clinic={loaded} doctors={doctors} refreshKey={refreshKey} onChanged={refresh} />, 'Loading your appointments…')}
      </Section>
    </>
  );
}
