import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, AUTH_MESSAGES, PATHS, queryClient } from '@campuscare/shared';
import { resetFakeBackend } from '../../../../test/web/fakeSupabase';
import { serveTestConfig } from '../../../../test/web/fixtures';
import { renderPage } from '../../test/renderPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LINK_REFUSED_MESSAGE, LINK_SENT_MESSAGE } from './recoveryApi';
import { ResetPasswordPage } from './ResetPasswordPage';

const requestPasswordReset = jest.fn();
const startRecoverySession = jest.fn();
const setNewPassword = jest.fn();
jest.mock('./recoveryApi', () => ({
  ...jest.requireActual<object>('./recoveryApi'),
  requestPasswordReset: (...args: unknown[]) => requestPasswordReset(...args),
  startRecoverySession: (...args: unknown[]) => startRecoverySession(...args),
  setNewPassword: (...args: unknown[]) => setNewPassword(...args),
}));

const LINK_FRAGMENT = '#access_token=access&expires_in=3600&refresh_token=refresh&token_type=bearer&type=recovery';

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
  queryClient.clear();
  jest.clearAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('checks the address before sending anything', async () => {
    renderPage(<ForgotPasswordPage />, PATHS.forgotPassword);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it('gives the same answer whatever the address, and lets the person try another', async () => {
    requestPasswordReset.mockResolvedValue(undefined);
    renderPage(<ForgotPasswordPage />, PATHS.forgotPassword);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nobody@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(LINK_SENT_MESSAGE);
    expect(requestPasswordReset).toHaveBeenCalledWith(expect.anything(), { email: 'nobody@northfield.edu' });
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says a rate limit in words for people', async () => {
    requestPasswordReset.mockRejectedValue(new ApiError(AUTH_MESSAGES.rateLimited, { status: 429 }));
    renderPage(<ForgotPasswordPage />, PATHS.forgotPassword);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'student01@northfield.edu');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.rateLimited);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('starts the session of the link, clears it from the address and sets the new password', async () => {
    startRecoverySession.mockResolvedValue('student01@northfield.edu');
    setNewPassword.mockResolvedValue(PATHS.signIn);
    renderPage(<ResetPasswordPage />, { pathname: PATHS.resetPassword, hash: LINK_FRAGMENT });

    expect(await screen.findByText('Choose a new password for student01@northfield.edu.')).toBeInTheDocument();
    expect(startRecoverySession).toHaveBeenCalledWith(expect.anything(), {
      kind: 'session',
      accessToken: 'access',
      refreshToken: 'refresh',
    });
    await waitFor(() => expect(screen.getByTestId('current-hash')).toHaveTextContent(/^$/));

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must be at least 10 characters long')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Recovered2026Pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Recovered2026Typo');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('New passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Recovered2026Pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(PATHS.signIn));
    expect(setNewPassword).toHaveBeenCalledWith(expect.anything(), { password: 'Recovered2026Pass' });
  });

  it('shows the server’s refusal of a password', async () => {
    startRecoverySession.mockResolvedValue('student01@northfield.edu');
    setNewPassword.mockRejectedValue(new ApiError(AUTH_MESSAGES.weakPassword, { code: 'weak_password' }));
    renderPage(<ResetPasswordPage />, { pathname: PATHS.resetPassword, hash: LINK_FRAGMENT });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Recovered2026Pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Recovered2026Pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.weakPassword);
    expect(screen.getByTestId('current-path')).toHaveTextContent(PATHS.resetPassword);
  });

  it('explains an expired or used link and offers a new one', async () => {
    renderPage(<ResetPasswordPage />, {
      pathname: PATHS.resetPassword,
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_REFUSED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', PATHS.forgotPassword);
    await waitFor(() => expect(screen.getByTestId('current-hash')).toHaveTextContent(/^$/));
    expect(startRecoverySession).not.toHaveBeenCalled();
  });

  it('refuses a link whose session the server no longer accepts', async () => {
    startRecoverySession.mockRejectedValue(new ApiError(LINK_REFUSED_MESSAGE, { code: 'otp_expired' }));
    renderPage(<ResetPasswordPage />, { pathname: PATHS.resetPassword, hash: LINK_FRAGMENT });
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_REFUSED_MESSAGE);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('tells a visitor without a link where to get one', () => {
    renderPage(<ResetPasswordPage />, PATHS.resetPassword);
    expect(screen.getByRole('alert')).toHaveTextContent('open the link in the email we sent you');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
