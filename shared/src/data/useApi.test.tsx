import { act, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { notifyError, notifySuccess } from '../toast/toast';
import { queryClient } from './queryClient';
import { QueryView } from './QueryView';
import {
  apiMutation,
  apiQuery,
  type PagedRows,
  runApiMutation,
  useApiMutation,
  useApiQuery,
  usePagedQuery,
} from './useApi';

jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../supabase/client', () => ({ getSupabase: async () => ({ name: 'client' }) }));

beforeEach(() => jest.mocked(notifySuccess).mockClear());

/** A feature's query factory: the key and the loader declared together, free of hooks. */
const namesQuery = (load: () => Promise<string[]>) => apiQuery({ key: ['names'], load });

function Names({ load }: { readonly load: () => Promise<string[]> }) {
  const names = useApiQuery(namesQuery(load));
  return (
    <QueryView query={names} empty="No names yet" isEmpty={(rows) => rows.length === 0}>
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryView>
  );
}

it('shows loading, then the data, the empty state, or a readable error with a retry that works', async () => {
  const load = jest
    .fn<Promise<string[]>, []>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce(['Ada', 'Bo']);
  render(<Names load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach CampusCare');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Ada, Bo')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('loads a screen’s data again when it opens, so what someone else changed meanwhile shows', async () => {
  const load = jest.fn<Promise<string[]>, []>().mockResolvedValueOnce(['Ada']).mockResolvedValueOnce(['Ada', 'Bo']);
  const first = render(<Names load={load} />);
  expect(await screen.findByText('Ada')).toBeInTheDocument();
  first.unmount();
  render(<Names load={load} />);
  expect(await screen.findByText('Ada, Bo')).toBeInTheDocument();
});

it('shows the empty state when there is nothing', async () => {
  render(<Names load={async () => []} />);
  expect(await screen.findByText('No names yet')).toBeInTheDocument();
});

it('shows a placeholder of the content’s size during the first load when given one', async () => {
  function Cards() {
    const names = useApiQuery(apiQuery({ key: ['cards'], load: async () => ['Ada'] }));
    return (
      <QueryView query={names} placeholder={<ul aria-label="Loading cards" />}>
        {(rows) => <p>{rows.join(', ')}</p>}
      </QueryView>
    );
  }
  render(<Cards />);
  expect(screen.getByRole('list', { name: 'Loading cards' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(await screen.findByText('Ada')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Loading cards' })).not.toBeInTheDocument();
});

/** A feature's mutation: what it runs, what it makes stale and what it says, declared once. */
const addNameMutation = (add: (name: string) => Promise<string>) =>
  apiMutation({
    run: (_client, name: string) => add(name),
    invalidates: [['names']],
    success: (added) => `Added ${added}`,
  });

function AddName({ add }: { readonly add: (name: string) => Promise<string> }) {
  const mutation = useApiMutation(addNameMutation(add));
  return (
    <button type="button" onClick={() => mutation.mutate('Cy')}>
      Add
    </button>
  );
}

it('a change toasts its outcome and reloads what it invalidates; a refusal is toasted for people', async () => {
  const names = ['Ada'];
  const load = jest.fn(async () => [...names]);
  const add = jest
    .fn<Promise<string>, [string]>()
    .mockImplementationOnce(async (name) => {
      names.push(name);
      return name;
    })
    .mockRejectedValueOnce({ code: '42501', message: 'new row violates row-level security policy' });
  render(
    <>
      <Names load={load} />
      <AddName add={add} />
    </>,
  );
  expect(await screen.findByText('Ada')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Ada, Cy')).toBeInTheDocument();
  expect(notifySuccess).toHaveBeenCalledWith('Added Cy');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You are not allowed to do that.'));
});

it('a change made while a list is still on its way to the screen shows: the list is asked again', async () => {
  const names = ['Ada'];
  let answerFirstLoad: () => void = () => undefined;
  const load = jest
    .fn<Promise<string[]>, []>()
    .mockImplementationOnce(() => {
      // The first answer is read before the change and only arrives after it.
      const before = [...names];
      return new Promise((resolve) => {
        answerFirstLoad = () => resolve(before);
      });
    })
    .mockImplementation(async () => [...names]);
  render(<Names load={load} />);
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  const added = runApiMutation(
    addNameMutation(async (name) => {
      names.push(name);
      return name;
    }),
    'Cy',
  );
  await waitFor(() => expect(names).toEqual(['Ada', 'Cy']));
  answerFirstLoad();
  await added;
  expect(await screen.findByText('Ada, Cy')).toBeInTheDocument();
});

it('a refusal makes stale what the mutation says a refusal changes, and nothing else', async () => {
  const names = jest.fn<Promise<string[]>, []>().mockResolvedValue(['Ada']);
  const times = jest.fn<Promise<string[]>, []>().mockResolvedValue(['09:00']);
  await queryClient.fetchQuery(apiQuery({ key: ['names'], load: names }));
  await queryClient.fetchQuery(apiQuery({ key: ['times'], load: times }));
  const book = apiMutation({
    run: async () => {
      throw { code: 'P0001', message: 'That time is not free: choose one of the free times' };
    },
    invalidates: [['names']],
    invalidatesOnRefusal: [['times']],
  });
  await expect(runApiMutation(book, undefined)).rejects.toMatchObject({
    message: 'That time is not free: choose one of the free times',
  });
  expect(queryClient.getQueryState(['times'])?.isInvalidated).toBe(true);
  expect(queryClient.getQueryState(['names'])?.isInvalidated).toBe(false);
  queryClient.clear();
});

/** One row a page; `onShown` hears what each render that reached the screen showed. */
function PagedNames({
  filter,
  load,
  onShown,
}: {
  readonly filter: string;
  readonly load: (page: number) => Promise<PagedRows<string>>;
  readonly onShown?: (text: string) => void;
}) {
  const list = usePagedQuery((page) => apiQuery({ key: ['paged', filter, 'page', page], load: () => load(page) }));
  const text =
    list.query.data === undefined
      ? `Page ${list.page}: loading`
      : `Page ${list.page}: ${list.rows.join(', ')} of ${list.total}`;
  useLayoutEffect(() => {
    onShown?.(text);
  }, [onShown, text]);
  return (
    <div>
      <p>{text}</p>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.setPage(list.total)}>
        Last
      </button>
    </div>
  );
}

it('pages on the server and goes back to page 1 when the filter changes', async () => {
  const load = jest.fn(async (page: number) => ({ rows: [`row ${page}`], total: 3 }));
  const { rerender } = render(<PagedNames filter="a" load={load} />);
  expect(await screen.findByText('Page 1: row 1 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Page 2: row 2 of 3')).toBeInTheDocument();
  rerender(<PagedNames filter="b" load={load} />);
  expect(await screen.findByText('Page 1: row 1 of 3')).toBeInTheDocument();
  expect(queryClient.getQueryData(['paged', 'b', 'page', 1])).toEqual({ rows: ['row 1'], total: 3 });
});

it('steps back from a page emptied meanwhile without showing it, nor its emptiness as the page before', async () => {
  let left = 3;
  const load = jest.fn(async (page: number) => ({ rows: page <= left ? [`row ${page}`] : [], total: left }));
  const shown: string[] = [];
  render(<PagedNames filter="d" load={load} onShown={(text) => shown.push(text)} />);
  expect(await screen.findByText('Page 1: row 1 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Last' }));
  expect(await screen.findByText('Page 3: row 3 of 3')).toBeInTheDocument();
  left = 2;
  await act(() => queryClient.invalidateQueries({ queryKey: ['paged', 'd'] }));
  expect(await screen.findByText('Page 2: row 2 of 2')).toBeInTheDocument();
  expect(shown.filter((text) => text.includes(':  of'))).toEqual([]);
});

it('a route prefetches with the same factory a component shows, with the app’s client and errors for people', async () => {
  queryClient.removeQueries({ queryKey: ['names'] });
  const load = jest.fn(async () => ['Prefetched']);
  await queryClient.prefetchQuery(namesQuery(load));
  render(<Names load={load} />);
  expect(screen.getByText('Prefetched')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
  const client = jest.fn(async (given: unknown) => given);
  await expect(queryClient.fetchQuery(apiQuery({ key: ['client'], load: client }))).resolves.toEqual({
    name: 'client',
  });
  await expect(
    queryClient.fetchQuery(
      apiQuery({
        key: ['refused'],
        load: async () => {
          throw { code: '42501', message: 'new row violates row-level security policy' };
        },
      }),
    ),
  ).rejects.toMatchObject({ message: 'You are not allowed to do that.' });
});
