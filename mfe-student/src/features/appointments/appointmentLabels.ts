export const BOOKING_MESSAGES = {
  booked: 'Appointment booked successfully',
  /** The request got no answer (network down, server unreachable). */
  failed: 'An error occurred while submitting the form',
} as const;

export const REASON_CHOICES = ['Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Other'] as const;
export const OTHER_REASON = 'Other';
/** The database keeps free-text reasons as "Other: <text>", 200 characters in all. */
export const OTHER_REASON_PREFIX = 'Other: ';
export const OTHER_REASON_MAX_LENGTH = 200 - OTHER_REASON_PREFIX.length;

/** The reason as stored: one of the categories, or "Other: <what the student wrote>". */
export function reasonValue(choice: string, otherText: string): string {
  if (choice !== OTHER_REASON) return choice;
  const text = otherText.trim();
  return text === '' ? '' : `${OTHER_REASON_PREFIX}${text}`;
}
