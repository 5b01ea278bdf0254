import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampusCareToasts } from '@campuscare/shared';
import { memberFixture } from '../../../../shell/src/test/fixtures';
import { PersonalDetailsForm, SETTINGS_MESSAGES } from './ProfileSettingsPage';

const updateUser = jest.fn();
const updateMember = jest.fn();
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  getSupabase: async () => ({
    auth: { updateUser },
    from: () => ({ update: (columns: unknown) => ({ eq: () => ({ select: () => ({ maybeSingle: () => updateMember(columns) }) }) }) }),
  }),
}));

const student = memberFixture('student', { id: 'student-1', department: 'Law', year_of_study: 3, reg_number: 'NFU/2024/010' });

beforeEach(() => {
  updateUser.mockReset().mockResolvedValue({ data: { user: null }, error: null });
  updateMember.mockReset().mockResolvedValue({ data: { id: 'student-1' }, error: null });
});

function renderForm() {
  const onSaved = jest.fn(async () => undefined);
  render(
    <>
      <CampusCareToasts />
      <PersonalDetailsForm member={student} onSaved={onSaved} />
    </>,
  );
  return { onSaved, user: userEvent.setup() };
}

async function changeEmail(user: ReturnType<typeof userEvent.setup>, email: string) {
  const field = screen.getByLabelText('Email');
  await user.clear(field);
  await user.type(field, email);
}

describe('the student personal details form', () => {
  it('asks for the current password only while the email differs', async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await changeEmail(user, 'ada.obi@northfield.edu');
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    await changeEmail(user, 'Student@northfield.edu');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('refuses to send a new email without the current password', async () => {
    const { user } = renderForm();
    await changeEmail(user, 'ada.obi@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your current password to change your email address')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
    expect(updateMember).not.toHaveBeenCalled();
  });

  it('sends the new email with the current password, saves the other fields and says a confirmation link was sent', async () => {
    const { user, onSaved } = renderForm();
    await changeEmail(user, 'Ada.Obi@northfield.edu');
    await user.type(screen.getByLabelText('Current Password'), 'CampusCare2026');
    await user.clear(screen.getByLabelText('Department'));
    await user.type(screen.getByLabelText('Department'), 'Pharmacy');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('We sent a confirmation link to ada.obi@northfield.edu. Your email address changes once you open it.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(SETTINGS_MESSAGES.profileSaved)).toBeInTheDocument();
    expect(updateUser).toHaveBeenCalledWith({ email: 'ada.obi@northfield.edu', current_password: 'CampusCare2026' });
    expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ department: 'Pharmacy' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('shows the refusal and saves nothing when the current password is wrong', async () => {
    updateUser.mockResolvedValue({ data: { user: null }, error: { code: 'invalid_credentials', message: 'Current password is incorrect' } });
    const { user, onSaved } = renderForm();
    await changeEmail(user, 'ada.obi@northfield.edu');
    await user.type(screen.getByLabelText('Current Password'), 'NotMyPassword1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(updateMember).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByText(SETTINGS_MESSAGES.profileSaved)).not.toBeInTheDocument();
  });

  it('saves the other fields without asking for a password when the email stays', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Phone'), '+234 803 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.profileSaved)).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
    expect(updateMember).toHaveBeenCalledWith(expect.objectContaining({ phone: '+234 803 555 0199' }));
    expect(screen.queryByText(/confirmation link/)).not.toBeInTheDocument();
  });
});
