import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  API_MESSAGES,
  type CampusCareClient,
  PATHS,
  queryClient,
  takeEmailChangeLink,
} from '@campuscare/shared';
import { resetFakeBackend, signInAs } from '../../../../test/web/fakeSupabase';
import { memberFixture, serveTestConfig } from '../../../../test/web/fixtures';
import { renderPage } from '../../test/renderPage';
import { EmailChangedPage } from './EmailChangedPage';
import {
  EMAIL_CHANGE_REFUSED_MESSAGE,
  EMAIL_CHANGE_SESSION_REFUSED_MESSAGE,
  NO_EMAIL_CHANGE_LINK_MESSAGE,
  startEmailChangedSession,
} from './emailChangeApi';

const startSession = jest.fn();
jest.mock('./emailChangeApi', () => ({
  ...jest.requireActual<object>('./emailChangeApi'),
  startEmailChangedSession: (...args: unknown[]) => startSession(...args),
}));

const NEW_EMAIL = 'ada.obi@northfield.edu';

/** Opens the page as the shell does: the link taken out of the address first. */
function openLink(hash: string) {
  takeEmailChangeLink({ pathname: PATHS.emailChanged, search: '', hash }, { replaceState: () => undefined });
  return renderPage(<EmailChangedPage />, PATHS.emailChanged);
}

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
  queryClient.clear();
  jest.clearAllMocks();
});

describe('EmailChangedPage', () => {
  it('signs in with the link’s session, says which address the account has now and leads on to the dashboard', async () => {
    startSession.mockImplementation(async () => {
      signInAs(memberFixture('student', { email: NEW_EMAIL }));
      return NEW_EMAIL;
    });
    openLink('#access_token=access&expires_in=3600&refresh_token=refresh&token_type=bearer&type=email_change');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email address changed' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        (_content, element) => element?.textContent === `Your email address is now ${NEW_EMAIL}.`,
      ),
    ).toBeInTheDocument();
    expect(startSession).toHaveBeenCalledWith(expect.anything(), {
      kind: 'session',
      accessToken: 'access',
      refreshToken: 'refresh',
    });
    expect(await screen.findByRole('link', { name: 'Continue to your dashboard' })).toHaveAttribute(
      'href',
      PATHS.studentDashboard,
    );
  });

  it('says in plain words that an expired or used link changed nothing', async () => {
    openLink('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(screen.getByRole('heading', { level: 1, name: 'Email address not changed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_CHANGE_REFUSED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', PATHS.signIn);
    expect(startSession).not.toHaveBeenCalled();
  });

  it('tells a visitor without a link where the link is', () => {
    openLink('');
    expect(screen.getByRole('alert')).toHaveTextContent(NO_EMAIL_CHANGE_LINK_MESSAGE);
  });

  it('offers another try when the server could not be reached', async () => {
    startSession
      .mockRejectedValueOnce(new ApiError(API_MESSAGES.unreachable, { retryable: true }))
      .mockResolvedValueOnce(NEW_EMAIL);
    openLink('#access_token=access&refresh_token=refresh&type=email_change');
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NEW_EMAIL)).toBeInTheDocument();
  });
});

describe('startEmailChangedSession', () => {
  const link = { kind: 'session', accessToken: 'access', refreshToken: 'refresh' } as const;
  const { startEmailChangedSession: start } = jest.requireActual<{
    startEmailChangedSession: typeof startEmailChangedSession;
  }>('./emailChangeApi');

  function clientAnswering(answer: { readonly data: unknown; readonly error: unknown }) {
    const setSession = jest.fn(async () => answer);
    return { client: { auth: { setSession } } as unknown as CampusCareClient, setSession };
  }

  it('starts the link’s session and gives the account’s address', async () => {
    const { client, setSession } = clientAnswering({ data: { user: { email: NEW_EMAIL }, session: {} }, error: null });
    await expect(start(client, link)).resolves.toBe(NEW_EMAIL);
    expect(setSession).toHaveBeenCalledWith({ access_token: 'access', refresh_token: 'refresh' });
  });

  it('tells a refused session from a server that could not be reached', async () => {
    const refused = clientAnswering({
      data: { user: null, session: null },
      error: {
        name: 'AuthApiError',
        __isAuthError: true,
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token',
      },
    });
    await expect(start(refused.client, link)).rejects.toThrow(EMAIL_CHANGE_SESSION_REFUSED_MESSAGE);
    const unreachable = clientAnswering({
      data: { user: null, session: null },
      error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' },
    });
    await expect(start(unreachable.client, link)).rejects.toThrow(API_MESSAGES.unreachable);
  });
});
