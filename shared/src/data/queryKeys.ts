/**
 * The roots of every cached query. A mutation (`apiMutation`) invalidates the roots it changes, so every screen showing
 * that data — in any remote — reloads: booking an appointment refreshes the student's list, the doctor's agenda and the
 * admin's counts alike. A feature's query factory (`apiQuery`, in its Queries file) extends a root with its own parameters
 * (`[...queryKeys.appointments, 'page', query]`); components name no key.
 */
export const queryKeys = {
  appointments: ['appointments'],
  slots: ['slots'],
  programs: ['programs'],
  members: ['members'],
  dashboard: ['dashboard'],
  clinic: ['clinic'],
  availability: ['availability'],
  profile: ['profile'],
  healthProfile: ['health-profile'],
  university: ['university'],
  images: ['images'],
  patients: ['patients'],
  audit: ['audit'],
  healthRecordViews: ['health-record-views'],
  passwordRecovery: ['password-recovery'],
  emailChange: ['email-change'],
  registration: ['registration'],
  immunizations: ['immunizations'],
} as const;
