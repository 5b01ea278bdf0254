import { csvDocument } from '../../components/csv';
import type { Hold } from './complianceApi';

const HOLDS_CSV_HEADER = [
  'Student',
  'Registration number',
  'Department',
  'Year of study',
  'Requirement',
  'Due on',
  'Missing',
] as const;

/** The holds list as a CSV document: who is overdue on what since when, never a dose, a document or a reason. */
export function holdsCsv(holds: readonly Hold[]): string {
  return csvDocument(
    HOLDS_CSV_HEADER,
    holds.map((hold) => [
      hold.student_name,
      hold.reg_number,
      hold.department,
      String(hold.year_of_study),
      hold.requirement_name,
      hold.due_on,
      hold.missing,
    ]),
  );
}
