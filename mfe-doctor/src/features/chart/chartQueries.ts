import { apiMutation, apiQuery, queryClient, queryKeys } from '@campuscare/shared';
import type { PatientChart } from '@campuscare/shared/clinical';
import { loadEarlierVisits, openPatientChart } from './chartApi';

/**
 * The chart in the cache: read once per opening (each read is recorded for the student), so never read again while
 * the page is open and forgotten when it closes; what changes on it meanwhile is written in place (`updateOpenChart`).
 */
export const chartQuery = (studentId: string) =>
  apiQuery({
    key: [...queryKeys.patients, 'chart', studentId],
    load: (client) => openPatientChart(client, studentId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** Writes a change into the open chart, which is never read again for it (a read would be another recorded opening). */
export function updateOpenChart(studentId: string, update: (chart: PatientChart) => PatientChart): void {
  queryClient.setQueryData(chartQuery(studentId).queryKey, (current) => current && update(current));
}

/** The timeline's next page: a read (recorded for the student), added to the open chart by whoever asked for it. */
export const earlierVisitsMutation = apiMutation({ run: loadEarlierVisits });
