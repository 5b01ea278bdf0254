import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Member, queryClient, type University } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { universityQuery } from '../../university/universityQueries';
import { latestImport } from './import/rosterImportApi';
import { deactivateStudents, inviteStudent, listStudents, resendInvitations, type StudentRow } from './membersApi';
import { StudentsPage } from './StudentsPage';

let me: Member;

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member: me }),
}));
jest.mock('@campuscare/shared/scheduling', () => ({
  ...jest.requireActual('@campuscare/shared/scheduling'),
  useClinic: () => ({ data: { settings: { timezone: 'UTC' } } }),
}));
jest.mock('./import/rosterImportApi', () => ({
  ...jest.requireActual('./import/rosterImportApi'),
  latestImport: jest.fn(),
}));
jest.mock('./membersApi', () => ({
  ...jest.requireActual('./membersApi'),
  listStudents: jest.fn(),
  inviteStudent: jest.fn(),
  deactivateStudents: jest.fn(),
  resendInvitations: jest.fn(),
}));

const NORTHFIELD = { id: 'u1', name: 'Northfield University', join_code: 'NORTHFIELD' } as University;

const row = (overrides: Partial<StudentRow>): StudentRow => ({
  id: 'm1',
  member_id: 'm1',
  roster_id: null,
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@northfield.edu',
  reg_number: 'NFU/2024/001',
  department: 'Law',
  phone: null,
  status: 'active',
  last_invited_at: null,
  invitation_count: null,
  joined_at: '2026-03-02T10:00:00Z',
  ...overrides,
});
const ADA = row({});
const BOLA = row({
  id: 'r1',
  member_id: null,
  roster_id: 'r1',
  first_name: 'Bola',
  last_name: 'Ade',
  email: 'bola@example.edu',
  status: 'invited',
  last_invited_at: '2026-03-05T10:00:00Z',
  invitation_count: 2,
  joined_at: null,
});

beforeEach(() => {
  me = { id: 'me', role: 'admin', is_super_admin: false, university_id: 'u1' } as Member;
  // The university as the shell has it loaded already: what the join link is made of.
  queryClient.setQueryData(universityQuery('u1').queryKey, NORTHFIELD);
  jest.mocked(listStudents).mockReset().mockResolvedValue({ rows: [], total: 0 });
  jest.mocked(latestImport).mockReset().mockResolvedValue(null);
  jest.mocked(inviteStudent).mockReset();
  jest.mocked(deactivateStudents).mockReset();
  jest.mocked(resendInvitations).mockReset();
  jest.mocked(notifySuccess).mockReset();
});

describe('the students page', () => {
  it('shows the join link and emails it, checking the address first', async () => {
    jest.mocked(inviteStudent).mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<StudentsPage />);
    expect(await screen.findByLabelText('Student join link')).toHaveValue(
      `${window.location.origin}/register?join=NORTHFIELD`,
    );
    expect(await screen.findByText('No students have joined yet: share the join link below')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Invite students by email' });
    await user.type(within(form).getByLabelText('Student email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send join link' }));
    expect(within(form).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(inviteStudent).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Student email'));
    await user.type(within(form).getByLabelText('Student email'), 'fresher@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Send join link' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Invitation sent to fresher@example.edu'));
    expect(inviteStudent).toHaveBeenCalledWith({}, { email: 'fresher@example.edu' });
    expect(within(form).getByLabelText('Student email')).toHaveValue('');
  });

  it("shows the database's refusal under the form", async () => {
    jest.mocked(inviteStudent).mockRejectedValue({
      code: 'P0001',
      message: 'That address was invited a few minutes ago; wait before sending again',
    });
    const user = userEvent.setup();
    render(<StudentsPage />);
    const form = screen.getByRole('form', { name: 'Invite students by email' });
    await user.type(within(form).getByLabelText('Student email'), 'fresher@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Send join link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That address was invited a few minutes ago; wait before sending again',
    );
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('offers a doctor made super admin the join link, not the emails or the import the database allows admins only', async () => {
    me = { ...me, role: 'doctor', is_super_admin: true };
    render(<StudentsPage />);
    expect(await screen.findByLabelText('Student join link')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite students by email' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Share the join link with students: only a university administrator can email it to them.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Only a university administrator can import students.')).toBeInTheDocument();
  });

  it('lists members and invited students with the state of their invitation, filtered by status on the server', async () => {
    jest.mocked(listStudents).mockResolvedValue({ rows: [ADA, BOLA], total: 2 });
    const user = userEvent.setup();
    render(<StudentsPage />);
    const table = await screen.findByRole('table', { name: 'Students' });
    const [, ada, bola] = within(table).getAllByRole('row');
    expect(ada).toHaveTextContent('Joined Mon, 2 Mar 2026');
    expect(bola).toHaveTextContent('Invited, not joined');
    expect(bola).toHaveTextContent('Invited Thu, 5 Mar 2026 (2 times)');
    // An invitation has no member to deactivate or remove one by one.
    expect(within(bola).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'invited');
    await waitFor(() =>
      expect(listStudents).toHaveBeenLastCalledWith(
        {},
        { filter: { search: '', status: 'invited' }, page: 1, pageSize: 10 },
      ),
    );
  });

  it('deactivates the students chosen one by one, after a confirmation that states the count (super admins)', async () => {
    me = { ...me, is_super_admin: true };
    jest.mocked(listStudents).mockResolvedValue({ rows: [ADA, BOLA], total: 2 });
    jest.mocked(deactivateStudents).mockResolvedValue({ deactivated: 1, withdrawn: 1 });
    const user = userEvent.setup();
    render(<StudentsPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Ada Obi' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Bola Ade' }));
    expect(screen.getByText('2 students chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate (end of studies)' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate 2 students' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate 2 students' }));
    await waitFor(() => expect(deactivateStudents).toHaveBeenCalledWith({}, { ids: ['m1', 'r1'] }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('1 student deactivated, 1 invitation withdrawn'));
  });

  it('sends the invitation again to every student a search matches, stating how many the list shows (admins)', async () => {
    jest.mocked(listStudents).mockResolvedValue({ rows: [BOLA], total: 1200 });
    jest.mocked(resendInvitations).mockResolvedValue({ resent: 1100, skipped: 100 });
    const user = userEvent.setup();
    render(<StudentsPage />);
    expect(screen.queryByRole('button', { name: 'Deactivate (end of studies)' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search students'), 'Ade');
    await waitFor(() =>
      expect(listStudents).toHaveBeenLastCalledWith(
        {},
        expect.objectContaining({ filter: { search: 'Ade', status: '' } }),
      ),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Choose every student on this page' }));
    await user.click(screen.getByRole('button', { name: 'Choose all 1,200 that match' }));
    expect(screen.getByText('1,200 students chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the invitation again' }));
    const dialog = screen.getByRole('dialog', { name: 'Send the invitation again' });
    expect(dialog).toHaveTextContent('among these 1,200 students');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitations' }));
    await waitFor(() =>
      expect(resendInvitations).toHaveBeenCalledWith({}, { filter: { search: 'Ade', status: '' }, expected: 1200 }),
    );
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('The join link is on its way to 1,100 students; 100 skipped'),
    );
  });
});
