import { type FieldErrors, MESSAGES } from '@campuscare/shared';

export const WAITLIST_MESSAGES = {
  joined: 'You are on the waitlist: we will email you when a time frees up',
  left: 'You have left the waitlist',
  lastDayBeforeFirst: 'The last day cannot come before the first',
  endedByBooking: 'Your last request ended when you booked a visit on those days.',
} as const;

export interface WaitlistValues {
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly fromDay: string;
  readonly toDay: string;
  /** '' for any doctor. */
  readonly doctorId: string;
}

export function waitlistErrors(values: WaitlistValues): FieldErrors<WaitlistValues> {
  if (values.fromDay === '') return { fromDay: MESSAGES.required };
  if (values.toDay === '') return { toDay: MESSAGES.required };
  if (values.toDay < values.fromDay) return { toDay: WAITLIST_MESSAGES.lastDayBeforeFirst };
  return {};
}
