import { useId, useState } from 'react';
import { Button, ErrorBanner, type Member, QueryView, Section } from '@campuscare/shared';
import { useAppointmentTypes, useDoctors, WithClinic } from '@campuscare/shared/appointments';
import { BookingForm } from './BookingForm';
import { MyAppointments } from './MyAppointments';
import styles from './Appointments.module.css';

const DOCTORS_FAILED = 'Could not load the clinic’s doctors: you can still book with the first available doctor.';

/**
 * The dashboard's appointment area: the Book an Appointment toggle with its form, which offers the types of visit the
 * student may book themselves, and the student's own appointments. Both need the clinic (its time zone above all),
 * cached once for both.
 */
export function StudentAppointments({ member }: { readonly member: Member }) {
  const formId = useId();
  const [bookingOpen, setBookingOpen] = useState(false);
  // Only the doctors a student may book are offered; the visits already booked name their doctor from every active one.
  const doctors = useDoctors('bookable');
  const everyDoctor = useDoctors();
  const types = useAppointmentTypes();

  return (
    <>
      <Button
        className={styles.bookingToggle}
        aria-expanded={bookingOpen}
        aria-controls={bookingOpen ? formId : undefined}
        onClick={() => setBookingOpen((open) => !open)}
      >
        Book an Appointment
      </Button>
      {bookingOpen && (
        <div id={formId}>
          <Section title="Book an appointment">
            {doctors.isError && <ErrorBanner message={DOCTORS_FAILED} onRetry={() => void doctors.refetch()} />}
            <QueryView query={types} loadingLabel="Loading the types of visit…">
              {(allTypes) => (
                <WithClinic loadingLabel="Loading the clinic’s hours…">
                  {(clinic) => (
                    <BookingForm
                      member={member}
                      clinic={clinic}
                      types={allTypes.filter((type) => type.self_bookable)}
                      doctors={doctors.data ?? []}
                    />
                  )}
                </WithClinic>
              )}
            </QueryView>
          </Section>
        </div>
      )}
      <Section title="My appointments">
        <WithClinic loadingLabel="Loading your appointments…">
          {(clinic) => <MyAppointments studentId={member.id} clinic={clinic} doctors={everyDoctor.data ?? []} />}
        </WithClinic>
      </Section>
    </>
  );
}
