import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/ports';
import { startStack } from '../src/stack';

const FIXTURE_SUPABASE = join(__dirname, 'fixtures', 'supabase');

describe('restarting the stack on the same data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campuscare-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the data, the keys and the applied migrations', async () => {
    const options = { dataDir, supabaseDir: FIXTURE_SUPABASE, logLevel: 'silent' };
    const first = await startStack({ ...options, port: await freePort() });
    let anonKey: string;
    try {
      anonKey = first.anonKey;
      await first.adminPool.query(
        `insert into public.notes (owner_id, body) values (gen_random_uuid(), 'kept across restarts')`,
      );
    } finally {
      await first.stop();
    }

    const second = await startStack({ ...options, port: await freePort() });
    try {
      expect(second.anonKey).toBe(anonKey);
      const notes = await second.adminPool.query('select body from public.notes');
      expect(notes.rows).toEqual([{ body: 'kept across restarts' }]);
      const migrations = await second.adminPool.query('select version from supabase_migrations.schema_migrations');
      expect(migrations.rows).toEqual([{ version: '20250101000000' }]);
    } finally {
      await second.stop();
    }
  });
});
