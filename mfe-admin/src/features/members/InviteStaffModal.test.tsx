import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { type Member, queryClient, type University } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { fetchUniversity } from '../../university/universityApi';
import { InviteStaffModal } from './InviteStaffModal';
import { inviteStaff } from './membersApi';

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member: { id: 'me', role: 'admin', is_super_admin: true, university_id: 'u1' } as Member }),
}));
jest.mock('../../university/universityApi', () => ({ fetchUniversity: jest.fn() }));
jest.mock('./membersApi', () => ({ ...jest.requireActual('./membersApi'), inviteStaff: jest.fn() }));

const university = (passwordSetAt: string | null) => ({ id: 'u1', name: 'Northfield University', default_staff_password_set_at: passwordSetAt }) as University;
const LINK = 'http://localhost:8080/adminsignin?email=new.doctor%40northfield.edu';

function renderModal() {
  render(
    <MemoryRouter>
      <InviteStaffModal onClose={jest.fn()} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.mocked(fetchUniversity).mockReset().mockResolvedValue(university('2026-01-01T00:00:00Z'));
  jest.mocked(inviteStaff).mockReset().mockResolvedValue(LINK);
  jest.mocked(notifySuccess).mockReset();
  jest.spyOn(queryClient, 'invalidateQueries');
});
afterEach(() => jest.restoreAllMocks());

describe('InviteStaffModal', () => {
  it('says where to set the default staff password and refuses to send until then', async () => {
    jest.mocked(fetchUniversity).mockResolvedValue(university(null));
    renderModal();
    expect(await screen.findByRole('link', { name: 'Settings → Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('invites with the chosen role, shows the sign-in link and refreshes the staff list and the dashboard', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(await screen.findByLabelText('Email address'), 'new.doctor@northfield.edu');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Invitation sent to new.doctor@northfield.edu'));
    expect(inviteStaff).toHaveBeenCalledWith({}, { email: 'new.doctor@northfield.edu', role: 'admin' });
    expect(screen.getByLabelText('Sign-in link of the invitation')).toHaveValue(LINK);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    const invalidated = jest.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toEqual([['members'], ['dashboard']]);
  });
});
