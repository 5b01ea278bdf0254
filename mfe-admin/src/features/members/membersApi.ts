import { type CampusCareClient, type Member, type MemberStatus, type PagedRows, unwrap } from '@campuscare/shared';
import { searchPattern } from '@campuscare/shared/appointments';

export type MemberKind = 'staff' | 'students';

/**
 * What the admin pages show of a member: contact and role details only — never health data. `must_change_password`
 * is true while the member has been told to choose a new password before anything else.
 */
export type MemberRow = Pick<
  Member,
  | 'id'
  | 'role'
  | 'is_super_admin'
  | 'status'
  | 'must_change_password'
  | 'title'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'staff_id'
  | 'position'
  | 'specialization'
  | 'reg_number'
  | 'department'
>;

const MEMBER_COLUMNS =
  'id, role, is_super_admin, status, must_change_password, title, first_name, last_name, email, phone, staff_id, position, specialization, reg_number, department';

/** The PostgREST `or` filter of a list's search: any of `columns` holds the term (private.directory_search_pattern agrees); null for no search. */
function anyColumnMatches(columns: readonly string[], search: string): string | null {
  const pattern = searchPattern(search);
  return pattern ? columns.map((column) => `${column}.ilike.${pattern}`).join(',') : null;
}

interface MemberQuery {
  readonly kind: MemberKind;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly search: string;
}

/**
 * A page of the university's staff (admins and doctors, the signed-in admin included, as the dashboard counts them)
 * or students, searched on the server.
 */
export async function listMembers(client: CampusCareClient, query: MemberQuery): Promise<PagedRows<MemberRow>> {
  const from = (query.page - 1) * query.pageSize;
  let request = client.from('members').select(MEMBER_COLUMNS, { count: 'exact' });
  request = query.kind === 'staff' ? request.in('role', ['admin', 'doctor']) : request.eq('role', 'student');
  const matches = anyColumnMatches(
    ['first_name', 'last_name', 'email', query.kind === 'staff' ? 'staff_id' : 'reg_number'],
    query.search,
  );
  if (matches) request = request.or(matches);
  const result = await request
    .order('last_name')
    .order('first_name')
    .order('id')
    .range(from, from + query.pageSize - 1);
  return { rows: unwrap(result), total: result.count ?? 0 };
}

export async function setMemberStatus(
  client: CampusCareClient,
  input: { readonly memberId: string; readonly status: MemberStatus },
): Promise<void> {
  unwrap(await client.rpc('set_member_status', { member_id: input.memberId, status: input.status }));
}

export async function makeSuperAdmin(client: CampusCareClient, memberId: string): Promise<void> {
  unwrap(await client.rpc('make_super_admin', { member_id: memberId }));
}

export async function removeMember(client: CampusCareClient, memberId: string): Promise<void> {
  unwrap(await client.rpc('remove_member', { member_id: memberId }));
}

type StaffRole = 'doctor' | 'admin';

export interface StaffInvitation {
  readonly email: string;
  readonly role: StaffRole;
}

/**
 * Emails the invitation with its one-time link. The answer is the same whether or not the address already has an
 * account (its owner is told by email instead), so there is nothing in it to show.
 */
export async function inviteStaff(client: CampusCareClient, invitation: StaffInvitation): Promise<void> {
  unwrap(await client.rpc('invite_staff', { email: invitation.email.trim(), role: invitation.role }));
}

/** Emails the university's student join link (or, to an address with an account, that it has one). */
export async function inviteStudent(client: CampusCareClient, invitation: { readonly email: string }): Promise<void> {
  unwrap(await client.rpc('invite_student', { email: invitation.email.trim() }));
}

/** A row of the students list (public.student_directory): a student member, or an invited student who has not joined. */
export interface StudentRow {
  readonly id: string;
  readonly member_id: string | null;
  readonly roster_id: string | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly reg_number: string | null;
  readonly department: string | null;
  readonly phone: string | null;
  readonly status: StudentStatus;
  readonly last_invited_at: string | null;
  readonly invitation_count: number | null;
  readonly joined_at: string | null;
}

export const STUDENT_STATUSES = ['active', 'deactivated', 'invited', 'withdrawn'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

const isStudentStatus = (value: string | null): value is StudentStatus =>
  (STUDENT_STATUSES as readonly (string | null)[]).includes(value);

const STUDENT_COLUMNS =
  'id, member_id, roster_id, first_name, last_name, email, reg_number, department, phone, status, last_invited_at, invitation_count, joined_at';

/** What the students list shows: a search (as the staff list searches) and a status, '' for any. */
export interface StudentFilter {
  readonly search: string;
  readonly status: StudentStatus | '';
}

/** A page of the students list, searched and filtered on the server. */
export async function listStudents(
  client: CampusCareClient,
  query: { readonly filter: StudentFilter; readonly page: number; readonly pageSize: number },
): Promise<PagedRows<StudentRow>> {
  const from = (query.page - 1) * query.pageSize;
  let request = client.from('student_directory').select(STUDENT_COLUMNS, { count: 'exact' });
  const matches = anyColumnMatches(['first_name', 'last_name', 'email', 'reg_number'], query.filter.search);
  if (matches) request = request.or(matches);
  if (query.filter.status) request = request.eq('status', query.filter.status);
  const result = await request
    .order('last_name')
    .order('first_name')
    .order('id')
    .range(from, from + query.pageSize - 1);
  const rows = unwrap(result).flatMap((row) =>
    row.id !== null && isStudentStatus(row.status)
      ? [
          {
            ...row,
            id: row.id,
            status: row.status,
            first_name: row.first_name ?? '',
            last_name: row.last_name ?? '',
            email: row.email ?? '',
          },
        ]
      : [],
  );
  return { rows, total: result.count ?? 0 };
}

/**
 * The students a bulk action is for: the rows chosen one by one, or every row the list shows for its filter. `expected`
 * is the count the person confirmed; the database refuses the action if its own count differs.
 */
export type StudentChoice =
  { readonly ids: readonly string[] } | { readonly filter: StudentFilter; readonly expected: number };

function choiceArgs(choice: StudentChoice) {
  if ('ids' in choice) return { student_ids: [...choice.ids], expected: choice.ids.length };
  return {
    search: choice.filter.search.trim() === '' ? undefined : choice.filter.search,
    status: choice.filter.status === '' ? undefined : choice.filter.status,
    expected: choice.expected,
  };
}

export interface DeactivationResult {
  readonly deactivated: number;
  readonly withdrawn: number;
}

/** End of studies: members deactivated, invitations nobody took up withdrawn. */
export async function deactivateStudents(client: CampusCareClient, choice: StudentChoice): Promise<DeactivationResult> {
  const answer = unwrap(await client.rpc('deactivate_students', choiceArgs(choice))) as {
    deactivated?: number;
    withdrawn?: number;
  } | null;
  return { deactivated: answer?.deactivated ?? 0, withdrawn: answer?.withdrawn ?? 0 };
}

export interface ResendResult {
  readonly resent: number;
  readonly skipped: number;
}

/** The join link again, to the chosen students who were invited and have not joined. */
export async function resendInvitations(client: CampusCareClient, choice: StudentChoice): Promise<ResendResult> {
  const answer = unwrap(await client.rpc('resend_student_invitations', choiceArgs(choice))) as {
    resent?: number;
    skipped?: number;
  } | null;
  return { resent: answer?.resent ?? 0, skipped: answer?.skipped ?? 0 };
}
