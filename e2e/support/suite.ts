import { startTestStack, type TestStack } from '../../server/test/support/stack';
import { openBrowser, type BrowserSession } from './browser';

export interface E2eSuite {
  /** This file's stack: seeded, in its own data directory, started before the first test. */
  readonly stack: TestStack;
  /** A fresh Chromium profile, closed after the test that opened it. */
  openBrowser(): Promise<BrowserSession>;
}

/** One real stack per test file and no browser outliving its test: the lifecycle every e2e file shares. */
export function useE2eSuite(): E2eSuite {
  let stack: TestStack | undefined;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    stack = await startTestStack();
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });

  return {
    get stack() {
      if (!stack) throw new Error('The e2e stack is not running: use it inside tests or hooks');
      return stack;
    },
    async openBrowser() {
      const session = await openBrowser();
      sessions.push(session);
      return session;
    },
  };
}
