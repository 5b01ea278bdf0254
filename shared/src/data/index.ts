/**
 * The data layer: a feature's api file holds its fetchers (what the database is asked) and its Queries file declares,
 * with them, its queries (`apiQuery` factories) and its changes (`apiMutation` definitions, with what they invalidate
 * and say); components show the one with `useApiQuery`/`usePagedQuery` and `QueryView`, run the other with
 * `useApiMutation`, and forms submit it with `useForm({ mutation })` in a `FormFrame`.
 */
export * from './apiError';
export * from './dashboardCounts';
export * from './queryClient';
export * from './queryKeys';
export * from './useApi';
export * from './QueryView';
