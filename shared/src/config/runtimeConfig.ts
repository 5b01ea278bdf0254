import { AREAS, type Area } from '../routes/contract';

export interface RuntimeConfig {
  readonly supabaseUrl: string;
  readonly supabaseAnonKey: string;
  /** Manifest URL of each remote, absolute or relative to the page's origin. */
  readonly remotes: Readonly<Record<Area, string>>;
}

const RUNTIME_CONFIG_PATH = '/config.json';

let configRequest: Promise<RuntimeConfig> | null = null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('config.json must be an object');
  const { supabaseUrl, supabaseAnonKey, remotes } = value;
  if (typeof supabaseUrl !== 'string' || supabaseUrl === '') throw new Error('config.json: supabaseUrl is missing');
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey === '') {
    throw new Error('config.json: supabaseAnonKey is missing');
  }
  if (!isRecord(remotes)) throw new Error('config.json: remotes is missing');
  const remoteUrls = {} as Record<Area, string>;
  for (const area of AREAS) {
    const url = remotes[area];
    if (typeof url !== 'string' || url === '') throw new Error(`config.json: remotes.${area} is missing`);
    remoteUrls[area] = url;
  }
  return { supabaseUrl, supabaseAnonKey, remotes: remoteUrls };
}

/** Fetches `/config.json` once per page; a failed fetch is not cached so a later call can succeed. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!configRequest) {
    configRequest = fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status})`);
        return parseRuntimeConfig(await response.json());
      })
      .catch((error: unknown) => {
        configRequest = null;
        throw error;
      });
  }
  return configRequest;
}
