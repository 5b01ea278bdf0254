import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { MemoryRouter } from 'react-router-dom';
import { useLocationState } from './locationState';

function StateNote() {
  const state = useLocationState();
  return <p>{typeof state === 'string' ? state : 'No note'}</p>;
}

it('hydrates a page as the build rendered it, without router state, and shows the state right after', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(
    <StaticRouter location="/signin">
      <StateNote />
    </StaticRouter>,
  );
  const recoverableErrors: unknown[] = [];

  const root = await act(async () =>
    hydrateRoot(
      container,
      <MemoryRouter initialEntries={[{ pathname: '/signin', state: 'Please sign in to continue.' }]}>
        <StateNote />
      </MemoryRouter>,
      { onRecoverableError: (error) => recoverableErrors.push(error) },
    ),
  );
  expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
  expect(recoverableErrors).toEqual([]);

  act(() => root.unmount());
  container.remove();
});
