import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 5_000;
/** A child that ran this long was healthy: its exit is a new incident, not the next round of a crash loop. */
const HEALTHY_RUN_MS = 10_000;

export interface SuperviseOptions {
  /** How the child is named in the log. */
  name: string;
  logger: Logger;
  /** Starts one instance of the child; called again for every restart. */
  launch(): ChildProcess;
  /** Asks the child to shut down cleanly; `forceSignal` follows if it is still running after `forceAfterMs`. */
  stopSignal: NodeJS.Signals;
  forceSignal: NodeJS.Signals;
  forceAfterMs: number;
}

export interface Supervised {
  /** The running child, exposed so tests can kill it and watch it come back. */
  currentPid(): number | undefined;
  /** Stops restarting and shuts the current child down. */
  stop(): Promise<void>;
}

/** Runs `launch()` now and again whenever its child exits, until `stop()`. */
export function supervise({
  name,
  logger,
  launch,
  stopSignal,
  forceSignal,
  forceAfterMs,
}: SuperviseOptions): Supervised {
  let child: ChildProcess;
  let stopping = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  let pendingRestart: NodeJS.Timeout | undefined;

  const start = () => {
    const proc = launch();
    child = proc;
    const startedAt = Date.now();
    proc.once('exit', (code, signal) => {
      if (stopping) return;
      // A child that ran for a while gets a quick restart; one that keeps crashing backs off.
      restartDelay =
        Date.now() - startedAt > HEALTHY_RUN_MS
          ? FIRST_RESTART_DELAY_MS
          : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
      logger.warn({ code, signal, restartInMs: restartDelay }, `${name} exited; restarting`);
      pendingRestart = setTimeout(start, restartDelay);
    });
  };
  start();

  return {
    currentPid: () => child.pid,
    async stop() {
      stopping = true;
      clearTimeout(pendingRestart);
      const proc = child;
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => proc.kill(forceSignal), forceAfterMs);
        proc.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        proc.kill(stopSignal);
      });
    },
  };
}
