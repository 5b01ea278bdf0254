import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pino from 'pino';
import { signJwt } from '../src/jwt';
import { startTestStack, type TestStack } from './support/stack';

const FIXTURE_SUPABASE = join(__dirname, 'fixtures', 'supabase');
const WRITERS = 4;
/** Acknowledged writes before the kill, so it lands in the middle of a steady load. */
const WRITES_BEFORE_KILL = 30;
/** Writes sent after the kill that must be acknowledged: the stack takes writes again. */
const WRITES_AFTER_KILL = 20;
const MAX_WRITE_ATTEMPTS = 5_000;
/** Generous: PostgreSQL's restart backoff plus PostgREST's own reconnect backoff, on a busy machine. */
const RECOVERY_DEADLINE_MS = 90_000;
const UNCOMMITTED_BODY = 'open transaction at the crash';
/**
 * A backend busy in a loop does not notice that its postmaster died, so it outlives the kill holding the shared memory
 * and the first restarts fail until it finishes, the way a long query makes them fail in production.
 */
const LINGERING_QUERY = `do $$ declare started timestamptz := clock_timestamp();
  begin while clock_timestamp() < started + interval '2 seconds' loop end loop; end $$`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(20);
  }
  return condition();
}

describe('kill -9 of the PostgreSQL postmaster', () => {
  let stack: TestStack;
  const logMessages: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logMessages.push((JSON.parse(line) as { msg: string }).msg) },
    );
    stack = await startTestStack({ supabaseDir: FIXTURE_SUPABASE, logger });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('restarts PostgreSQL under a write load without losing an acknowledged write', async () => {
    const owner = randomUUID();
    const iat = Math.floor(Date.now() / 1000);
    const token = signJwt(
      { sub: owner, role: 'authenticated', aud: 'authenticated', iat, exp: iat + 600 },
      stack.jwtSecret,
    );
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}` };

    const load = { attempts: 0, killed: false, done: false, networkErrors: 0 };
    const acknowledged: string[] = [];
    const acknowledgedAfterKill: string[] = [];
    const refusedStatuses = new Set<number>();
    /** Refusals a client would not retry, with their bodies, so that a failure says which error it was. */
    const clientErrors: string[] = [];

    /** Inserts notes with unique bodies one after another, recording which ones PostgREST acknowledged. */
    const writer = async (writerId: number) => {
      while (!load.done && load.attempts < MAX_WRITE_ATTEMPTS) {
        load.attempts += 1;
        const body = `writer ${writerId} write ${load.attempts}`;
        const sentAfterKill = load.killed;
        const res = await fetch(`${stack.url}/rest/v1/notes`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
          body: JSON.stringify({ body }),
        }).catch(() => undefined);
        if (!res) {
          load.networkErrors += 1;
          await sleep(100);
          continue;
        }
        const text = await res.text();
        if (res.ok) {
          acknowledged.push(body);
          if (sentAfterKill) acknowledgedAfterKill.push(body);
        } else {
          refusedStatuses.add(res.status);
          if (res.status < 500) clientErrors.push(`${res.status} ${text}`);
          await sleep(100);
        }
      }
    };

    const adminQueries = { failed: 0 };
    /** The services' pool, used while the database is down: its queries must fail, not crash the process. */
    const adminProbe = async () => {
      while (!load.done) {
        await stack.adminPool.query('select 1').catch(() => (adminQueries.failed += 1));
        await sleep(50);
      }
    };

    const writers = Array.from({ length: WRITERS }, (_, writerId) => writer(writerId));
    let probe: Promise<void> = Promise.resolve();
    let lingering: Promise<unknown> = Promise.resolve();
    const postmaster = stack.postgresPid();
    const postgrest = stack.postgrest.currentPid();
    // A service in the middle of a transaction on a checked-out client when the database dies.
    const held = await stack.adminPool.connect();
    let heldError: unknown;
    try {
      expect(await waitFor(() => acknowledged.length >= WRITES_BEFORE_KILL, 30_000)).toBe(true);
      await held.query('begin');
      await held.query('insert into public.notes (owner_id, body) values ($1, $2)', [owner, UNCOMMITTED_BODY]);
      lingering = stack.adminPool.query(LINGERING_QUERY).catch(() => undefined);
      const lingeringRuns = () =>
        stack.adminPool
          .query(`select 1 from pg_stat_activity where state = 'active' and query like 'do $$ declare started%'`)
          .then(({ rowCount }) => rowCount === 1);
      expect(await waitFor(lingeringRuns, 10_000)).toBe(true);

      expect(postmaster).toBeDefined();
      process.kill(postmaster as number, 'SIGKILL');
      load.killed = true;
      probe = adminProbe();

      // The held connection breaks (its backend exits with the postmaster); the next query on it is refused.
      for (let attempt = 0; attempt < 200 && heldError === undefined; attempt += 1) {
        await held.query('select 1').then(
          () => sleep(50),
          (error: unknown) => {
            heldError = error;
          },
        );
      }
      expect(await waitFor(() => acknowledgedAfterKill.length >= WRITES_AFTER_KILL, RECOVERY_DEADLINE_MS)).toBe(true);
    } finally {
      held.release(true);
      load.done = true;
      await Promise.all([...writers, probe, lingering]);
    }

    expect(heldError).toBeInstanceOf(Error);
    // The kill caused a real outage, during which requests failed cleanly: the gateway always answered, with a server
    // error the client may retry (PostgREST's 503 while its pool is down).
    expect(refusedStatuses.size).toBeGreaterThan(0);
    expect(clientErrors).toEqual([]);
    expect(adminQueries.failed).toBeGreaterThan(0);
    expect(load.networkErrors).toBe(0);

    // The lingering backend made at least one restart fail before one succeeded.
    expect(logMessages.filter((msg) => msg === 'PostgreSQL exited; restarting').length).toBeGreaterThan(1);
    // A new postmaster runs; PostgREST reconnected to it by itself instead of being restarted.
    expect(stack.postgresPid()).toBeDefined();
    expect(stack.postgresPid()).not.toBe(postmaster);
    expect(stack.postgrest.currentPid()).toBe(postgrest);

    const rest = await fetch(`${stack.url}/rest/v1/notes?select=body`, { headers });
    expect(rest.status).toBe(200);
    const restBodies = new Set(((await rest.json()) as { body: string }[]).map((row) => row.body));
    expect(acknowledged.filter((body) => !restBodies.has(body))).toEqual([]);

    const stored = await stack.adminPool.query<{ body: string }>('select body from public.notes where owner_id = $1', [
      owner,
    ]);
    const storedBodies = new Set(stored.rows.map((row) => row.body));
    expect(acknowledged.filter((body) => !storedBodies.has(body))).toEqual([]);
    // Crash recovery rolled back the transaction that was open when the postmaster died.
    expect(storedBodies.has(UNCOMMITTED_BODY)).toBe(false);
  }, 180_000);
});
