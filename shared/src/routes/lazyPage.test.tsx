import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { lazyPage, preloadPage } from './lazyPage';

function pageModule() {
  return {
    HelloPage() {
      return <h1>Hello</h1>;
    },
  };
}

function renderInSuspense(Page: ComponentType) {
  return render(
    <Suspense fallback={<p>Loading page…</p>}>
      <Page />
    </Suspense>,
  );
}

it('loads a page with its first render, retrying a failed import', async () => {
  const load = jest
    .fn<Promise<ReturnType<typeof pageModule>>, []>()
    .mockRejectedValueOnce(new Error('chunk failed'))
    .mockResolvedValue(pageModule());
  renderInSuspense(lazyPage(load, 'HelloPage'));
  expect(screen.getByText('Loading page…')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('renders a preloaded page at once, without suspending', async () => {
  const load = jest.fn(async () => pageModule());
  const Page = lazyPage(load, 'HelloPage');
  await preloadPage(Page);
  renderInSuspense(Page);
  expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});
