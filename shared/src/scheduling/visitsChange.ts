import type { HoursRow } from './weeklyHours';

/** A week of hours as the change sends it: a plain object type, so it goes out as JSON as it is. */
type WeekRows = Array<Pick<HoursRow, 'weekday' | 'opens_at' | 'closes_at'>>;

/**
 * A change staff are about to save that can leave booked visits without a doctor or outside the hours, as
 * `visits_affected_by` takes it: a doctor leaving, a closure, a doctor's time off, new clinic hours or new hours of a
 * doctor (an empty week: the doctor works the clinic's hours).
 */
export type VisitsChange =
  | { readonly kind: 'deactivation'; readonly doctor_id: string }
  | { readonly kind: 'closure'; readonly starts_on: string; readonly ends_on: string }
  | { readonly kind: 'time_off'; readonly doctor_id: string; readonly starts_at: string; readonly ends_at: string }
  | { readonly kind: 'clinic_hours'; readonly hours: WeekRows }
  | { readonly kind: 'doctor_hours'; readonly doctor_id: string; readonly hours: WeekRows };

/**
 * Asked before such a change is saved: shows the visits it affects, if any, and resolves false when staff chose to go
 * back (the change is then not saved).
 */
export type ConfirmVisitsChange = (change: VisitsChange) => Promise<boolean>;
