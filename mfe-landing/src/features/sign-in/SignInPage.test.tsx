import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, PATHS } from '@campuscare/shared';
import { fakeBackend, registerMember, resetFakeBackend } from '../../../../test/web/fakeSupabase';
import { memberFixture, serveTestConfig } from '../../../../test/web/fixtures';
import { renderPage } from '../../test/renderPage';
import { AdminSignInPage } from './AdminSignInPage';
import { SignInPage } from './SignInPage';

describe('SignInPage', () => {
  it('keeps Sign In disabled until email and password are filled and no error shows', () => {
    renderPage(<SignInPage />, '/signin');
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'student01@northfield.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '12345' } });
    expect(screen.getByText('Password should be at least 6 characters long')).toBeInTheDocument();
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'CampusCare2026' } });
    expect(button).toBeEnabled();
  });

  it('asks for every field when submitted without a role', () => {
    renderPage(<SignInPage />, '/signin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'student01@northfield.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'CampusCare2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/signin');
  });

  it('offers only the doctor and student roles', () => {
    renderPage(<SignInPage />, '/signin');
    const options = Array.from((screen.getByLabelText('Role') as HTMLSelectElement).options).map(
      (option) => option.value,
    );
    expect(options).toEqual(['', 'student', 'doctor']);
  });

  it('says why the visitor was sent to sign in', () => {
    renderPage(<SignInPage />, { pathname: '/signin', state: { from: '/studentdashboard', notice: 'sessionEnded' } });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });
});

describe('Forgot password?', () => {
  it.each([
    ['/signin', <SignInPage key="student" />],
    ['/adminsignin', <AdminSignInPage key="staff" />],
  ])('%s links to the page that mails a reset link', (path, page) => {
    renderPage(page, path);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', PATHS.forgotPassword);
  });
});

describe('AdminSignInPage', () => {
  it('fills in the email of an invitation link and explains where passwords come from', () => {
    renderPage(<AdminSignInPage />, '/adminsignin?email=dr.new%40northfield.edu');
    expect(screen.getByLabelText('Email')).toHaveValue('dr.new@northfield.edu');
    expect(
      screen.getByText(/Open the invitation your university emailed you to choose your password first/),
    ).toBeInTheDocument();
  });

  it('shows and hides the password', () => {
    renderPage(<AdminSignInPage />, '/adminsignin');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('flags an invalid email once the field is left and keeps Login disabled', () => {
    renderPage(<AdminSignInPage />, '/adminsignin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.blur(screen.getByLabelText('Email'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'CampusCare2026' } });
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });
});

describe('signing in', () => {
  beforeEach(() => {
    serveTestConfig();
    resetFakeBackend();
  });

  async function signInAsStaff(email: string, from?: string) {
    renderPage(<AdminSignInPage />, {
      pathname: '/adminsignin',
      state: from === undefined ? undefined : { from, notice: 'signInRequired' },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'CampusCare2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('goes to the dashboard of the account’s role once the profile is loaded', async () => {
    registerMember(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    await signInAsStaff('dr.adams@northfield.edu');
    expect(await screen.findByText('/dashboarrd')).toBeInTheDocument();
  });

  it('goes on to the page the visitor was sent to sign in from, query string included, when it is theirs', async () => {
    registerMember(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    await signInAsStaff('dr.adams@northfield.edu', '/patientchart?student=5f0c');
    expect(await screen.findByText('/patientchart')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?student=5f0c');
  });

  it('goes to the dashboard instead of another role’s page or another site', async () => {
    registerMember(memberFixture('doctor', { email: 'dr.adams@northfield.edu' }));
    await signInAsStaff('dr.adams@northfield.edu', '//evil.example/patients');
    expect(await screen.findByText('/dashboarrd')).toBeInTheDocument();
  });

  it('tells a deactivated member why they cannot sign in', async () => {
    const doctor = memberFixture('doctor', { email: 'dr.chen@northfield.edu' });
    registerMember(doctor);
    fakeBackend.bannedUserId = doctor.id;
    await signInAsStaff('dr.chen@northfield.edu');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.deactivated);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/adminsignin');
  });

  it('sends a student who used the staff page to the student sign-in page, signed out', async () => {
    registerMember(memberFixture('student', { email: 'student01@northfield.edu' }));
    await signInAsStaff('student01@northfield.edu');
    expect(await screen.findByRole('alert')).toHaveTextContent('Students sign in on the student sign-in page.');
    expect(screen.getByRole('link', { name: 'Go to the student sign-in page' })).toHaveAttribute('href', '/signin');
    expect(fakeBackend.session).toBeNull();
  });
});
