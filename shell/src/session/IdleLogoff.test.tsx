import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, SESSION_STORAGE_KEY, signInNoticeMessage, UserProfileProvider } from '@campuscare/shared';
import { memberFixture, serveTestConfig } from '../../../test/web/fixtures';
import { fakeBackend, resetFakeBackend, signInAs } from '../../../test/web/fakeSupabase';
import { IdleLogoff } from './IdleLogoff';
import { readSessionStatus, touchSession, type SessionStatus } from './sessionLimitsApi';

jest.mock('./sessionLimitsApi', () => ({ readSessionStatus: jest.fn(), touchSession: jest.fn() }));

const MINUTE = 60_000;
const status = (idleSecondsLeft: number) => ({ idleMinutes: 15, idleSecondsLeft });

function SignInPage() {
  const { pathname, state } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <p>{signInNoticeMessage(state)}</p>
    </>
  );
}

/**
 * Signs a doctor in on real timers (the profile check runs on them), then holds the first status read until the
 * clock is the test's, so the idle timer runs on fake timers from its start.
 */
async function renderSignedIn(): Promise<void> {
  signInAs(memberFixture('doctor'));
  // A stored session makes the profile provider check it at once, as after a sign-in.
  window.sessionStorage.setItem(SESSION_STORAGE_KEY, '{}');
  render(
    <MemoryRouter initialEntries={['/patients']}>
      <UserProfileProvider>
        <Routes>
          <Route path="/patients" element={<h1>patients</h1>} />
          <Route path="/adminsignin" element={<SignInPage />} />
        </Routes>
        <IdleLogoff />
      </UserProfileProvider>
    </MemoryRouter>,
  );
  let answer: (value: SessionStatus) => void = () => undefined;
  jest.mocked(readSessionStatus).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  await waitFor(() => expect(readSessionStatus).toHaveBeenCalledTimes(1));
  jest.useFakeTimers();
  await act(async () => answer(status(15 * 60)));
}

/** Lets the profile check and the first status read settle. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(100));
const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
  jest
    .mocked(readSessionStatus)
    .mockReset()
    .mockResolvedValue(status(15 * 60));
  jest
    .mocked(touchSession)
    .mockReset()
    .mockResolvedValue(status(15 * 60));
});
afterEach(() => jest.useRealTimers());

describe('idle logoff', () => {
  it('signs out at the limit and the sign-in page says why', async () => {
    await renderSignedIn();
    jest.mocked(readSessionStatus).mockResolvedValue(status(60));
    await pass(14 * MINUTE);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    jest
      .mocked(readSessionStatus)
      .mockRejectedValue(new ApiError('Your session has ended. Please sign in again.', { code: 'PT401', status: 401 }));
    await pass(MINUTE);
    expect(await screen.findByRole('heading', { name: '/adminsignin' })).toBeInTheDocument();
    expect(
      screen.getByText('You were signed out after 15 minutes without activity. Sign in again to continue.'),
    ).toBeInTheDocument();
    expect(fakeBackend.session).toBeNull();
  });

  it('counts activity in the page, reporting it to the server at most once a minute', async () => {
    await renderSignedIn();
    for (let minute = 0; minute < 30; minute += 1) {
      window.dispatchEvent(new KeyboardEvent('keydown'));
      window.dispatchEvent(new Event('scroll'));
      await pass(MINUTE / 2);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readSessionStatus).toHaveBeenCalledTimes(1);
    expect(jest.mocked(touchSession).mock.calls.length).toBeGreaterThanOrEqual(14);
    expect(jest.mocked(touchSession).mock.calls.length).toBeLessThanOrEqual(16);
  });

  it('warns a minute before the limit; "Stay signed in" keeps the session and tells the server', async () => {
    await renderSignedIn();
    jest.mocked(readSessionStatus).mockResolvedValue(status(60));
    await pass(14 * MINUTE);
    expect(screen.getByRole('dialog', { name: 'Are you still there?' })).toHaveTextContent(
      'You will be signed out in 60 s',
    );
    await pass(10_000);
    expect(screen.getByRole('dialog')).toHaveTextContent('You will be signed out in 50 s');

    // Clicked directly: user-event's own pauses do not run on a fake clock.
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await settle();
    expect(touchSession).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'patients' })).toBeInTheDocument();
  });

  it('keeps the session without a warning when another tab was active, by asking the server first', async () => {
    await renderSignedIn();
    jest.mocked(readSessionStatus).mockResolvedValue(status(10 * 60));
    await pass(14 * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(touchSession).not.toHaveBeenCalled();
    jest.mocked(readSessionStatus).mockResolvedValue(status(60));
    await pass(9 * MINUTE);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
