#!/usr/bin/env node
// Builds the shell and the four remotes (production), only the stale ones with --if-stale,
// or keeps development builds up to date with --watch (and serves them through the gateway with --serve).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { BUILD_STAMP_FILE } = require('./webpack-config');
const { PAGES_FILE, prerenderPages } = require('./prerender/prerender');

const REPO_ROOT = path.resolve(__dirname, '..');
const APPS = ['shell', 'mfe-landing', 'mfe-admin', 'mfe-doctor', 'mfe-student'];
const WEBPACK_CLI = require.resolve('webpack-cli/bin/cli.js', { paths: [REPO_ROOT] });
/** Inputs of every app besides its own folder: the shared package and this build setup. */
const SHARED_INPUTS = ['shared/src', 'shared/package.json', 'build', 'package-lock.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function readStamp(app) {
  try {
    return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, app, 'dist', BUILD_STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** Set by `--watch --serve` for the gateway it starts: the watchers keep the (development) builds current. */
const WATCHERS_OWN_BUILDS = 'CAMPUSCARE_WATCHING_APPS';

/**
 * An app is stale when it has no successful production build or any of its sources changed after that
 * build started.
 */
function isStale(app) {
  const stamp = readStamp(app);
  if (!stamp || typeof stamp.startedAt !== 'number' || stamp.mode !== 'production') return true;
  const inputs = [app, ...SHARED_INPUTS].map((input) => path.join(REPO_ROOT, input));
  return inputs.some((input) => newestMtime(input) > stamp.startedAt);
}

function runWebpack(app, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WEBPACK_CLI, ...args], { cwd: path.join(REPO_ROOT, app), stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building ${app} failed (exit code ${code})`)),
    );
  });
}

/** The prerendered pages are the shell's app around the landing area's pages: made again when either changes. */
const PRERENDER_INPUTS = ['shell', 'mfe-landing'];

function hasPrerenderedPages() {
  return fs.existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'prerendered', PAGES_FILE));
}

/** Builds the apps one after another (the machine has two cores and each build uses both), then prerenders pages. */
async function buildApps({ onlyStale = false, log = console.log } = {}) {
  if (onlyStale && process.env[WATCHERS_OWN_BUILDS] === '1') {
    log('[build] skipped: the development watchers keep the builds up to date');
    return [];
  }
  const apps = onlyStale ? APPS.filter(isStale) : APPS;
  for (const app of apps) {
    log(`[build] ${app}`);
    await runWebpack(app, ['--mode', 'production']);
  }
  if (apps.length === 0) log('[build] all five apps are up to date');
  if (apps.some((app) => PRERENDER_INPUTS.includes(app)) || !hasPrerenderedPages()) await prerenderPages({ log });
  return apps;
}

function waitForFreshStamps(since) {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (APPS.every((app) => (readStamp(app)?.startedAt ?? 0) >= since)) {
        clearInterval(timer);
        resolve();
      }
    }, 500);
  });
}

async function watchApps({ serve }) {
  const startedAt = Date.now();
  const children = APPS.map((app) =>
    spawn(process.execPath, [WEBPACK_CLI, '--watch', '--mode', 'development'], {
      cwd: path.join(REPO_ROOT, app),
      stdio: 'inherit',
    }),
  );
  const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  if (!serve) return;
  await waitForFreshStamps(startedAt);
  console.log('[dev] first builds done; starting the gateway');
  const gateway = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, [WATCHERS_OWN_BUILDS]: '1' },
  });
  children.push(gateway);
}

module.exports = { APPS, buildApps, isStale, runWebpack };

if (require.main === module) {
  const args = new Set(process.argv.slice(2));
  const run = args.has('--watch')
    ? watchApps({ serve: args.has('--serve') })
    : buildApps({ onlyStale: args.has('--if-stale') });
  run.catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
