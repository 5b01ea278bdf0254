import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from '../routes/router';
import type { Role } from '../routes/contract';
import { UserProfileProvider } from '../profile/UserProfileProvider';
import { RoleLayout } from '../auth/RoleLayout';
import { LoadingState } from '../ui/Page';
import { CampusCareToasts } from '../toast/toast';

function Frame({ role }: { readonly role?: Role }) {
  const page = (
    <Suspense fallback={<LoadingState />}>
      <Outlet />
    </Suspense>
  );
  return role ? <RoleLayout role={role}>{page}</RoleLayout> : page;
}

/** Runs one remote on its own (`npm run dev -w mfe-<area>`): its pages, without the shell's guards. */
export function renderStandalone(pages: Readonly<Record<string, ComponentType>>, role?: Role): void {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  createRoot(rootElement).render(
    <StrictMode>
      <BrowserRouter>
        <UserProfileProvider>
          <Routes>
            <Route element={<Frame role={role} />}>
              {Object.entries(pages).map(([path, Page]) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
          </Routes>
          <CampusCareToasts />
        </UserProfileProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
