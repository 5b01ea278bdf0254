import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { memberFixture, serveTestConfig } from '../../../test/web/fixtures';
import { fakeBackend, resetFakeBackend, signInAs } from '../../../test/web/fakeSupabase';
import { queryClient } from '../data/queryClient';
import { queryKeys } from '../data/queryKeys';
import { UserProfileProvider, useUserProfile } from '../profile/UserProfileProvider';
import { MAIN_CONTENT_ID, type Role } from '../routes/contract';
import { SESSION_STORAGE_KEY } from '../supabase/client';
import { NAME_STEP_NOTICE } from './NameStep';
import { saveOwnName } from './ownNameApi';
import { RoleLayout } from './RoleLayout';

jest.mock('./ownNameApi', () => ({ ...jest.requireActual('./ownNameApi'), saveOwnName: jest.fn() }));

beforeEach(() => {
  serveTestConfig();
  resetFakeBackend();
});

const doctor: Role = 'doctor';

describe('RoleLayout Log Out', () => {
  it('signs out, clears the stored session and returns to the landing page', async () => {
    signInAs(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    render(
      <MemoryRouter initialEntries={['/dashboarrd']}>
        <UserProfileProvider>
          <Routes>
            <Route path="/" element={<h1>Landing</h1>} />
            <Route
              path="/dashboarrd"
              element={
                <RoleLayout role={doctor}>
                  <h1>Dashboard</h1>
                </RoleLayout>
              }
            />
          </Routes>
        </UserProfileProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('dr.adams@northfield.edu')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    await waitFor(() => expect(fakeBackend.session).toBeNull());
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ends the session only once the area has given way to a landing page still loading, so its guard never sends the member to sign in', async () => {
    signInAs(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    let showLanding: () => void = () => undefined;
    const Landing = lazy(
      () =>
        new Promise<{ default: () => JSX.Element }>(
          (resolve) => (showLanding = () => resolve({ default: () => <h1>Landing</h1> })),
        ),
    );
    function GuardedDashboard() {
      const profile = useUserProfile();
      if (profile.status === 'signedOut') return <Navigate to="/signin" replace />;
      return (
        <RoleLayout role={doctor}>
          <h1>Dashboard</h1>
        </RoleLayout>
      );
    }
    render(
      <MemoryRouter initialEntries={['/dashboarrd']}>
        <UserProfileProvider>
          <Suspense fallback={<p>Loading</p>}>
            <Routes>
              <Route path="/" element={<Landing />} />
              <Route path="/signin" element={<h1>Sign in</h1>} />
              <Route path="/dashboarrd" element={<GuardedDashboard />} />
            </Routes>
          </Suspense>
        </UserProfileProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('dr.adams@northfield.edu')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(fakeBackend.session).not.toBeNull();

    act(() => showLanding());
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    await waitFor(() => expect(fakeBackend.session).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});

describe('RoleLayout top bar', () => {
  function renderLayout(role: 'admin' | 'doctor') {
    render(
      <MemoryRouter initialEntries={['/page']}>
        <UserProfileProvider>
          <Routes>
            <Route
              path="/page"
              element={
                <RoleLayout role={role}>
                  <h1>Page</h1>
                </RoleLayout>
              }
            />
          </Routes>
        </UserProfileProvider>
      </MemoryRouter>,
    );
  }

  it('shows the university’s current name, and the new one once it is renamed', async () => {
    fakeBackend.universities = [
      { id: 'university-1', name: 'Northfield University', logo_path: 'university-1/logo.png' },
    ];
    signInAs(memberFixture('admin', { first_name: 'Northfield University' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    renderLayout('admin');
    const identity = await screen.findByLabelText('Signed in as');
    expect(await within(identity).findByRole('img', { name: 'University logo' })).toHaveAttribute(
      'src',
      'https://storage.test/university-logos/university-1/logo.png',
    );
    expect(within(identity).getByText('Northfield University')).toBeInTheDocument();

    fakeBackend.universities = [{ id: 'university-1', name: 'Northfield Institute of Health', logo_path: null }];
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.university }));
    expect(await within(identity).findByText('Northfield Institute of Health')).toBeInTheDocument();
    expect(within(identity).queryByText('Northfield University')).not.toBeInTheDocument();
  });

  it('shows a doctor’s own name with their university’s', async () => {
    fakeBackend.universities = [{ id: 'university-1', name: 'Northfield University', logo_path: null }];
    signInAs(memberFixture('doctor', { title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    renderLayout('doctor');
    const identity = await screen.findByLabelText('Signed in as');
    expect(within(identity).getByText('Dr Amelia Adams')).toBeInTheDocument();
    expect(await within(identity).findByText('Northfield University')).toBeInTheDocument();
  });

  it('gives the main region the id the skip link points at', async () => {
    signInAs(memberFixture('doctor'));
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
    renderLayout('doctor');
    expect(await screen.findByRole('main')).toHaveAttribute('id', MAIN_CONTENT_ID);
  });
});

describe('RoleLayout name step', () => {
  function renderPage(role: Role) {
    render(
      <MemoryRouter initialEntries={['/page']}>
        <UserProfileProvider>
          <Routes>
            <Route
              path="/page"
              element={
                <RoleLayout role={role}>
                  <h1>Page</h1>
                </RoleLayout>
              }
            />
          </Routes>
        </UserProfileProvider>
      </MemoryRouter>,
    );
  }

  function signIn(member: ReturnType<typeof memberFixture>) {
    signInAs(member);
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(fakeBackend.session));
  }

  it('asks a doctor without a whole name for it before any page, saves it, then opens the page', async () => {
    const nameless = memberFixture('doctor', { id: 'doctor-new', first_name: '', last_name: '' });
    signIn(nameless);
    jest
      .mocked(saveOwnName)
      .mockReset()
      .mockImplementation(async (_client, { memberId, name }) => {
        fakeBackend.members = fakeBackend.members.map((member) =>
          member.id === memberId
            ? { ...member, first_name: name.firstName.trim(), last_name: name.lastName.trim() }
            : member,
        );
      });
    renderPage('doctor');
    expect(await screen.findByText(NAME_STEP_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByLabelText('First Name')).toHaveAccessibleDescription('This field is required');
    expect(saveOwnName).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: ' Li ' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Chen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(saveOwnName).toHaveBeenCalledWith(expect.anything(), {
      memberId: 'doctor-new',
      name: { firstName: ' Li ', lastName: 'Chen' },
    });
    expect(screen.queryByText(NAME_STEP_NOTICE)).not.toBeInTheDocument();
  });

  it('asks an admin missing a last name', async () => {
    signIn(memberFixture('admin', { last_name: '' }));
    renderPage('admin');
    expect(await screen.findByText(NAME_STEP_NOTICE)).toBeInTheDocument();
  });

  it('leaves the university account to its page', async () => {
    signIn(memberFixture('admin', { is_super_admin: true, first_name: 'Northfield University', last_name: '' }));
    renderPage('admin');
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByText(NAME_STEP_NOTICE)).not.toBeInTheDocument();
  });

  it('comes after the forced password change, whose page opens first', async () => {
    signIn(memberFixture('doctor', { first_name: '', last_name: '', must_change_password: true }));
    renderPage('doctor');
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByText(NAME_STEP_NOTICE)).not.toBeInTheDocument();
  });
});
