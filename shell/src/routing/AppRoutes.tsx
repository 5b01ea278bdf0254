import { Outlet, type Role, RoleLayout, ROLES, Route, Routes, routesOfArea, useUserProfile } from '@campuscare/shared';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RouteGuard } from './RouteGuard';

/** The frame of an area's pages: the signed-in member's own, also on the management pages a super admin may open. */
function AreaLayout({ role }: { readonly role: Role }) {
  const profile = useUserProfile();
  return (
    <RoleLayout role={profile.status === 'signedIn' ? profile.member.role : role}>
      <Outlet />
    </RoleLayout>
  );
}

/** Every contract route, each rendered by the remote that owns it; signed-in areas inside their role layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        {routesOfArea('landing').map((route) => (
          <Route key={route.path} path={route.path} element={<RemoteRoute area="landing" path={route.path} />} />
        ))}
        {ROLES.map((role) => (
          <Route key={role} element={<AreaLayout role={role} />}>
            {routesOfArea(role).map((route) => (
              <Route key={route.path} path={route.path} element={<RemoteRoute area={role} path={route.path} />} />
            ))}
          </Route>
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
