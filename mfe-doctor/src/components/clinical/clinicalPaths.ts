import { PATHS } from '@campuscare/shared';

/** The query parameters of the doctor's clinical pages: `/visit?id=<visit>` and `/patientchart?student=<student>`. */
export const VISIT_ID_PARAM = 'id';
export const CHART_STUDENT_PARAM = 'student';

/** The doctor's page of one visit: the draft they are writing, or a signed visit (read-only, with addenda). */
export function visitPath(visitId: string): string {
  return `${PATHS.doctorVisit}?${new URLSearchParams({ [VISIT_ID_PARAM]: visitId }).toString()}`;
}

/** The doctor's chart of one student. */
export function patientChartPath(studentId: string): string {
  return `${PATHS.doctorPatientChart}?${new URLSearchParams({ [CHART_STUDENT_PARAM]: studentId }).toString()}`;
}
