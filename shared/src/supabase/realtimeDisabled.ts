/**
 * Stands in for @supabase/realtime-js in the browser builds (a webpack alias, build/webpack-config.js). CampusCare
 * subscribes to no channel, and realtime-js with its socket client is ~17 KB gzip that every signed-in page would load
 * for nothing. supabase-js still builds its realtime client and hands it tokens; asking it for a channel fails loudly.
 */
export class RealtimeClient {
  constructor(_endpoint: string, _options?: object) {}

  async setAuth(_token?: string | null): Promise<void> {}

  channel(): never {
    throw new Error('CampusCare is built without Supabase Realtime (shared/src/supabase/realtimeDisabled.ts).');
  }

  getChannels(): never[] {
    return [];
  }

  async removeChannel(): Promise<'ok'> {
    return 'ok';
  }

  async removeAllChannels(): Promise<never[]> {
    return [];
  }
}
