import type { Appointment } from '@campuscare/shared';
import type { AppointmentType } from '@campuscare/shared/appointments';
import type { Clinic, FreeSlot } from '@campuscare/shared/scheduling';

/**
 * What the appointment tests share: a New York clinic (the tests run in UTC, so a time shown in the browser's zone
 * would be five hours off), open Monday to Friday, 08:00–17:00, with a holiday on Thursday 10 December 2026.
 */
export const ZONE = 'America/New_York';

/** Monday 23 November 2026, 10:00 in New York. */
export const NOW = new Date('2026-11-23T15:00:00Z');

export const clinic: Clinic = {
  settings: {
    university_id: 'u1',
    timezone: ZONE,
    slot_minutes: 30,
    min_notice_minutes: 120,
    student_change_cutoff_minutes: 720,
    staff_idle_minutes: 15,
    student_upcoming_limit: 3,
    student_daily_booking_limit: 3,
    booking_grace_minutes: 15,
    phone: null,
    email: null,
    address: null,
    updated_at: '2026-01-01T00:00:00Z',
  },
  hours: [1, 2, 3, 4, 5].map((weekday) => ({
    university_id: 'u1',
    weekday,
    opens_at: '08:00:00',
    closes_at: '17:00:00',
  })),
  closures: [
    {
      id: 'c1',
      university_id: 'u1',
      starts_on: '2026-12-10',
      ends_on: '2026-12-10',
      reason: 'University holiday',
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
};

export const adams = { id: 'doctor-1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' };

/** A free slot as listFreeSlots gives it: a clinic slot of 30 minutes. */
export function freeSlot(startsAt: string, doctorId: string | null = null): FreeSlot {
  return {
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000).toISOString(),
    doctorId,
    freeDoctors: 1,
  };
}

export function appointmentFixture(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'a1',
    university_id: 'u1',
    student_id: 'student-1',
    provider_id: adams.id,
    // Thursday 26 November 2026, 09:00 in New York.
    date: '2026-11-26T14:00:00.000Z',
    duration_minutes: 30,
    name: 'Ada Obi',
    department: 'Medicine',
    reg: 'NFU/2024/001',
    year: 2,
    reason: 'Malaria',
    status: 'scheduled',
    kind: 'booked',
    appointment_type_id: null,
    arrived_at: null,
    cancel_reason: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

/** One of the clinic's types of visit: 30 minutes, offered by every doctor, booked by students themselves. */
export function appointmentTypeFixture(overrides: Partial<AppointmentType> = {}): AppointmentType {
  return {
    id: 'type-check-up',
    university_id: 'u1',
    name: 'Check-up',
    duration_minutes: 30,
    self_bookable: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    doctorIds: [],
    ...overrides,
  };
}

/** A clinic's types as listAppointmentTypes gives them: by name, "Other" last; counselling is booked by staff only. */
export const APPOINTMENT_TYPES = {
  checkUp: appointmentTypeFixture(),
  counselling: appointmentTypeFixture({
    id: 'type-counselling',
    name: 'Counselling',
    duration_minutes: 50,
    self_bookable: false,
    doctorIds: [adams.id],
  }),
  malaria: appointmentTypeFixture({ id: 'type-malaria', name: 'Malaria' }),
  vaccination: appointmentTypeFixture({ id: 'type-vaccination', name: 'Vaccination', duration_minutes: 15 }),
  other: appointmentTypeFixture({ id: 'type-other', name: 'Other' }),
} as const;
