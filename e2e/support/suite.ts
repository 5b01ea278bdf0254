import type { StackOptions } from '../../server/src/stack';
import { startTestStack, type TestStack } from '../../server/test/support/stack';
import { openBrowser, type BrowserOptions, type BrowserSession } from './browser';
import { openSignedIn } from './session';

export interface E2eSuite {
  /** This file's stack: seeded, in its own data directory, started before the first test. */
  readonly stack: TestStack;
  /** A fresh Chromium profile, closed after the test that opened it. */
  openBrowser(options?: BrowserOptions): Promise<BrowserSession>;
  /** A fresh browser signed in as a member of staff (on `/adminsignin`), on `path`. */
  openAsStaff(email: string, path: string): Promise<BrowserSession>;
  /** Rows of a query on the stack's database, as its owner (fixtures and checks the screens do not show). */
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface E2eSuiteOptions {
  /** Options of this file's stack, read when it starts (after the file's earlier `beforeAll` hooks). */
  readonly stackOptions?: () => Partial<StackOptions>;
}

/** One real stack per test file and no browser outliving its test: the lifecycle every e2e file shares. */
export function useE2eSuite({ stackOptions }: E2eSuiteOptions = {}): E2eSuite {
  let stack: TestStack | undefined;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    stack = await startTestStack(stackOptions?.());
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  afterEach(async () => {
    // Set by ./environment.ts when the test that just ran failed.
    if ((globalThis as { e2eTestFailed?: boolean }).e2eTestFailed === true)
      for (const [index, session] of sessions.entries())
        console.log(`Browser ${index + 1} of ${sessions.length} when the test failed:\n${await session.report()}`);
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  const suite: E2eSuite = {
    get stack() {
      if (!stack) throw new Error('The e2e stack is not running: use it inside tests or hooks');
      return stack;
    },
    async openBrowser(options) {
      const session = await openBrowser(options);
      sessions.push(session);
      return session;
    },
    async openAsStaff(email, path) {
      const session = await suite.openBrowser();
      await openSignedIn(session.page, suite.stack, { signInPath: '/adminsignin', email, path });
      return session;
    },
    async query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await suite.stack.adminPool.query<Row>(sql, params)).rows;
    },
  };
  return suite;
}
