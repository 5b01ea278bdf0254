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

const MEMBER_COLUMNS = 'id, role, is_super_admin, status, must_change_password, title, first_name, last_name, email, phone, staff_id, position, specialization, reg_number, department';

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
  const pattern = searchPattern(query.search);
  if (pattern) {
    const idColumn = query.kind === 'staff' ? 'staff_id' : 'reg_number';
    request = request.or(['first_name', 'last_name', 'email', idColumn].map((column) => `${column}.ilike.${pattern}`).join(','));
  }
  const result = await request.order('last_name').order('first_name').order('id').range(from, from + query.pageSize - 1);
  return { rows: unwrap(result), total: result.count ?? 0 };
}

export async function setMemberStatus(client: CampusCareClient, input: { readonly memberId: string; readonly status: MemberStatus }): Promise<void> {
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
