export * from './apiError';
export * from './dashboardCounts';
export * from './queryClient';
export * from './queryKeys';
export * from './useApi';
export * from './QueryView';
