import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  ApiError,
  queryClient,
  SESSION_CHECK_TIMEOUT_MS,
  SESSION_STORAGE_KEY,
  signInNoticeMessage,
  signInRequestedPage,
  UserProfileProvider,
} from '@campuscare/shared';
import { memberFixture, serveTestConfig } from '../../../test/web/fixtures';
import { deactivateSignedInMember, fakeBackend, resetFakeBackend, signInAs } from '../../../test/web/fakeSupabase';
import { RouteGuard } from './RouteGuard';

function SignInNotice() {
  const { pathname, state } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <p>{signInNoticeMessage(state) ?? 'no notice'}</p>
      <p data-testid="requested-page">{String(signInRequestedPage(state))}</p>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <UserProfileProvider>
        <Routes>
          <Route element={<RouteGuard />}>
            <Route path="/signin" element={<SignInNotice />} />
            <Route path="/adminsignin" element={<SignInNotice />} />
            <Route path="/patients" element={<h1>patients</h1>} />
            <Route path="/studentdashboard" element={<h1>student dashboard</h1>} />
          </Route>
        </Routes>
      </UserProfileProvider>
    </MemoryRouter>,
  );
}

/** The longest a person waits for the session check, loading included, before being told and offered another try. */
const PATIENCE_MS = 8000;

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
});

describe('RouteGuard sign-in notices', () => {
  it('asks a visitor who never signed in to sign in', async () => {
    renderAt('/studentdashboard');
    expect(await screen.findByRole('heading', { name: '/signin' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
  });

  it('tells the sign-in page which page was asked for, query string included', async () => {
    renderAt('/patients?status=scheduled');
    expect(await screen.findByRole('heading', { name: '/adminsignin' })).toBeInTheDocument();
    expect(screen.getByTestId('requested-page')).toHaveTextContent('/patients?status=scheduled');
  });

  it('tells a visitor whose stored session is no longer valid that it has ended', async () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'expired' }));
    renderAt('/patients');
    expect(await screen.findByRole('heading', { name: '/adminsignin' })).toBeInTheDocument();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('tells a deactivated member why they were signed out', async () => {
    signInAs(memberFixture('doctor', { status: 'deactivated' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, '{}');
    renderAt('/patients');
    expect(await screen.findByRole('heading', { name: '/adminsignin' })).toBeInTheDocument();
    expect(screen.getByText(/Your account has been deactivated/)).toBeInTheDocument();
  });
});

describe('RouteGuard session check', () => {
  const harnessDefaults = queryClient.getDefaultOptions();
  afterEach(() => {
    jest.useRealTimers();
    queryClient.setDefaultOptions(harnessDefaults);
  });

  it('stops waiting when the server does not answer, says so for people and checks again on request', async () => {
    jest.useFakeTimers();
    signInAs(memberFixture('doctor'));
    fakeBackend.unresponsive = true;
    renderAt('/patients');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    // Loading the client takes a few ticks before the check (and its timeout) starts.
    await act(() => jest.advanceTimersByTimeAsync(100));
    await act(() => jest.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS));
    expect(screen.getByRole('heading', { name: 'We could not check your session' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach CampusCare. Check your connection and try again.',
    );

    fakeBackend.unresponsive = false;
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'patients' })).toBeInTheDocument();
  });

  it('shows the page’s frame while it checks the session: the role’s navigation, the page’s heading and a dashboard’s sections', async () => {
    jest.useFakeTimers();
    signInAs(memberFixture('student'));
    fakeBackend.unresponsive = true;
    renderAt('/studentdashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.getByRole('navigation', { name: 'Student navigation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upcoming Programs' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(100));
    await act(() => jest.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS));
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('says within 8 s that the server cannot be reached when it refuses connections, and continues on Try again once it is back', async () => {
    jest.useFakeTimers();
    // The app's cache tries a failed query again (the test harness turns that off): the session check must not be.
    queryClient.setDefaultOptions({ ...harnessDefaults, queries: { ...harnessDefaults.queries, retry: 2 } });
    signInAs(memberFixture('doctor'));
    fakeBackend.refusing = true;
    renderAt('/patients');
    // Each read the check makes fails only after the client's own retries: the check must not be started over.
    await act(() => jest.advanceTimersByTimeAsync(PATIENCE_MS));
    expect(screen.getByRole('heading', { name: 'We could not check your session' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach CampusCare. Check your connection and try again.',
    );
    fakeBackend.refusing = false;
    jest.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'patients' })).toBeInTheDocument();
  });

  it('tells a member deactivated while signed in why their next request was refused', async () => {
    signInAs(memberFixture('doctor'));
    renderAt('/patients');
    expect(await screen.findByRole('heading', { name: 'patients' })).toBeInTheDocument();

    deactivateSignedInMember();
    // Any request of the page now meets the request gate's refusal.
    await act(() =>
      queryClient
        .fetchQuery({
          queryKey: ['appointments', 'agenda'],
          queryFn: () =>
            Promise.reject(new ApiError('Your session has ended. Please sign in again.', { code: 'PT401' })),
        })
        .catch(() => undefined),
    );
    expect(await screen.findByRole('heading', { name: '/adminsignin' })).toBeInTheDocument();
    expect(screen.getByText(/Your account has been deactivated/)).toBeInTheDocument();
    expect(fakeBackend.session).toBeNull();
  });
});
