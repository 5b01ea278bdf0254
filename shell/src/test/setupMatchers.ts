import '@testing-library/jest-dom';
import { queryClient } from '../../../shared/src/data/queryClient';

// One cache serves the whole app; each test starts from an empty one and sees a refusal at once, without retries.
queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
afterEach(() => queryClient.clear());
