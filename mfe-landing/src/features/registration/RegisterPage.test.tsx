import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthRetryableFetchError } from '@supabase/auth-js';
import { LOGO_HINT } from '@campuscare/shared';
import { fakeBackend, resetFakeBackend } from '../../../../test/web/fakeSupabase';
import { serveTestConfig } from '../../../../test/web/fixtures';
import { renderPage } from '../../test/renderPage';
import { RESEND_INTERVAL_MS } from './CheckYourEmail';
import { CONFIRMED_MESSAGE } from './ConfirmEmail';
import { RegisterPage } from './RegisterPage';
import {
  acceptStaffInvitation,
  CONFIRMATION_REFUSED_MESSAGE,
  findStaffInvitation,
  INVITATION_REFUSED_MESSAGE,
  resendConfirmation,
  startConfirmedSession,
} from './registrationApi';

// The toasts are shared's own module; the calls the fake client cannot make are mocked, the rest are real.
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('./registrationApi', () => ({
  ...jest.requireActual('./registrationApi'),
  resendConfirmation: jest.fn(),
  startConfirmedSession: jest.fn(),
  findStaffInvitation: jest.fn(),
  acceptStaffInvitation: jest.fn(),
}));
const { notifySuccess } = jest.requireMock<{ notifySuccess: jest.Mock }>('../../../../shared/src/toast/toast');

async function fillUniversity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('University name'), 'Hillside College');
  await user.type(screen.getByLabelText('Email'), 'registrar@hillside.edu');
  await user.type(screen.getByLabelText('Phone'), '+1 555 030 0500');
  await user.type(screen.getByLabelText('Password'), 'Registrar2026');
}

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
  jest.mocked(resendConfirmation).mockReset().mockResolvedValue(undefined);
  jest.mocked(startConfirmedSession).mockReset();
  jest.mocked(findStaffInvitation).mockReset();
  jest.mocked(acceptStaffInvitation).mockReset();
  notifySuccess.mockReset();
});

describe('RegisterPage (university)', () => {
  it('checks every field on submit and sends nothing while one is wrong', () => {
    renderPage(<RegisterPage />, '/register');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'registrar@' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lowercase123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(
      screen.getByText('Password should include an uppercase, lowercase, and digits', { selector: '[id$="-error"]' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/register');
  });

  it('takes a tel phone field and a password of at least 10 characters', () => {
    renderPage(<RegisterPage />, '/register');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('minLength', '10');
  });

  it('asks to confirm the address after signing up, and offers a new link once a minute has passed', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      renderPage(<RegisterPage />, '/register');
      await fillUniversity(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('We sent a link to registrar@hillside.edu.');
      expect(screen.getByTestId('current-path')).toHaveTextContent('/register');
      const resend = screen.getByRole('button', { name: 'Send a new link' });
      expect(resend).toBeDisabled();
      act(() => jest.advanceTimersByTime(RESEND_INTERVAL_MS));
      expect(resend).toBeEnabled();
      await user.click(resend);
      await waitFor(() =>
        expect(resendConfirmation).toHaveBeenCalledWith(expect.anything(), { email: 'registrar@hillside.edu' }),
      );
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send a new link' })).toBeDisabled());

      await user.click(screen.getByRole('button', { name: 'Use another address' }));
      expect(screen.getByLabelText('University name')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('RegisterPage (confirmation link)', () => {
  const fragment = '#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r1&token_type=bearer&type=signup';

  it('starts the session the link carries, clears it from the address bar and opens the first page', async () => {
    jest.mocked(startConfirmedSession).mockResolvedValue('/questions');
    renderPage(<RegisterPage />, { pathname: '/register', hash: fragment });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/questions'));
    expect(startConfirmedSession).toHaveBeenCalledWith(expect.anything(), {
      kind: 'session',
      accessToken: 'a.b.c',
      refreshToken: 'r1',
    });
    expect(screen.getByTestId('current-hash')).toBeEmptyDOMElement();
    expect(notifySuccess).toHaveBeenCalledWith(CONFIRMED_MESSAGE);
  });

  it('offers a new link for one that expired or was used', async () => {
    const user = userEvent.setup();
    renderPage(<RegisterPage />, {
      pathname: '/register',
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIRMATION_REFUSED_MESSAGE);
    await user.type(screen.getByLabelText('Email'), 'registrar@hillside.edu');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If that sign-up is still waiting for its confirmation, a new link is on its way.',
    );
    expect(resendConfirmation).toHaveBeenCalledWith(expect.anything(), { email: 'registrar@hillside.edu' });
  });
});

describe('RegisterPage (staff invitation link)', () => {
  it('shows the invitation and accepts it with the name and password chosen, opening the dashboard', async () => {
    jest
      .mocked(findStaffInvitation)
      .mockResolvedValue({ universityName: 'Northfield University', email: 'nia@northfield.edu', role: 'doctor' });
    jest.mocked(acceptStaffInvitation).mockResolvedValue('/dashboarrd');
    const user = userEvent.setup();
    renderPage(<RegisterPage />, '/register?invitation=tok3n');
    expect(
      await screen.findByText('Northfield University invites nia@northfield.edu to join as a doctor.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(acceptStaffInvitation).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('First name'), 'Nia');
    await user.type(screen.getByLabelText('Last name'), 'Okoye');
    await user.type(screen.getByLabelText('Password'), 'Harbor2026Kite');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboarrd'));
    expect(acceptStaffInvitation).toHaveBeenCalledWith(expect.anything(), {
      token: 'tok3n',
      email: 'nia@northfield.edu',
      values: { firstName: 'Nia', lastName: 'Okoye', password: 'Harbor2026Kite' },
    });
    expect(findStaffInvitation).toHaveBeenCalledWith(expect.anything(), 'tok3n');
  });

  it('says when the link no longer works', async () => {
    jest.mocked(findStaffInvitation).mockResolvedValue(null);
    renderPage(<RegisterPage />, '/register?invitation=spent');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_REFUSED_MESSAGE);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('RegisterPage (refusals)', () => {
  it('says the server failed in people’s words, and stays on the page', async () => {
    fakeBackend.signUpError = new AuthRetryableFetchError('boom', 500);
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await fillUniversity(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'CampusCare could not complete that just now. Please try again in a moment.',
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent('/register');
  });

  it('checks the fields again as they are corrected once a submit showed what is wrong', async () => {
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('University name'), 'Hillside College');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });
});

describe('RegisterPage (student join code)', () => {
  beforeEach(() => {
    fakeBackend.universities = [
      { id: 'university-1', name: 'Northfield University', logo_path: null, join_code: 'NORTHFIELD' },
    ];
  });

  it('takes a typed join code and opens the join form of its university', async () => {
    renderPage(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join your university' }));
    expect(screen.getByLabelText('Join code')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Join code'), ' northfield ');
    await user.click(screen.getByRole('button', { name: 'Join your university' }));
    expect(await screen.findByText('You are joining Northfield University')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Join your university' })).toBeInTheDocument();
  });

  it('says when no university has the code', async () => {
    renderPage(<RegisterPage />, '/register?join=NOSUCHCODE');
    expect(await screen.findByRole('alert')).toHaveTextContent('That join code does not match any university');
  });
});

describe('RegisterPage (the logo)', () => {
  it("says what a logo may be, in the words of the university's profile, and where it is added", () => {
    renderPage(<RegisterPage />, '/register');
    expect(
      screen.getByText(`${LOGO_HINT} You add it in Settings once your email address is confirmed.`),
    ).toBeInTheDocument();
  });
});
