/**
 * The data layer: a feature's api file declares its queries (`apiQuery` factories) and its changes (`apiMutation`
 * definitions, with what they invalidate and say); components show the one with `useApiQuery`/`usePagedQuery` and
 * `QueryView`, run the other with `useApiMutation`, and forms submit it with `useForm({ mutation })` in a `FormFrame`.
 */
export * from './apiError';
export * from './dashboardCounts';
export * from './queryClient';
export * from './queryKeys';
export * from './useApi';
export * from './QueryView';
