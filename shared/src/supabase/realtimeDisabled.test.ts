import type { SupabaseClient } from '@supabase/supabase-js';
import { RealtimeClient } from './realtimeDisabled';

// The real supabase-js (the web tests map the package name to a fake) over the stand-in the browser builds use.
jest.mock('@supabase/realtime-js', () => jest.requireActual('./realtimeDisabled'));
const { createClient } = jest.requireActual<{
  createClient: (url: string, key: string, options?: object) => SupabaseClient;
}>('../../../node_modules/@supabase/supabase-js/dist/index.cjs');

describe('supabase-js without realtime', () => {
  it('builds a client on the stand-in, which takes tokens and refuses channels loudly', async () => {
    const setAuth = jest.spyOn(RealtimeClient.prototype, 'setAuth');
    const client = createClient('http://localhost:8080', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect(client.realtime).toBeInstanceOf(RealtimeClient);
    await client.auth.signOut({ scope: 'local' });
    expect(setAuth).toHaveBeenCalled();
    expect(() => client.channel('appointments')).toThrow('built without Supabase Realtime');
    expect(client.getChannels()).toEqual([]);
    await expect(client.removeAllChannels()).resolves.toEqual([]);
  });
});
