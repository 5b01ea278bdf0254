import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Member } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { InviteStaffModal } from './InviteStaffModal';
import { inviteStaff } from './membersApi';

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({
    status: 'signedIn',
    member: { id: 'me', role: 'admin', is_super_admin: true, university_id: 'u1' } as Member,
  }),
}));
jest.mock('./membersApi', () => ({ ...jest.requireActual('./membersApi'), inviteStaff: jest.fn() }));

function renderModal() {
  render(
    <MemoryRouter>
      <InviteStaffModal onClose={jest.fn()} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.mocked(inviteStaff).mockReset().mockResolvedValue(undefined);
  jest.mocked(notifySuccess).mockReset();
});

describe('InviteStaffModal', () => {
  it('invites with the chosen role and says so, whatever the address', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Email address'), 'new.doctor@northfield.edu');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Invitation sent to new.doctor@northfield.edu'));
    expect(inviteStaff).toHaveBeenCalledWith({}, { email: 'new.doctor@northfield.edu', role: 'admin' });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('copies the staff sign-in page, never a link that would open the account', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByLabelText('Staff sign-in page')).toHaveValue(`${window.location.origin}/adminsignin`);
    await user.type(screen.getByLabelText('Email address'), 'new.doctor@northfield.edu');
    expect(screen.getByLabelText('Staff sign-in page')).toHaveValue(
      `${window.location.origin}/adminsignin?email=new.doctor%40northfield.edu`,
    );
  });

  it("shows the database's refusal in the dialog", async () => {
    const refusal =
      'Confirm your email address before sending invitations: open the link in the email we sent you when you registered';
    jest.mocked(inviteStaff).mockRejectedValue({ code: 'P0001', message: refusal });
    const user = userEvent.setup();
    renderModal();
    await user.type(screen.getByLabelText('Email address'), 'new.doctor@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
