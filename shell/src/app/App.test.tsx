import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture, serveTestConfig } from '../../../test/web/fixtures';
import { fakeBackend, resetFakeBackend, signInAs } from '../../../test/web/fakeSupabase';
import { testRoutesModule } from '../../../test/web/testRemotes';
import { createAreaLoader } from '../remotes/areaLoader';
import { App } from './App';

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  const areaLoader = createAreaLoader({
    fetchRoutesModule: async (area) => testRoutesModule(area),
    forgetRemote: () => undefined,
    maxAttempts: 1,
    waitBeforeRetry: async () => undefined,
  });
  return render(<App areaLoader={areaLoader} />);
}

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
});

describe('shell routing and guards', () => {
  it('renders the landing page without loading the Supabase client', async () => {
    const clientsBefore = fakeBackend.createdClients;
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'landing page /' })).toBeInTheDocument();
    expect(fakeBackend.createdClients).toBe(clientsBefore);
  });

  it('sends a signed-out visitor of an admin page to /adminsignin', async () => {
    renderAt('/dashboardd');
    expect(await screen.findByRole('heading', { name: 'landing page /adminsignin' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/adminsignin');
  });

  it('sends a signed-out visitor of a student page to /signin', async () => {
    renderAt('/studentprogram');
    expect(await screen.findByRole('heading', { name: 'landing page /signin' })).toBeInTheDocument();
  });

  it('renders a student page inside the student layout with the signed-in name and email', async () => {
    signInAs(memberFixture('student', { first_name: 'Chioma', last_name: 'Eze', email: 'student01@northfield.edu' }));
    renderAt('/studentdashboard');
    expect(await screen.findByRole('heading', { name: 'student page /studentdashboard' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Student navigation' });
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Chioma Eze')).toBeInTheDocument();
    expect(screen.getByText('student01@northfield.edu')).toBeInTheDocument();
  });

  it('sends a doctor on an admin page to the doctor dashboard', async () => {
    signInAs(memberFixture('doctor'));
    renderAt('/dashboardd');
    expect(await screen.findByRole('heading', { name: 'doctor page /dashboarrd' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboarrd');
  });

  it('sends an admin who must change their password to /passwordpage', async () => {
    signInAs(memberFixture('admin', { must_change_password: true }));
    renderAt('/staffmembers');
    expect(await screen.findByRole('heading', { name: 'admin page /passwordpage' })).toBeInTheDocument();
  });

  it('signs a deactivated member out and sends them to sign in', async () => {
    signInAs(memberFixture('doctor', { status: 'deactivated' }));
    renderAt('/patients');
    expect(await screen.findByRole('heading', { name: 'landing page /adminsignin' })).toBeInTheDocument();
    expect(fakeBackend.session).toBeNull();
  });

  it('opens the staff page to a doctor made super admin, in the doctor layout with the management entries', async () => {
    signInAs(memberFixture('doctor', { is_super_admin: true }));
    renderAt('/staffmembers');
    expect(await screen.findByRole('heading', { name: 'admin page /staffmembers' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Doctor navigation' });
    expect(within(navigation).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation).getByRole('link', { name: 'Students' })).toHaveAttribute('href', '/student');
  });

  it('starts every page with a skip link that moves focus to the main region', async () => {
    signInAs(memberFixture('student'));
    renderAt('/studentdashboard');
    expect(await screen.findByRole('heading', { name: 'student page /studentdashboard' })).toBeInTheDocument();
    await userEvent.tab();
    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveFocus();
    await userEvent.click(skipLink);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.pathname).toBe('/studentdashboard');
  });

  it('shows the 404 page for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
