import type { ComponentType } from 'react';
import type { Area } from '@campuscare/shared';
import { isUnavailableRemoteModule } from './recoveryPlugin';

export type PageComponents = Readonly<Record<string, ComponentType>>;

export interface AreaLoader {
  /** The area's page components, from cache when they have been loaded before. */
  load(area: Area): Promise<PageComponents>;
  /** Already loaded pages, so navigating inside an area renders without a loading flash. */
  peek(area: Area): PageComponents | undefined;
  /** Forgets a failed area so the next `load` fetches it afresh. */
  reset(area: Area): void;
}

class RemoteUnavailableError extends Error {
  constructor(
    readonly area: Area,
    reason: string,
  ) {
    super(`The ${area} area could not be loaded: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

interface AreaLoaderOptions {
  /** Fetches the area's exposed `./Routes` module (through the federation runtime in the app). */
  readonly fetchRoutesModule: (area: Area) => Promise<unknown>;
  /** Drops what the federation runtime cached for the area so the next fetch starts over. */
  readonly forgetRemote: (area: Area) => void;
  readonly maxAttempts: number;
  readonly waitBeforeRetry: (attempt: number) => Promise<void>;
}

function pagesOf(area: Area, loaded: unknown): PageComponents {
  if (isUnavailableRemoteModule(loaded)) throw new RemoteUnavailableError(area, loaded.reason);
  const pages = typeof loaded === 'object' && loaded !== null ? (loaded as { default?: unknown }).default : undefined;
  if (typeof pages !== 'object' || pages === null)
    throw new RemoteUnavailableError(area, 'its Routes module has no default export');
  return pages as PageComponents;
}

/** Loads each area's routes once, retrying a bounded number of times before giving up. */
export function createAreaLoader(options: AreaLoaderOptions): AreaLoader {
  const requests = new Map<Area, Promise<PageComponents>>();
  const loaded = new Map<Area, PageComponents>();

  async function loadWithRetry(area: Area): Promise<PageComponents> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
      try {
        return pagesOf(area, await options.fetchRoutesModule(area));
      } catch (error) {
        lastError = error;
        options.forgetRemote(area);
        if (attempt < options.maxAttempts) await options.waitBeforeRetry(attempt);
      }
    }
    throw lastError;
  }

  return {
    load(area) {
      const pending = requests.get(area);
      if (pending) return pending;
      const request = loadWithRetry(area).then(
        (pages) => {
          loaded.set(area, pages);
          return pages;
        },
        (error: unknown) => {
          requests.delete(area);
          throw error;
        },
      );
      requests.set(area, request);
      return request;
    },
    peek: (area) => loaded.get(area),
    reset(area) {
      if (loaded.has(area)) return;
      requests.delete(area);
      options.forgetRemote(area);
    },
  };
}
