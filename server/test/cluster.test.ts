import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { freePort } from '../src/ports';
import { startCluster } from '../src/postgres/cluster';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

// Only root hands PostgreSQL to the `postgres` user; any other user runs it as themselves and reaches their own folders.
const asRoot = userInfo().uid === 0 ? describe : describe.skip;

asRoot('the embedded cluster, started as root', () => {
  let privateFolder: string;

  beforeEach(() => {
    privateFolder = mkdtempSync(join(tmpdir(), 'campuscare-private-'));
    chmodSync(privateFolder, 0o700);
  });
  afterEach(() => rmSync(privateFolder, { recursive: true, force: true }));

  it('names the folder the postgres user cannot enter and how to fix it, instead of a bare EACCES from initdb', async () => {
    const dataDir = join(privateFolder, 'data');
    await expect(
      startCluster({ dataDir, port: await freePort(), superuserPassword: 'unused', logger }),
    ).rejects.toThrow(
      `runs as the system user "postgres", which cannot enter ${privateFolder} (needed to reach ${dataDir}). ` +
        `Let other users enter it (chmod o+x ${privateFolder})`,
    );
  });

  it('starts once the folder may be entered', async () => {
    chmodSync(privateFolder, 0o711);
    const cluster = await startCluster({
      dataDir: join(privateFolder, 'data'),
      port: await freePort(),
      superuserPassword: 'Correct1Horse',
      logger,
    });
    try {
      const { rows } = await cluster.adminPool.query<{ ok: number }>('select 1 as ok');
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await cluster.stop();
    }
  });
});
