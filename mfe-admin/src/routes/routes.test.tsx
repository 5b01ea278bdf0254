import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { routesOfArea, UserProfileProvider } from '@campuscare/shared';
import routes from './index';

describe('mfe-admin routes module', () => {
  it('exposes a page for exactly the contract paths of its area', () => {
    expect(Object.keys(routes).sort()).toEqual(routesOfArea('admin').map((route) => route.path).sort());
  });

  it.each(routesOfArea('admin').map((route) => route.path))('renders %s with a level-1 heading', async (path) => {
    const Page = routes[path];
    render(
      <MemoryRouter initialEntries={[path]}>
        <UserProfileProvider>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </UserProfileProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
  });
});
