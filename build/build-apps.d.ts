export declare const APPS: readonly string[];
export declare function isStale(app: string): boolean;
export declare function buildApps(options?: {
  onlyStale?: boolean;
  log?: (message: string) => void;
}): Promise<string[]>;
