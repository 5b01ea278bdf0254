import { Suspense, useEffect, useState } from 'react';
import { type Area, LoadingState } from '@campuscare/shared';
import { PagePlaceholder } from '../app/PagePlaceholder';
import type { PageComponents } from './areaLoader';
import { useAreaLoader } from './AreaLoaderContext';
import { PageIsLive } from '../app/prerendered';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { NotFoundPage } from '../pages/NotFoundPage';

type LoadState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly pages: PageComponents }
  | { readonly status: 'failed' };

/** Renders the page a remote exposes for `path`, loading the remote on first use. */
export function RemoteRoute({ area, path }: { readonly area: Area; readonly path: string }) {
  const loader = useAreaLoader();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const pages = loader.peek(area);
    return pages ? { status: 'ready', pages } : { status: 'loading' };
  });

  useEffect(() => {
    const cached = loader.peek(area);
    if (cached) {
      // Left as it is when it holds these pages already: a new state would re-render the page's Suspense boundary, and
      // on a prerendered page that boundary may still be waiting for the page's code to hydrate. React answers an
      // update there by throwing the server's HTML away (and what was typed into it) and rendering afresh (error #421).
      setState((current) =>
        current.status === 'ready' && current.pages === cached ? current : { status: 'ready', pages: cached },
      );
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    loader.load(area).then(
      (pages) => current && setState({ status: 'ready', pages }),
      (error: unknown) => {
        console.warn(`[campuscare] could not load the ${area} area`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [area, attempt, loader]);

  const retry = () => {
    loader.reset(area);
    setAttempt((count) => count + 1);
  };

  if (state.status === 'failed') {
    return (
      <>
        <RemoteFallback area={area} onRetry={retry} />
        <PageIsLive />
      </>
    );
  }
  // A role's page keeps its heading on screen while its code loads; landing pages are mostly prerendered.
  const loading =
    area === 'landing' ? <LoadingState label="Loading page…" /> : <PagePlaceholder path={path} label="Loading page…" />;
  if (state.status === 'loading') return loading;

  const Page = state.pages[path];
  if (!Page) return <NotFoundPage />;
  return (
    <RemoteErrorBoundary key={attempt} area={area} onRetry={retry}>
      <Suspense fallback={loading}>
        <Page />
        <PageIsLive />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
