import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { UserProfile } from '../profile/UserProfileProvider';
import type { Member } from '../database.types';
import { notifySuccess } from '../toast/toast';
import { AUTH_MESSAGES } from '../auth/authErrors';
import { PasswordChangeForm } from './PasswordChangeForm';

const updateUser = jest.fn();
const refresh = jest.fn(async () => {
  mustChangePassword = false;
});
let mustChangePassword = false;

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({ auth: { updateUser } }) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));
jest.mock('../profile/UserProfileProvider', () => ({
  useUserProfile: (): Partial<UserProfile> => ({
    status: 'signedIn',
    member: { id: 'doctor-1', role: 'doctor', must_change_password: mustChangePassword } as Member,
    refresh,
  }),
}));

function renderForm() {
  render(
    <MemoryRouter initialEntries={['/adminpassword']}>
      <Routes>
        <Route path="/adminpassword" element={<PasswordChangeForm />} />
        <Route path="/dashboarrd" element={<h1>Doctor dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillIn(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

beforeEach(() => {
  updateUser.mockReset();
  refresh.mockClear();
  jest.mocked(notifySuccess).mockClear();
  mustChangePassword = false;
});

describe('PasswordChangeForm', () => {
  it('shows "New passwords do not match." and calls nothing when the confirmation differs', async () => {
    renderForm();
    await fillIn('CampusCare2026', 'BrandNew2026x', 'BrandNew2026y');
    expect(await screen.findByText('New passwords do not match.')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('refuses a weak new password before calling the auth service', async () => {
    renderForm();
    await fillIn('CampusCare2026', 'short', 'short');
    expect(await screen.findByText('Password must be at least 10 characters long')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('refuses a new password equal to the current one', async () => {
    renderForm();
    await fillIn('CampusCare2026', 'CampusCare2026', 'CampusCare2026');
    expect(
      await screen.findByText('Your new password must be different from your current password.'),
    ).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('sends the current password and shows the refusal when it is wrong', async () => {
    // GoTrue words a wrong current password like a missing one; the code tells them apart.
    updateUser.mockResolvedValue({
      data: { user: null },
      error: {
        name: 'AuthApiError',
        status: 400,
        code: 'current_password_invalid',
        message: 'Current password required when setting new password.',
      },
    });
    renderForm();
    await fillIn('WrongPass2026', 'BrandNew2026x', 'BrandNew2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.currentPasswordIncorrect);
    expect(updateUser).toHaveBeenCalledWith({ password: 'BrandNew2026x', current_password: 'WrongPass2026' });
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('says other refusals in people’s words, never the raw error', async () => {
    updateUser.mockResolvedValue({
      data: { user: null },
      error: {
        name: 'AuthApiError',
        status: 422,
        code: 'weak_password',
        message: 'Password should be at least 10 characters',
      },
    });
    renderForm();
    await fillIn('CampusCare2026', 'BrandNew2026x', 'BrandNew2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.weakPassword);
  });

  it('says the server could not be reached when the request fails', async () => {
    updateUser.mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm();
    await fillIn('CampusCare2026', 'BrandNew2026x', 'BrandNew2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.unreachable);
    expect(screen.queryByText(/TypeError/)).not.toBeInTheDocument();
  });

  it('toasts, clears the form and re-reads the profile on success', async () => {
    updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    renderForm();
    await fillIn('CampusCare2026', 'BrandNew2026x', 'BrandNew2026x');
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Password changed successfully!'));
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Doctor dashboard' })).not.toBeInTheDocument();
  });

  it('explains a forced change and continues to the dashboard after it', async () => {
    mustChangePassword = true;
    updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    renderForm();
    expect(screen.getByText(/Choose a new password before you continue/)).toBeInTheDocument();
    await fillIn('CampusCare2026', 'BrandNew2026x', 'BrandNew2026x');
    expect(await screen.findByRole('heading', { name: 'Doctor dashboard' })).toBeInTheDocument();
  });

  it('has Show/Hide toggles for each password', async () => {
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show New Password' }));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide New Password' })).toBeInTheDocument();
  });
});
