import { keepPreviousData, useMutation, useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
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

/** Loads `key` with the app's client; errors arrive as ApiError with a message for people. */
export function useApiQuery<Data>(
  key: QueryKey,
  load: (client: CampusCareClient) => Promise<Data>,
  options: ApiQueryOptions = {},
): UseQueryResult<Data, ApiError> {
  return useQuery<Data, ApiError>(
    {
      queryKey: key,
      queryFn: async () => {
        try {
          return await load(await getSupabase());
        } catch (error) {
          throw toApiError(error);
        }
      },
      enabled: options.enabled,
      placeholderData: options.keepPrevious ? keepPreviousData : undefined,
      staleTime: options.staleTime,
      gcTime: options.gcTime,
      refetchInterval: options.refetchInterval,
    },
    queryClient,
  );
}

interface ApiMutationOptions<Input, Output> {
  /** Query roots whose cached data this change makes stale. */
  readonly invalidates?: readonly QueryKey[];
  /** Toasted after a real success. */
  readonly success?: string | ((output: Output, input: Input) => string);
  readonly onSuccess?: (output: Output, input: Input) => void;
  /** 'toast' (the default) reports a refusal as a toast; 'caller' leaves it to the caller (a form shows it inline). */
  readonly errors?: 'toast' | 'caller';
}

/**
 * A change through the API: `mutate(input)` runs it, toasts the outcome and invalidates what it changed;
 * `mutateAsync` resolves with the output or rejects with an ApiError.
 */
export function useApiMutation<Input, Output = unknown>(
  run: (client: CampusCareClient, input: Input) => Promise<Output>,
  options: ApiMutationOptions<Input, Output> = {},
) {
  return useMutation<Output, ApiError, Input>(
    {
      mutationFn: async (input) => {
        try {
          return await run(await getSupabase(), input);
        } catch (error) {
          throw toApiError(error);
        }
      },
      onSuccess: async (output, input) => {
        if (options.success)
          notifySuccess(typeof options.success === 'string' ? options.success : options.success(output, input));
        options.onSuccess?.(output, input);
        await Promise.all((options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
 * One server-side page of a list. `key` must hold everything the list is filtered by: when it changes, the list goes
 * back to page 1. The previous page stays on screen while the next one loads.
 */
export function usePagedQuery<Row>(
  key: QueryKey,
  load: (client: CampusCareClient, page: number) => Promise<PagedRows<Row>>,
  options: Pick<ApiQueryOptions, 'enabled'> = {},
): PagedQuery<Row> {
  const [paging, setPaging] = useState({ filter: JSON.stringify(key), page: 1 });
  const filter = JSON.stringify(key);
  const page = paging.filter === filter ? paging.page : 1;
  const loadRef = useRef(load);
  loadRef.current = load;
  const query = useApiQuery([...key, 'page', page], (client) => loadRef.current(client, page), {
    keepPrevious: true,
    enabled: options.enabled,
  });
  const setPage = useCallback((next: number) => setPaging({ filter, page: next }), [filter]);
  return { query, rows: query.data?.rows ?? [], total: query.data?.total ?? 0, page, setPage };
}
