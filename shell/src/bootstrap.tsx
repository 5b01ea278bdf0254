import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@campuscare/shared';
import { App } from './app/App';
import { StartupError } from './app/StartupError';
import { connectRemotes } from './remotes/federation';
import { recoveryLandingTarget } from './routing/recoveryLanding';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const root = createRoot(rootElement);
  const recoveryTarget = recoveryLandingTarget(window.location);
  if (recoveryTarget) window.history.replaceState(null, '', recoveryTarget);
  try {
    const areaLoader = connectRemotes(await loadRuntimeConfig());
    root.render(
      <StrictMode>
        <App areaLoader={areaLoader} />
      </StrictMode>,
    );
  } catch (error) {
    console.warn('[campuscare] could not read the runtime configuration', error);
    root.render(<StartupError />);
  }
}

void start();
