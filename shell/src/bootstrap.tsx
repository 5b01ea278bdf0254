import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { findRoute, loadRuntimeConfig } from '@campuscare/shared';
import { App } from './app/App';
import { PRERENDERED_PATH_ATTRIBUTE } from './app/prerenderedPath';
import { StartupError } from './app/StartupError';
import type { AreaLoader } from './remotes/areaLoader';
import { connectRemotes } from './remotes/federation';
import { recoveryLandingTarget } from './routing/recoveryLanding';

/**
 * A page the build rendered ahead (the landing and sign-in pages) is hydrated: it painted before any script ran, and
 * React takes it over in place. Its area is loaded first, so the first render matches the page; if the area cannot
 * be loaded React renders afresh, which shows the area's fallback.
 */
async function hydrate(rootElement: HTMLElement, areaLoader: AreaLoader, app: JSX.Element): Promise<void> {
  const route = findRoute(window.location.pathname);
  if (route) await areaLoader.load(route.area).catch(() => undefined);
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it until done: the
  // page is already painted, so there is nothing to gain from finishing in one go, and input stays responsive.
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const recoveryTarget = recoveryLandingTarget(window.location);
  if (recoveryTarget) window.history.replaceState(null, '', recoveryTarget);
  const prerendered = rootElement.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === window.location.pathname;

  let areaLoader: AreaLoader;
  try {
    areaLoader = connectRemotes(await loadRuntimeConfig());
  } catch (error) {
    console.warn('[campuscare] could not read the runtime configuration', error);
    createRoot(rootElement).render(<StartupError />);
    return;
  }
  const app = (
    <StrictMode>
      <App areaLoader={areaLoader} />
    </StrictMode>
  );
  if (prerendered) await hydrate(rootElement, areaLoader, app);
  else createRoot(rootElement).render(app);
}

void start();
