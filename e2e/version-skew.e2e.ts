import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { APPS, runWebpack } from '../build/build-apps';
import { expect as expectPage } from './support/expectations';
import { DEMO_ACCOUNTS, signIn } from './support/session';
import { useE2eSuite } from './support/suite';

/**
 * Each area is deployed alone: a remote rebuilt with a newer feature part of @campuscare/shared must run its own copy,
 * even when another area's older copy of that part is already in the page. Here the student area is rebuilt with a
 * changed hint in the health part, which the landing area's questionnaire also uses.
 */
const REPO_ROOT = join(__dirname, '..');
const REBUILT_APP = 'mfe-student';
const CHANGED_FILE = join(REPO_ROOT, 'shared', 'src', 'health', 'HealthProfileFields.tsx');
const ORIGINAL_HINT = 'Leave empty if you have none';
const REBUILT_HINT = 'Leave empty if you have none (the student area’s newer build)';

interface SkewedApps {
  /** What the gateway serves: today's builds, the student area's replaced by its rebuild. */
  readonly appsRoot: string;
  remove(): void;
}

/**
 * Rebuilds the student area into a folder of its own with the hint changed on its way into the bundle (a loader of
 * this test's build only: no tracked file changes), and lays out an apps root that serves it in place of today's.
 */
async function buildSkewedApps(): Promise<SkewedApps> {
  const workDir = mkdtempSync(join(tmpdir(), 'campuscare-skew-'));
  const appsRoot = join(workDir, 'apps');
  const output = join(appsRoot, REBUILT_APP, 'dist');
  mkdirSync(output, { recursive: true });
  for (const app of APPS.filter((candidate) => candidate !== REBUILT_APP))
    symlinkSync(join(REPO_ROOT, app), join(appsRoot, app));

  const loader = join(workDir, 'relabel-loader.js');
  writeFileSync(
    loader,
    `module.exports = function relabel(source) {
  const { from, to } = this.getOptions();
  if (!source.includes(from)) throw new Error(JSON.stringify(from) + ' is no longer in ' + this.resourcePath);
  return source.split(from).join(to);
};
`,
  );
  const config = join(workDir, 'webpack.config.js');
  writeFileSync(
    config,
    `const appConfig = require(${JSON.stringify(join(REPO_ROOT, REBUILT_APP, 'webpack.config.js'))});
module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  const relabel = {
    resource: ${JSON.stringify(CHANGED_FILE)},
    enforce: 'pre',
    loader: ${JSON.stringify(loader)},
    options: { from: ${JSON.stringify(ORIGINAL_HINT)}, to: ${JSON.stringify(REBUILT_HINT)} },
  };
  return {
    ...config,
    output: { ...config.output, path: ${JSON.stringify(output)} },
    module: { ...config.module, rules: [...config.module.rules, relabel] },
  };
};
`,
  );
  await runWebpack(REBUILT_APP, ['--mode', 'production', '--config', config]);
  return { appsRoot, remove: () => rmSync(workDir, { recursive: true, force: true }) };
}

let skewed: SkewedApps | undefined;

beforeAll(async () => {
  skewed = await buildSkewedApps();
}, 600_000);

afterAll(() => skewed?.remove());

const suite = useE2eSuite({
  stackOptions: () => {
    if (!skewed) throw new Error('The rebuilt student area is missing');
    return { appsRoot: skewed.appsRoot };
  },
});

/** The allergies hint of the health form on screen, once the form has rendered. */
async function allergiesHint(page: Page, form: string): Promise<string | null> {
  const hint = page.getByRole('form', { name: form }).getByText(/^Leave empty if you have none/);
  await expectPage.visible(hint);
  return hint.textContent();
}

describe('an area deployed alone', () => {
  it('runs its own copy of a feature part another area loaded first, and leaves that area its copy', async () => {
    const { page, errors } = await suite.openBrowser();
    await page.goto(`${suite.stack.url}/signin`);
    await expectPage.mainHeading(page);
    await signIn(page, suite.stack.url, suite.stack.anonKey, DEMO_ACCOUNTS.student);

    // The landing area's questionnaire loads its copy of the health part first.
    await page.goto(`${suite.stack.url}/questions`);
    await expectPage.mainHeading(page);
    expect(await allergiesHint(page, 'Health questionnaire')).toBe(ORIGINAL_HINT);

    // From here on the page is never loaded again: every later screen shares the federation runtime loaded above.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/studentdashboard');
    await expectPage.mainHeading(page);
    await page.getByRole('navigation', { name: 'Student navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/studentprofile');
    expect(await allergiesHint(page, 'Health information')).toBe(REBUILT_HINT);

    await page.goBack();
    await page.goBack();
    await page.waitForURL('**/questions');
    expect(await allergiesHint(page, 'Health questionnaire')).toBe(ORIGINAL_HINT);
    expect(errors).toEqual([]);
  });
});
