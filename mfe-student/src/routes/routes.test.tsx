import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Suspense } from 'react';
import { routesOfArea, UserProfileProvider } from '@campuscare/shared';
import routes from './index';

describe('mfe-student routes module', () => {
  it('exposes a page for exactly the contract paths of its area', () => {
    expect(Object.keys(routes).sort()).toEqual(routesOfArea('student').map((route) => route.path).sort());
  });

  it.each(routesOfArea('student').map((route) => route.path))('renders %s with a level-1 heading', async (path) => {
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
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
