import { APPOINTMENT_REASONS, OTHER_REASON } from '@campuscare/shared';

export const BOOKING_MESSAGES = {
  booked: 'Appointment booked successfully',
} as const;

export { OTHER_REASON, OTHER_REASON_MAX_LENGTH, appointmentReason as reasonValue } from '@campuscare/shared';

/** The reasons offered: the shared categories, then "Other", which asks what the visit is for. */
export const REASON_CHOICES: readonly string[] = [...APPOINTMENT_REASONS.filter((reason: string) => reason !== OTHER_REASON), OTHER_REASON];
