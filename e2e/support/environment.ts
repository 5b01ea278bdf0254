import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

/**
 * Node, and whether the running test has failed: a test that fails leaves its browsers open until `afterEach`, which
 * then prints what they show (the CI log is all there is of a failure on a clean clone).
 */
export default class E2eEnvironment extends TestEnvironment {
  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_start') this.global.e2eTestFailed = false;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global.e2eTestFailed = true;
  }
}
