import { type CampusCareClient, type Member, unwrap } from '@campuscare/shared';
import { searchPattern } from './appointmentsApi';

export type StudentChoice = Pick<
  Member,
  'id' | 'first_name' | 'last_name' | 'reg_number' | 'department' | 'year_of_study'
>;

/** How many students a search shows: enough to pick from, few enough to read. */
const STUDENT_SEARCH_LIMIT = 10;

/**
 * Active students of the caller's university (RLS) whose name or registration number holds every word of `term`,
 * so "rosa garcia" finds Rosa Garcia. Staff read the university's members, as the admin's student list does.
 */
export async function searchActiveStudents(client: CampusCareClient, term: string): Promise<readonly StudentChoice[]> {
  const words = term
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 3);
  let request = client
    .from('members')
    .select('id, first_name, last_name, reg_number, department, year_of_study')
    .eq('role', 'student')
    .eq('status', 'active');
  for (const word of words) {
    const pattern = searchPattern(word);
    if (pattern)
      request = request.or(
        ['first_name', 'last_name', 'reg_number'].map((column) => `${column}.ilike.${pattern}`).join(','),
      );
  }
  return unwrap(await request.order('last_name').order('first_name').order('id').limit(STUDENT_SEARCH_LIMIT));
}

/** "Rosa Garcia". */
export function studentName(student: Pick<Member, 'first_name' | 'last_name'>): string {
  return `${student.first_name} ${student.last_name}`.trim();
}

/** "Rosa Garcia · NFU/2024/018 · Law, year 3": a student told apart from namesakes. */
export function studentLine(student: StudentChoice): string {
  const study = [student.department, student.year_of_study === null ? null : `year ${student.year_of_study}`]
    .filter(Boolean)
    .join(', ');
  return [studentName(student), student.reg_number, study].filter(Boolean).join(' · ');
}
