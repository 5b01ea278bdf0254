import {
  dashboardPathFor,
  isRole,
  mayOpen,
  passwordPathFor,
  type ProfileState,
  type RouteDefinition,
  signInPathFor,
} from '@campuscare/shared';

type AccessDecision =
  | { readonly kind: 'render' }
  | { readonly kind: 'wait' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'redirect'; readonly to: string };

/**
 * Who may see a contract route:
 * public routes render for everyone; signed-out visitors of a role's page go to that role's sign-in page;
 * a member goes to their own dashboard from a page they may not open (another role's, except the management pages a
 * super admin of any role may open); a member who must change their password goes to their password page first.
 */
export function decideAccess(route: Pick<RouteDefinition, 'path' | 'access'>, profile: ProfileState): AccessDecision {
  if (route.access === 'public') return { kind: 'render' };

  switch (profile.status) {
    case 'idle':
    case 'loading':
      return { kind: 'wait' };
    case 'error':
      return { kind: 'error', message: profile.message };
    case 'signedOut':
      return { kind: 'redirect', to: signInPathFor(route.access) };
    case 'signedIn': {
      const { member } = profile;
      const role = member.role;
      if (!isRole(role)) return { kind: 'redirect', to: signInPathFor(route.access) };
      if (!mayOpen({ role, is_super_admin: member.is_super_admin }, route))
        return { kind: 'redirect', to: dashboardPathFor(role) };
      const passwordPath = passwordPathFor(role);
      if (member.must_change_password && route.path !== passwordPath) return { kind: 'redirect', to: passwordPath };
      return { kind: 'render' };
    }
  }
}
