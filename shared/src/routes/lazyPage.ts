import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const IMPORT_ATTEMPTS = 3;

/**
 * A route-level lazy page whose chunk import is retried a bounded number of times: webpack forgets a
 * failed chunk, so calling the import again really fetches it again (React.lazy alone would keep the failure).
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, exportName: Name): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= IMPORT_ATTEMPTS; attempt += 1) {
      try {
        const page = (await load())[exportName];
        return { default: page as ComponentType };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  });
}
