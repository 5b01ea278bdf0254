import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

const IMPORT_ATTEMPTS = 3;

/** A route's page whose code comes in a chunk of its own: fetched on its first render, or ahead with `preload`. */
interface LazyPage extends FunctionComponent {
  readonly preload: () => Promise<void>;
}

/**
 * A route-level lazy page whose chunk import is retried a bounded number of times: webpack forgets a
 * failed chunk, so calling the import again really fetches it again (React.lazy alone would keep the failure).
 */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, exportName: Name): LazyPage {
  let loaded: ComponentType | undefined;

  async function loadPage(): Promise<ComponentType> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= IMPORT_ATTEMPTS; attempt += 1) {
      try {
        loaded = (await load())[exportName] as ComponentType;
        return loaded;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  const SuspendingPage = lazy(async () => ({ default: loaded ?? (await loadPage()) }));

  function Page() {
    // Chosen once per mount, as switching later would mount the page afresh. Code that is here already renders at
    // once: React.lazy suspends on a first render even then, and on a prerendered page a suspended Suspense boundary
    // stays unhydrated, to be thrown away (with what was typed into it) if an update reaches it before it hydrates.
    const [LoadedPage] = useState(() => loaded);
    return createElement(LoadedPage ?? SuspendingPage);
  }

  return Object.assign(Page, {
    preload: async () => {
      if (!loaded) await loadPage();
    },
  });
}

function isLazyPage(page: ComponentType): page is LazyPage {
  return 'preload' in page && typeof page.preload === 'function';
}

/** Fetches a page's code before its first render (a page made by `lazyPage`; any other has its code already). */
export async function preloadPage(page: ComponentType): Promise<void> {
  if (isLazyPage(page)) await page.preload();
}
