import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorBanner, findRoute, LoadingState, useUserProfile } from '@campuscare/shared';
import { decideAccess } from './access';
import { NotFoundPage } from '../pages/NotFoundPage';

/** Applies the route contract's access rule to the current location before any area renders. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const profile = useUserProfile();
  const route = findRoute(pathname);
  const needsProfile = route !== undefined && route.access !== 'public';
  const { ensureLoaded } = profile;

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
      return <LoadingState label="Checking your session…" />;
    case 'error':
      return (
        <main>
          <ErrorBanner message={`Could not check your session: ${decision.message}`} onRetry={ensureLoaded} />
        </main>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace state={{ from: pathname }} />;
  }
}
