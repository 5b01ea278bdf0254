import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampusCareToasts } from '@campuscare/shared';
import { memberFixture } from '../../../../shell/src/test/fixtures';
import { ProfileForm } from './ProfileSettingsPage';

const updateUser = jest.fn();
const updateMember = jest.fn();
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  getSupabase: async () => ({
    auth: { updateUser },
    from: () => ({ update: (columns: unknown) => ({ eq: () => ({ select: () => ({ maybeSingle: () => updateMember(columns) }) }) }) }),
  }),
}));

const doctor = memberFixture('doctor', { id: 'doctor-1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams', email: 'dr.adams@northfield.edu' });

beforeEach(() => {
  updateUser.mockReset().mockResolvedValue({ data: { user: null }, error: null });
  updateMember.mockReset().mockResolvedValue({ data: { id: 'doctor-1' }, error: null });
});

function renderForm() {
  const onSaved = jest.fn(async () => undefined);
  render(
    <>
      <CampusCareToasts />
      <ProfileForm member={doctor} onSaved={onSaved} />
    </>,
  );
  return { onSaved, user: userEvent.setup() };
}

describe('the doctor profile form', () => {
  it('asks for the current password only while the email differs', async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'amelia.adams@northfield.edu');
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, ' DR.Adams@northfield.edu');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('refuses to send a new email without the current password', async () => {
    const { user } = renderForm();
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'amelia.adams@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your current password to change your email address')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
    expect(updateMember).not.toHaveBeenCalled();
  });

  it('sends the new email with the current password, saves the other fields and says a confirmation link was sent', async () => {
    const { user, onSaved } = renderForm();
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'Amelia.Adams@northfield.edu');
    await user.type(screen.getByLabelText('Current Password'), 'CampusCare2026');
    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Amelie');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('We sent a confirmation link to amelia.adams@northfield.edu. Your email address changes once you open it.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(updateUser).toHaveBeenCalledWith({ email: 'amelia.adams@northfield.edu', current_password: 'CampusCare2026' });
    expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Amelie' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('shows the refusal and saves nothing when the current password is wrong', async () => {
    updateUser.mockResolvedValue({ data: { user: null }, error: { code: 'invalid_credentials', message: 'Current password is incorrect' } });
    const { user, onSaved } = renderForm();
    const email = screen.getByLabelText('Email Address');
    await user.clear(email);
    await user.type(email, 'amelia.adams@northfield.edu');
    await user.type(screen.getByLabelText('Current Password'), 'NotMyPassword1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(updateMember).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it('saves the other fields without asking for a password when the email stays', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 010 0999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
    expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ phone: '+1 555 010 0999' }));
    expect(screen.queryByText(/confirmation link/)).not.toBeInTheDocument();
  });
});
