import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '../../shared/src/data/queryClient';

// One cache serves the whole app; each test starts from an empty one and sees a refusal at once, without retries.
// Otherwise the product's own defaults hold (when a screen loads again, say), so the tests see what people see.
const productDefaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({
  ...productDefaults,
  queries: { ...productDefaults.queries, retry: false },
  mutations: { ...productDefaults.mutations, retry: false },
});
afterEach(() => queryClient.clear());

// findBy and waitFor wait for what a screen does next (a lazy module, a chain of promises). Testing Library's default
// second is not enough on a loaded 2-core machine running the whole suite; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 10_000 });
