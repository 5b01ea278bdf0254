import { useEffect, useRef } from 'react';
import {
  findRoute,
  hadSessionInThisTab,
  isRole,
  LoadingState,
  Navigate,
  Outlet,
  RoleLayout,
  signInNoticeFor,
  type SignInRedirectState,
  useLocation,
  useUserProfile,
} from '@campuscare/shared';
import { PagePlaceholder } from '../app/PagePlaceholder';
import { decideAccess } from './access';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SessionCheckFailed } from './SessionCheckFailed';

/** Applies the route contract's access rule to the current location before any area renders. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const profile = useUserProfile();
  const route = findRoute(pathname);
  const needsProfile = route !== undefined && route.access !== 'public';
  const { ensureLoaded } = profile;
  // Whether this tab had a session that has since gone (expired, revoked): the sign-in page then says so.
  const hadSession = useRef(hadSessionInThisTab());
  useEffect(() => {
    if (profile.status === 'signedIn') hadSession.current = true;
    else if (profile.status === 'signedOut' && !needsProfile) hadSession.current = false;
  }, [profile.status, needsProfile]);

  useEffect(() => {
    if (needsProfile) ensureLoaded();
  }, [needsProfile, ensureLoaded]);

  useEffect(() => {
    document.title = route && route.path !== '/' ? `${route.title} · CampusCare` : 'CampusCare';
  }, [route]);

  if (!route) return <NotFoundPage />;

  const decision = decideAccess(route, profile);
  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'wait':
      // A role's page shows its frame and heading while the session is checked, where the page will show them.
      return isRole(route.area) ? (
        <RoleLayout role={route.area}>
          <PagePlaceholder path={route.path} label="Checking your session…" />
        </RoleLayout>
      ) : (
        <LoadingState label="Checking your session…" />
      );
    case 'error':
      return <SessionCheckFailed message={decision.message} onRetry={ensureLoaded} />;
    case 'redirect': {
      const from = `${pathname}${search}`;
      const state: SignInRedirectState | { readonly from: string } =
        profile.status === 'signedOut'
          ? { from, notice: signInNoticeFor(profile.reason, hadSession.current) }
          : { from };
      return <Navigate to={decision.to} replace state={state} />;
    }
  }
}
