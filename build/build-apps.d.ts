export declare const APPS: readonly string[];
export declare function isStale(app: string): boolean;
export declare function buildApps(options?: {
  onlyStale?: boolean;
  log?: (message: string) => void;
}): Promise<string[]>;
/** Runs webpack-cli in the app's folder with these arguments (e.g. `--mode production`). */
export declare function runWebpack(app: string, args: readonly string[]): Promise<void>;
