import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '../../shared/src/data/queryClient';

// One cache serves the whole app; each test starts from an empty one and sees a refusal at once, without retries.
queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
afterEach(() => queryClient.clear());

// findBy and waitFor wait for what a screen does next (a lazy module, a chain of promises). Testing Library's default
// second is not enough on a loaded 2-core machine running the whole suite; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 10_000 });
