import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member, University } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { fetchUniversity } from '../../university/universityApi';
import { inviteStudent, listMembers } from './membersApi';
import { StudentsPage } from './StudentsPage';

let me: Member;

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({ ...jest.requireActual('@campuscare/shared'), useUserProfile: () => ({ status: 'signedIn', member: me }) }));
jest.mock('../../university/universityApi', () => ({ fetchUniversity: jest.fn() }));
jest.mock('./membersApi', () => ({ ...jest.requireActual('./membersApi'), listMembers: jest.fn(), inviteStudent: jest.fn() }));

const NORTHFIELD = { id: 'u1', name: 'Northfield University', join_code: 'NORTHFIELD' } as University;

beforeEach(() => {
  me = { id: 'me', role: 'admin', is_super_admin: false, university_id: 'u1' } as Member;
  jest.mocked(fetchUniversity).mockReset().mockResolvedValue(NORTHFIELD);
  jest.mocked(listMembers).mockReset().mockResolvedValue({ rows: [], total: 0 });
  jest.mocked(inviteStudent).mockReset();
  jest.mocked(notifySuccess).mockReset();
});

describe('the students page', () => {
  it('shows the join link and emails it, checking the address first', async () => {
    jest.mocked(inviteStudent).mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<StudentsPage />);
    expect(await screen.findByLabelText('Student join link')).toHaveValue(`${window.location.origin}/register?join=NORTHFIELD`);
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
    jest.mocked(inviteStudent).mockRejectedValue({ code: 'P0001', message: 'That address was invited a few minutes ago; wait before sending again' });
    const user = userEvent.setup();
    render(<StudentsPage />);
    const form = screen.getByRole('form', { name: 'Invite students by email' });
    await user.type(within(form).getByLabelText('Student email'), 'fresher@example.edu');
    await user.click(within(form).getByRole('button', { name: 'Send join link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That address was invited a few minutes ago; wait before sending again');
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('offers a doctor made super admin the join link, not the emails the database sends for admins only', async () => {
    me = { ...me, role: 'doctor', is_super_admin: true };
    render(<StudentsPage />);
    expect(await screen.findByLabelText('Student join link')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite students by email' })).not.toBeInTheDocument();
    expect(screen.getByText('Share the join link with students: only a university administrator can email it to them.')).toBeInTheDocument();
  });
});
