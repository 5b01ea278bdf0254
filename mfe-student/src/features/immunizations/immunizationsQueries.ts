import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { loadMyImmunizations, loadMyStandings, recordDose, requestExemption } from './immunizationsApi';
import { IMMUNIZATION_MESSAGES } from './immunizationRules';

/** Everything of the student's own immunizations: a dose, an exemption or a review reloads it all. */
const MY_IMMUNIZATIONS_KEY = [...queryKeys.immunizations, 'mine'] as const;

/** The statuses alone (the dashboard's card reads only these). */
export const myStandingsQuery = () => apiQuery({ key: [...MY_IMMUNIZATIONS_KEY, 'standings'], load: loadMyStandings });

/** The page's whole view: statuses, the requirements' terms, doses and exemption requests. */
export const myImmunizationsQuery = (studentId: string) =>
  apiQuery({
    key: [...MY_IMMUNIZATIONS_KEY, 'record', studentId],
    load: (client) => loadMyImmunizations(client, studentId),
  });

export const recordDoseMutation = apiMutation({
  run: recordDose,
  invalidates: [MY_IMMUNIZATIONS_KEY],
  success: IMMUNIZATION_MESSAGES.doseRecorded,
});

export const requestExemptionMutation = apiMutation({
  run: requestExemption,
  invalidates: [MY_IMMUNIZATIONS_KEY],
  success: IMMUNIZATION_MESSAGES.exemptionRequested,
});
