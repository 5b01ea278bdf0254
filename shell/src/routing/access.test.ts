import { findRoute, type ProfileState, type RouteDefinition } from '@campuscare/shared';
import { memberFixture } from '../../../test/web/fixtures';
import { decideAccess } from './access';

function route(path: string): RouteDefinition {
  const found = findRoute(path);
  if (!found) throw new Error(`no contract route ${path}`);
  return found;
}

function signedIn(...args: Parameters<typeof memberFixture>): ProfileState {
  const member = memberFixture(...args);
  return { status: 'signedIn', user: { id: member.id } as never, member, healthProfile: null };
}

describe('decideAccess', () => {
  it('renders public pages for everyone, whatever the session state', () => {
    for (const profile of [{ status: 'idle' }, { status: 'signedOut' }, signedIn('doctor')] as ProfileState[]) {
      expect(decideAccess(route('/'), profile)).toEqual({ kind: 'render' });
      expect(decideAccess(route('/signin'), profile)).toEqual({ kind: 'render' });
    }
  });

  it('waits while the session is unknown', () => {
    expect(decideAccess(route('/dashboardd'), { status: 'idle' })).toEqual({ kind: 'wait' });
    expect(decideAccess(route('/dashboardd'), { status: 'loading' })).toEqual({ kind: 'wait' });
  });

  it('sends signed-out visitors to the sign-in page of the page’s role', () => {
    const signedOut: ProfileState = { status: 'signedOut' };
    expect(decideAccess(route('/dashboardd'), signedOut)).toEqual({ kind: 'redirect', to: '/adminsignin' });
    expect(decideAccess(route('/patients'), signedOut)).toEqual({ kind: 'redirect', to: '/adminsignin' });
    expect(decideAccess(route('/studentprogram'), signedOut)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(decideAccess(route('/questions'), signedOut)).toEqual({ kind: 'redirect', to: '/signin' });
  });

  it('sends members on another role’s page to their own dashboard', () => {
    expect(decideAccess(route('/dashboardd'), signedIn('doctor'))).toEqual({ kind: 'redirect', to: '/dashboarrd' });
    expect(decideAccess(route('/dashboarrd'), signedIn('student'))).toEqual({
      kind: 'redirect',
      to: '/studentdashboard',
    });
    expect(decideAccess(route('/studentprofile'), signedIn('admin'))).toEqual({ kind: 'redirect', to: '/dashboardd' });
    expect(decideAccess(route('/questions'), signedIn('admin'))).toEqual({ kind: 'redirect', to: '/dashboardd' });
  });

  it('renders a role’s pages for that role', () => {
    expect(decideAccess(route('/staffmembers'), signedIn('admin'))).toEqual({ kind: 'render' });
    expect(decideAccess(route('/adminprofile'), signedIn('doctor'))).toEqual({ kind: 'render' });
    expect(decideAccess(route('/questions'), signedIn('student'))).toEqual({ kind: 'render' });
  });

  it('sends a member who must change their password to their password page, and lets them stay there', () => {
    expect(decideAccess(route('/dashboardd'), signedIn('admin', { must_change_password: true }))).toEqual({
      kind: 'redirect',
      to: '/passwordpage',
    });
    expect(decideAccess(route('/patients'), signedIn('doctor', { must_change_password: true }))).toEqual({
      kind: 'redirect',
      to: '/adminpassword',
    });
    expect(decideAccess(route('/adminpassword'), signedIn('doctor', { must_change_password: true }))).toEqual({
      kind: 'render',
    });
  });

  it('lets a doctor made super admin manage staff, students and the university settings, as the database allows', () => {
    const superDoctor = signedIn('doctor', { is_super_admin: true });
    for (const path of ['/staff', '/staffmembers', '/student', '/profilepage', '/passwordpage', '/clinicpage']) {
      expect(decideAccess(route(path), superDoctor)).toEqual({ kind: 'render' });
    }
    expect(decideAccess(route('/dashboardd'), superDoctor)).toEqual({ kind: 'redirect', to: '/dashboarrd' });
    expect(decideAccess(route('/newprogram'), superDoctor)).toEqual({ kind: 'redirect', to: '/dashboarrd' });
    expect(decideAccess(route('/staffmembers'), signedIn('doctor'))).toEqual({ kind: 'redirect', to: '/dashboarrd' });
    expect(
      decideAccess(route('/staffmembers'), signedIn('doctor', { is_super_admin: true, must_change_password: true })),
    ).toEqual({ kind: 'redirect', to: '/adminpassword' });
  });

  it('opens the audit log to super admins of any role only, not to plain admins', () => {
    expect(decideAccess(route('/adminaudit'), signedIn('admin', { is_super_admin: true }))).toEqual({ kind: 'render' });
    expect(decideAccess(route('/adminaudit'), signedIn('doctor', { is_super_admin: true }))).toEqual({
      kind: 'render',
    });
    expect(decideAccess(route('/adminaudit'), signedIn('admin'))).toEqual({ kind: 'redirect', to: '/dashboardd' });
    expect(decideAccess(route('/adminaudit'), signedIn('student'))).toEqual({
      kind: 'redirect',
      to: '/studentdashboard',
    });
  });

  it('reports a session that could not be checked', () => {
    expect(decideAccess(route('/dashboardd'), { status: 'error', message: 'offline' })).toEqual({
      kind: 'error',
      message: 'offline',
    });
  });
});
