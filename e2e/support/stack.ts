import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/src/ports';
import { startStack, type Stack } from '../../server/src/stack';

export interface TestStack extends Stack {
  close(): Promise<void>;
}

/** The real stack (PostgreSQL, PostgREST, gateway with the built apps) in a temporary data directory on a free port. */
export async function startTestStack(): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-e2e-'));
  const stack = await startStack({ dataDir, port: await freePort(), seed: true, logLevel: 'warn' });
  return {
    ...stack,
    async close() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
