import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SESSION_STORAGE_KEY, signInNoticeMessage, UserProfileProvider } from '@campuscare/shared';
import { memberFixture, serveTestConfig } from '../test/fixtures';
import { resetFakeBackend, signInAs } from '../test/fakeSupabase';
import { RouteGuard } from './RouteGuard';

function SignInNotice() {
  const { pathname, state } = useLocation();
  return (
    <>
      <h1>{pathname}</h1>
      <p>{signInNoticeMessage(state) ?? 'no notice'}</p>
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
