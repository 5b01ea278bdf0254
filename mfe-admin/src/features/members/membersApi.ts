import { searchPattern, type CampusCareClient, type Member, type MemberStatus } from '@campuscare/shared';

export type MemberKind = 'staff' | 'students';

/** What the admin pages show of a member: contact and role details only — never health data. */
export type MemberRow = Pick<
  Member,
  'id' | 'role' | 'is_super_admin' | 'status' | 'title' | 'first_name' | 'last_name' | 'email' | 'phone' | 'staff_id' | 'position' | 'specialization' | 'reg_number' | 'department'
>;

const MEMBER_COLUMNS = 'id, role, is_super_admin, status, title, first_name, last_name, email, phone, staff_id, position, specialization, reg_number, department';

export interface MemberQuery {
  readonly kind: MemberKind;
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly search: string;
  /** Left out of the list (the signed-in account itself). */
  readonly excludeId: string;
}

export interface MemberPage {
  readonly members: readonly MemberRow[];
  readonly total: number;
}

function fail(message: string): never {
  throw new Error(message);
}

/** A page of the university's staff (admins and doctors) or students, searched on the server. */
export async function listMembers(client: CampusCareClient, query: MemberQuery): Promise<MemberPage> {
  const from = (query.page - 1) * query.pageSize;
  let request = client.from('members').select(MEMBER_COLUMNS, { count: 'exact' }).neq('id', query.excludeId);
  request = query.kind === 'staff' ? request.in('role', ['admin', 'doctor']) : request.eq('role', 'student');
  const pattern = searchPattern(query.search);
  if (pattern) {
    const idColumn = query.kind === 'staff' ? 'staff_id' : 'reg_number';
    request = request.or(['first_name', 'last_name', 'email', idColumn].map((column) => `${column}.ilike.${pattern}`).join(','));
  }
  const { data, error, count } = await request.order('last_name').order('first_name').order('id').range(from, from + query.pageSize - 1);
  if (error) fail(error.message);
  return { members: data ?? [], total: count ?? 0 };
}

export async function setMemberStatus(client: CampusCareClient, memberId: string, status: MemberStatus): Promise<void> {
  const { error } = await client.rpc('set_member_status', { member_id: memberId, status });
  if (error) fail(error.message);
}

export async function makeSuperAdmin(client: CampusCareClient, memberId: string): Promise<void> {
  const { error } = await client.rpc('make_super_admin', { member_id: memberId });
  if (error) fail(error.message);
}

export async function removeMember(client: CampusCareClient, memberId: string): Promise<void> {
  const { error } = await client.rpc('remove_member', { member_id: memberId });
  if (error) fail(error.message);
}

export type StaffRole = 'doctor' | 'admin';

function linkOf(result: unknown): string {
  if (result && typeof result === 'object' && 'link' in result && typeof result.link === 'string') return result.link;
  return fail('The invitation was sent but its link could not be read');
}

/** Creates the staff account with the default staff password and emails the sign-in link; returns the link. */
export async function inviteStaff(client: CampusCareClient, email: string, role: StaffRole): Promise<string> {
  const { data, error } = await client.rpc('invite_staff', { email: email.trim(), role });
  if (error) fail(error.message);
  return linkOf(data);
}

/** Emails the university's student join link; returns the link. */
export async function inviteStudent(client: CampusCareClient, email: string): Promise<string> {
  const { data, error } = await client.rpc('invite_student', { email: email.trim() });
  if (error) fail(error.message);
  return linkOf(data);
}
