import { type CampusCareClient, unwrap } from '@campuscare/shared';
import type { ChartVisitsPage, PatientChart } from '@campuscare/shared/clinical';

/**
 * A student's chart through `open_patient_chart`, which checks the caller is a doctor of the student's university and
 * records the read (screen "Patient chart") for the student's "Who viewed my health record".
 */
export async function openPatientChart(client: CampusCareClient, studentId: string): Promise<PatientChart> {
  const chart = unwrap(await client.rpc('open_patient_chart', { student_id: studentId }));
  return chart as unknown as PatientChart;
}

/**
 * The timeline's next page, the visits after `afterVisit` (the last one shown), through `patient_chart_visits`, which
 * checks the caller as `open_patient_chart` does and records the read (screen "Patient chart (earlier visits)").
 */
export async function loadEarlierVisits(
  client: CampusCareClient,
  page: { readonly studentId: string; readonly afterVisit: string },
): Promise<ChartVisitsPage> {
  const visits = unwrap(
    await client.rpc('patient_chart_visits', { student_id: page.studentId, after_visit: page.afterVisit }),
  );
  return visits as unknown as ChartVisitsPage;
}
