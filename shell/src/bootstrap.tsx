import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { findRoute, hasStoredSession, loadRuntimeConfig, preloadPage, takeEmailChangeLink } from '@campuscare/shared';
import { App } from './app/App';
import { PRERENDERED_PATH_ATTRIBUTE } from './app/prerenderedPath';
import { StartupError } from './app/StartupError';
import type { AreaLoader } from './remotes/areaLoader';
import { connectRemotes } from './remotes/federation';
import { recoveryLandingTarget } from './routing/recoveryLanding';

/** The code of the page at `pathname`: its area's routes and the page's own chunk. */
async function loadPageAt(pathname: string, areaLoader: AreaLoader): Promise<void> {
  const route = findRoute(pathname);
  if (!route) return;
  const page = (await areaLoader.load(route.area))[route.path];
  if (page) await preloadPage(page);
}

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const recoveryTarget = recoveryLandingTarget(window.location);
  if (recoveryTarget) window.history.replaceState(null, '', recoveryTarget);
  takeEmailChangeLink(window.location, window.history);
  const prerendered = rootElement.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === window.location.pathname;
  const onLandingPage = findRoute(window.location.pathname)?.area === 'landing';

  let areaLoader: AreaLoader;
  try {
    areaLoader = connectRemotes(await loadRuntimeConfig());
  } catch (error) {
    console.warn('[campuscare] could not read the runtime configuration', error);
    createRoot(rootElement).render(<StartupError />);
    return;
  }
  // A role's page loads its code while the session is checked rather than after it (the guard renders the page only
  // once the profile is here): with a stored session, as a signed-out visitor is sent to a sign-in page anyway. If the
  // session has ended or the page is another role's, that was one download.
  const pageCode =
    onLandingPage || hasStoredSession()
      ? loadPageAt(window.location.pathname, areaLoader).catch(() => undefined)
      : Promise.resolve();
  const app = (
    <StrictMode>
      <App areaLoader={areaLoader} />
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(rootElement).render(app);
    return;
  }
  // A landing page the build rendered ahead (the landing and sign-in pages) painted before any script ran, and React
  // takes it over in place. Its code is loaded first, so the first render matches the page and hydrates all of it in
  // one pass: a part left waiting for its code would be rendered afresh, dropping what was typed into it, if the
  // session check or anything else updated it first. If the area cannot be loaded React renders afresh, which shows the
  // area's fallback. A dashboard the build rendered is only the frame shown while the session is checked, which needs
  // no page code: it hydrates at once, so the session check starts beside the page's code.
  if (onLandingPage) await pageCode;
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it until done: the
  // page is already painted, so there is nothing to gain from finishing in one go, and input stays responsive.
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

void start();
