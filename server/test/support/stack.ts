import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebSocketLikeConstructor } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { freePort } from '../../src/ports';
import { startStack, type Stack, type StackOptions } from '../../src/stack';

export interface TestStack extends Stack {
  dataDir: string;
  /** A supabase-js client as a browser would have it: anon key, its own session. */
  client(accessToken?: string): SupabaseClient;
  serviceClient(): SupabaseClient;
}

/** A throwaway stack: its own temp data directory and free ports; `stop()` removes everything. */
export async function startTestStack(options: Partial<StackOptions> = {}, attempts = 3): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-test-'));
  const port = await freePort();
  let stack: Stack;
  try {
    stack = await startStack({ dataDir, port, logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', ...options });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    // A port found free can be taken before it is listened on (an outgoing connection of another process may get it
    // from the same range): a new stack with new ports, in a new directory so it is seeded like the first.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempts > 1)
      return startTestStack(options, attempts - 1);
    throw error;
  }
  const makeClient = (key: string, accessToken?: string) =>
    createClient(stack.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // ws and the DOM WebSocket differ only in their event typings.
      realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
      global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
    });
  return {
    ...stack,
    dataDir,
    client: (accessToken) => makeClient(stack.anonKey, accessToken),
    serviceClient: () => makeClient(stack.serviceRoleKey),
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
