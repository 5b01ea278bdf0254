import { apiMutation, apiQuery, type CampusCareClient, displayName, queryKeys } from '@campuscare/shared';
import { listNoShowCounts } from '@campuscare/shared/appointments';
import { formatCount } from '@campuscare/shared/scheduling';
import {
  deactivateStudents,
  inviteStaff,
  inviteStudent,
  listMembers,
  listStudents,
  makeSuperAdmin,
  type MemberKind,
  type MemberRow,
  removeMember,
  resendInvitations,
  setMemberStatus,
  type StudentFilter,
} from './membersApi';

export const MEMBERS_PAGE_SIZE = 10;

/** A page of the staff or students list for `search`. */
export const memberPageQuery = (kind: MemberKind, search: string, page: number) =>
  apiQuery({
    key: [...queryKeys.members, kind, search, 'page', page],
    load: (client) => listMembers(client, { kind, page, pageSize: MEMBERS_PAGE_SIZE, search }),
  });

/** A page of the students list (members and invited students) for `filter`. */
export const studentDirectoryPageQuery = (filter: StudentFilter, page: number) =>
  apiQuery({
    key: [...queryKeys.members, 'student-directory', filter, 'page', page],
    load: (client) => listStudents(client, { filter, page, pageSize: MEMBERS_PAGE_SIZE }),
  });

/** How many visits each of `memberIds` missed: under the appointments' root, so a no-show marked anywhere reloads it. */
export const noShowCountsQuery = (memberIds: readonly string[]) =>
  apiQuery({
    key: [...queryKeys.appointments, 'no-show counts', memberIds],
    load: (client) => listNoShowCounts(client, memberIds),
  });

const invited = (_answer: void, invitation: { readonly email: string }) =>
  `Invitation sent to ${invitation.email.trim()}`;

export const inviteStaffMutation = apiMutation({ run: inviteStaff, success: invited });

export const inviteStudentMutation = apiMutation({ run: inviteStudent, success: invited });

export type MemberAction = 'makeSuperAdmin' | 'deactivate' | 'reactivate' | 'remove';

export interface MemberActionInput {
  readonly action: MemberAction;
  readonly member: MemberRow;
}

const ACTION_DONE: Readonly<Record<MemberAction, (name: string) => string>> = {
  makeSuperAdmin: (name) => `${name} is now a super admin`,
  deactivate: (name) => `${name} has been deactivated`,
  reactivate: (name) => `${name} has been reactivated`,
  remove: (name) => `${name} has been removed`,
};

function performMemberAction(client: CampusCareClient, { action, member }: MemberActionInput): Promise<void> {
  if (action === 'makeSuperAdmin') return makeSuperAdmin(client, member.id);
  if (action === 'remove') return removeMember(client, member.id);
  return setMemberStatus(client, { memberId: member.id, status: action === 'deactivate' ? 'deactivated' : 'active' });
}

/** A member's status or removal changes the lists, the dashboard's numbers, their appointments and the free slots. */
export const memberActionMutation = apiMutation({
  run: performMemberAction,
  invalidates: [queryKeys.members, queryKeys.dashboard, queryKeys.appointments, queryKeys.slots],
  success: (_output, done) => ACTION_DONE[done.action](displayName(done.member)),
});

/** "3 students", "1 invitation". */
export const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

const STUDENT_CHANGES = [queryKeys.members, queryKeys.dashboard];

export const deactivateStudentsMutation = apiMutation({
  run: deactivateStudents,
  invalidates: STUDENT_CHANGES,
  success: (done) =>
    `${plural(done.deactivated, 'student', 'students')} deactivated, ${plural(done.withdrawn, 'invitation', 'invitations')} withdrawn`,
});

export const resendInvitationsMutation = apiMutation({
  run: resendInvitations,
  invalidates: STUDENT_CHANGES,
  success: (done) =>
    `The join link is on its way to ${plural(done.resent, 'student', 'students')}${done.skipped > 0 ? `; ${formatCount(done.skipped)} skipped` : ''}`,
});
