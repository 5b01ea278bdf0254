import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type Area, routesOfArea, UserProfileProvider } from '@campuscare/shared';

/** What every remote's routes module promises the shell: a page for each contract path of its area, each with a level-1 heading. */
export function describeAreaRoutes(area: Area, routes: Readonly<Record<string, ComponentType>>): void {
  const paths: readonly string[] = routesOfArea(area).map((route) => route.path);

  describe(`mfe-${area} routes module`, () => {
    it('exposes a page for exactly the contract paths of its area', () => {
      expect(Object.keys(routes).sort()).toEqual([...paths].sort());
    });

    it.each(paths)('renders %s with a level-1 heading', async (path) => {
      const Page = routes[path];
      if (!Page) throw new Error(`no page for ${path}`);
      render(
        <MemoryRouter initialEntries={[path]}>
          <UserProfileProvider>
            <Suspense fallback={null}>
              <Page />
            </Suspense>
          </UserProfileProvider>
        </MemoryRouter>,
      );
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    });
  });
}
