import { apiMutation, queryKeys } from '@campuscare/shared';
import {
  addClosure,
  removeClosure,
  saveBookingRules,
  saveClinicContact,
  saveClinicHours,
  saveStaffIdleMinutes,
} from './clinicSettingsApi';

/** What a change to the clinic's rules, hours or closures makes stale: the clinic itself and every free slot. */
const CLINIC_CHANGES = [queryKeys.clinic, queryKeys.slots] as const;

export const bookingRulesMutation = apiMutation({
  run: saveBookingRules,
  invalidates: CLINIC_CHANGES,
  success: 'Booking rules saved',
});

export const clinicContactMutation = apiMutation({
  run: saveClinicContact,
  invalidates: CLINIC_CHANGES,
  success: 'Contact details saved',
});

export const clinicHoursMutation = apiMutation({
  run: saveClinicHours,
  invalidates: CLINIC_CHANGES,
  success: 'Opening hours saved',
});

export const addClosureMutation = apiMutation({
  run: addClosure,
  invalidates: CLINIC_CHANGES,
  success: 'Closure added',
});

export const removeClosureMutation = apiMutation({
  run: removeClosure,
  invalidates: CLINIC_CHANGES,
  success: 'Closure removed',
});

/** Only the clinic's settings hold it: no free slot changes. */
export const staffIdleMinutesMutation = apiMutation({
  run: saveStaffIdleMinutes,
  invalidates: [queryKeys.clinic],
  success: 'Idle sign-out saved',
});
