import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorBanner, LoadingState } from '../ui/Page';
import type { ApiError } from './apiError';

interface QueryViewProps<Data> {
  readonly query: UseQueryResult<Data, ApiError>;
  readonly children: (data: Data) => ReactNode;
  /** Shown instead of `children` when `isEmpty(data)`. */
  readonly empty?: ReactNode;
  readonly isEmpty?: (data: Data) => boolean;
  readonly loadingLabel?: string;
  /**
   * Stands in during the first load instead of the loading line: a placeholder of the content's size, so what follows
   * does not jump down when the data arrives.
   */
  readonly placeholder?: ReactNode;
}

/** A failed query's message for people with its "Try again"; nothing while it has not failed. */
export function QueryErrorBanner({
  query,
}: {
  readonly query: Pick<UseQueryResult<unknown, ApiError>, 'isError' | 'error' | 'refetch'>;
}) {
  if (!query.isError || !query.error) return null;
  return <ErrorBanner message={query.error.message} onRetry={() => void query.refetch()} />;
}

/**
 * The one way a screen shows loaded data: a loading line (or placeholder) first, a readable error with "Try again", the
 * empty state, or the data. A failed refresh keeps the data on screen above the error.
 */
export function QueryView<Data>({ query, children, empty, isEmpty, loadingLabel, placeholder }: QueryViewProps<Data>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError) return <ErrorBanner message={query.error.message} onRetry={retry} />;
    return placeholder ?? <LoadingState label={loadingLabel} />;
  }
  const data = query.data;
  return (
    <>
      {query.isError && <ErrorBanner message={query.error.message} onRetry={retry} />}
      {empty !== undefined && isEmpty?.(data) ? (
        typeof empty === 'string' ? (
          <EmptyState title={empty} />
        ) : (
          empty
        )
      ) : (
        children(data)
      )}
    </>
  );
}
