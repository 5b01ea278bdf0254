import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  type DataTag,
  type QueryKey,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { getSupabase, type CampusCareClient } from '../supabase/client';
import { notifyError, notifySuccess } from '../toast/toast';
import { toApiError, type ApiError } from './apiError';
import { queryClient } from './queryClient';

interface ApiQueryOptions {
  /** False holds the query until its inputs exist (e.g. no doctor chosen yet). */
  readonly enabled?: boolean;
  /** Keep showing the previous answer while the next one loads (paging, filtering). */
  readonly keepPrevious?: boolean;
  readonly staleTime?: number;
  /** How long an answer no screen shows is kept; 0 for data too volatile to show again from memory (free times). */
  readonly gcTime?: number;
  readonly refetchInterval?: number;
}

/** Runs `call` with the app's client: its answer, or an ApiError with a message for people. */
async function withApiClient<Data>(call: (client: CampusCareClient) => Promise<Data>): Promise<Data> {
  try {
    return await call(await getSupabase());
  } catch (error) {
    throw toApiError(error);
  }
}

/** A query built by `apiQuery`: TanStack Query's options, its key tagged with the data and the ApiError it brings. */
export type ApiQuery<Data> = UseQueryOptions<Data, ApiError, Data, QueryKey> & {
  readonly queryKey: DataTag<QueryKey, Data, ApiError>;
};

/** What a feature's query factory is given: the key, the loader that uses the app's client, and how to cache it. */
interface ApiQueryDefinition<Data> extends Omit<ApiQueryOptions, 'enabled'> {
  /** Starts with a root of `queryKeys`, so a mutation invalidating that root reloads it. */
  readonly key: QueryKey;
  readonly load: (client: CampusCareClient) => Promise<Data>;
}

/**
 * A query declared once, in its feature's Queries file, with its key and its loader together: what `useApiQuery` shows
 * and what a route prefetches with `queryClient.prefetchQuery(xxxQuery(args))`. No hooks, so anything may build one.
 */
export function apiQuery<Data>({ key, load, keepPrevious, ...cache }: ApiQueryDefinition<Data>): ApiQuery<Data> {
  return queryOptions<Data, ApiError, Data, QueryKey>({
    queryKey: key,
    queryFn: () => withApiClient(load),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    ...cache,
  });
}

/**
 * Shows `query` (built by a feature's `apiQuery` factory); `enabled: false` holds it until its inputs exist.
 * Errors arrive as ApiError with a message for people.
 */
export function useApiQuery<Data>(
  query: ApiQuery<Data>,
  options: { readonly enabled?: boolean } = {},
): UseQueryResult<Data, ApiError> {
  return useQuery<Data, ApiError>({ ...query, enabled: options.enabled }, queryClient);
}

/**
 * A change through the API declared once, in its feature's Queries file: what it runs, what it makes stale and what
 * it tells people when it worked. Components (`useApiMutation`) and forms (`useForm({ mutation })`) use it as is.
 */
export interface ApiMutation<Input, Output> {
  readonly run: (client: CampusCareClient, input: Input) => Promise<Output>;
  /** Query roots whose cached data this change makes stale. */
  readonly invalidates?: readonly QueryKey[];
  /**
   * Query roots a refusal makes stale: a booking refused because its time was taken meanwhile means the free times
   * shown were out of date.
   */
  readonly invalidatesOnRefusal?: readonly QueryKey[];
  /** Toasted after a real success. */
  readonly success?: string | ((output: Output, input: Input) => string);
}

/** Declares a mutation (identity; it gives the definition its types where it is written). */
export function apiMutation<Input, Output = void>(mutation: ApiMutation<Input, Output>): ApiMutation<Input, Output> {
  return mutation;
}

/**
 * Makes what a change touched stale and reloads what screens show. TanStack Query restarts a load already showing
 * data, but lets a first load still on its way stand in for the reload: that load was asked before the change and
 * answers from before it. Such a load is asked again once it has answered.
 */
async function invalidate(queryKey: QueryKey): Promise<void> {
  const firstLoads = queryClient.getQueryCache().findAll({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await queryClient.invalidateQueries({ queryKey });
  await Promise.all(
    firstLoads.map((query) => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })),
  );
}

