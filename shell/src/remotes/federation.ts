import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { type Area, AREAS, REMOTE_NAMES, remoteRoutesId, type RuntimeConfig } from '@campuscare/shared';
import { createAreaLoader, type AreaLoader } from './areaLoader';
import { createRecoveryPlugin } from './recoveryPlugin';

const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 400;

function remoteOf(config: RuntimeConfig, area: Area) {
  return { name: REMOTE_NAMES[area], entry: new URL(config.remotes[area], window.location.origin).href };
}

/** Registers the four remotes from `/config.json` and returns the loader the shell renders them with. */
export function connectRemotes(config: RuntimeConfig): AreaLoader {
  registerPlugins([createRecoveryPlugin()]);
  registerRemotes(AREAS.map((area) => remoteOf(config, area)));

  return createAreaLoader({
    fetchRoutesModule: (area) => loadRemote(remoteRoutesId(area)),
    forgetRemote: (area) => registerRemotes([remoteOf(config, area)], { force: true }),
    maxAttempts: MAX_ATTEMPTS,
    waitBeforeRetry: (attempt) => new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt)),
  });
}
