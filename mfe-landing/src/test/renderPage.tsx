import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { UserProfileProvider } from '@campuscare/shared';

function CurrentPath() {
  const { pathname, search, hash } = useLocation();
  return (
    <>
      <p data-testid="current-path">{pathname}</p>
      <p data-testid="current-search">{search}</p>
      <p data-testid="current-hash">{hash}</p>
    </>
  );
}

/** Renders one landing page as the shell would: inside a router and the profile provider. */
export function renderPage(
  page: ReactElement,
  entry: string | { pathname: string; search?: string; hash?: string; state?: unknown },
) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <UserProfileProvider>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <CurrentPath />
      </UserProfileProvider>
    </MemoryRouter>,
  );
}
