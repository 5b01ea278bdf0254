import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker module handed back by the federation runtime when a remote could not be loaded. */
interface UnavailableRemoteModule {
  readonly remoteUnavailable: true;
  /** Why, for the console: people see the shell's fallback, never this. */
  readonly reason: string;
}

export function isUnavailableRemoteModule(value: unknown): value is UnavailableRemoteModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Partial<UnavailableRemoteModule>).remoteUnavailable === true
  );
}

/**
 * Turns a failed remote load (manifest, remote entry or exposed module) into a marker module instead of
 * an unhandled rejection inside the federation runtime; the shell then shows its fallback and retries.
 */
export function createRecoveryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'campuscare-remote-recovery',
    errorLoadRemote({ lifecycle, error }) {
      if (lifecycle !== 'onLoad') return undefined;
      const fallback: UnavailableRemoteModule = { remoteUnavailable: true, reason: String(error) };
      return fallback;
    },
  };
}