async function sendMutation<Input, Output>(mutation: ApiMutation<Input, Output>, input: Input): Promise<Output> {
  try {
    return await withApiClient((client) => mutation.run(client, input));
  } catch (refusal) {
    for (const queryKey of mutation.invalidatesOnRefusal ?? []) void invalidate(queryKey);
    throw refusal;
  }
}

function announceSuccess<Input, Output>(mutation: ApiMutation<Input, Output>, output: Output, input: Input) {
  if (mutation.success)
    notifySuccess(typeof mutation.success === 'string' ? mutation.success : mutation.success(output, input));
}

/** Every screen showing what `mutation` changed reloads, in any remote. */
async function invalidateAfter(mutation: Pick<ApiMutation<never, never>, 'invalidates'>) {
  await Promise.all((mutation.invalidates ?? []).map(invalidate));
}

/**
 * Runs `mutation` outside a hook (a form's submit): toasts its success and invalidates what it changed; a refusal
 * rejects with an ApiError and is left to the caller.
 */
export async function runApiMutation<Input, Output>(
  mutation: ApiMutation<Input, Output>,
  input: Input,
): Promise<Output> {
  const output = await sendMutation(mutation, input);
  announceSuccess(mutation, output, input);
  await invalidateAfter(mutation);
  return output;
}

interface ApiMutationOptions<Input, Output> {
  readonly onSuccess?: (output: Output, input: Input) => void;
  /** 'toast' (the default) reports a refusal as a toast; 'caller' leaves it to the caller. */
  readonly errors?: 'toast' | 'caller';
}

/**
 * A change through the API (an `apiMutation` of the feature's Queries file): `mutate(input)` runs it, toasts the
 * outcome and invalidates what it changed; `mutateAsync` resolves with the output or rejects with an ApiError.
 */
export function useApiMutation<Input, Output>(
  mutation: ApiMutation<Input, Output>,
  options: ApiMutationOptions<Input, Output> = {},
): UseMutationResult<Output, ApiError, Input> {
  return useMutation<Output, ApiError, Input>(
    {
      mutationFn: (input) => sendMutation(mutation, input),
      onSuccess: async (output, input) => {
        announceSuccess(mutation, output, input);
        options.onSuccess?.(output, input);
        await invalidateAfter(mutation);
      },
      onError: (error) => {
        if ((options.errors ?? 'toast') === 'toast') notifyError(error.message);
      },
    },
    queryClient,
  );
}

/** One page of a list and how many rows the whole list has. */
export interface PagedRows<Row> {
  readonly rows: readonly Row[];
  readonly total: number;
}

export interface PagedQuery<Row> {
  readonly query: UseQueryResult<PagedRows<Row>, ApiError>;
  readonly rows: readonly Row[];
  readonly total: number;
  /** 1-based. */
  readonly page: number;
  readonly setPage: (page: number) => void;
}

/**
 * While the next page loads, the rows on screen stay. An empty answer is not kept: the page before one emptied
 * meanwhile shows as loading, not as the end of the list.
 */
function keepRowsShown<Row>(previous: PagedRows<Row> | undefined): PagedRows<Row> | undefined {
  return previous !== undefined && previous.rows.length > 0 ? previous : undefined;
}

/**
 * One server-side page of a list: `pageQuery(page)` is the feature's query factory for one page, and its key holds
 * everything the list is filtered by: when that changes, the list goes back to page 1. The previous page stays on
 * screen while the next one loads. A page that comes back empty after its rows went (removed, resolved) steps back to
 * the page before, which holds what is left, before the emptied page is ever drawn.
 */
export function usePagedQuery<Row>(
  pageQuery: (page: number) => ApiQuery<PagedRows<Row>>,
  options: Pick<ApiQueryOptions, 'enabled'> = {},
): PagedQuery<Row> {
  const filter = JSON.stringify(pageQuery(1).queryKey);
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  const query = useQuery<PagedRows<Row>, ApiError>(
    { ...pageQuery(page), placeholderData: keepRowsShown, enabled: options.enabled },
    queryClient,
  );
  const setPage = useCallback((next: number) => setPaging({ filter, page: next }), [filter]);
  // Set while rendering, so React renders again at once and the emptied page never reaches the screen.
  if (page > 1 && query.isSuccess && !query.isPlaceholderData && query.data.rows.length === 0)
    setPaging({ filter, page: page - 1 });
  return { query, rows: query.data?.rows ?? [], total: query.data?.total ?? 0, page, setPage };
}
