import { useCallback, useEffect, useId, useState } from 'react';
import { Button, ErrorBanner, Section, type Member, type ProviderSummary } from '@campuscare/shared';
import { listClinicDoctors } from './appointmentsApi';
import { BookingForm } from './BookingForm';
import { MyAppointments } from './MyAppointments';
import styles from './Appointments.module.css';

/** The dashboard's appointment area: the Book an Appointment toggle with its form, and the student's own appointments. */
export function StudentAppointments({ member }: { readonly member: Member }) {
  const formId = useId();
  const [bookingOpen, setBookingOpen] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [doctors, setDoctors] = useState<readonly ProviderSummary[]>([]);
  const [doctorsError, setDoctorsError] = useState<string>();
  const [doctorReloads, setDoctorReloads] = useState(0);

  useEffect(() => {
    let current = true;
    setDoctorsError(undefined);
    listClinicDoctors().then(
      (result) => current && setDoctors(result),
      (error: unknown) => current && setDoctorsError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [doctorReloads]);

  const refresh = useCallback(() => setRefreshKey((key) => key + 1), []);

  return (
    <>
      <Button className={styles.bookingToggle} aria-expanded={bookingOpen} aria-controls={bookingOpen ? formId : undefined} onClick={() => setBookingOpen((open) => !open)}>
        Book an Appointment
      </Button>
      {bookingOpen && (
        <div id={formId}>
          <Section title="Book an appointment">
            {doctorsError && <ErrorBanner message={`Could not load the clinic's doctors: ${doctorsError}`} onRetry={() => setDoctorReloads((count) => count + 1)} />}
            <BookingForm member={member} doctors={doctors} onBooked={refresh} />
          </Section>
        </div>
      )}
      <Section title="My appointments">
        <MyAppointments studentId={member.id} doctors={doctors} refreshKey={refreshKey} onChanged={refresh} />
      </Section>
    </>
  );
}
