/**
 * The benchmark database's files read once before anything is measured. Right after `npm run bench:data` (or a
 * reboot) most of its 2.7 GB is not in the operating system's page cache, and the first measurements pay for reading
 * it from disk: a run straight after a load spent about twice the CPU per request on every scenario.
 */
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const CHUNK_BYTES = 1 << 20;

export interface PageCacheWarmUp {
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
}

export async function readIntoPageCache(directory: string): Promise<PageCacheWarmUp> {
  const startedAt = Date.now();
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = await open(join(entry.parentPath, entry.name), 'r');
    try {
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        bytes += bytesRead;
      }
    } finally {
      await file.close();
    }
    files += 1;
  }
  return { files, bytes, seconds: (Date.now() - startedAt) / 1000 };
}
