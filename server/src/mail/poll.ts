export interface Polling {
  /** Stops the loop and waits for a run in progress, so nothing touches the database after shutdown. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then `intervalMs` after each run has finished (never two at once, however slow a run is). A run
 * that fails is reported to `onError` and the loop carries on: the next run may well succeed.
 */
export function startPolling(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): Polling {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const tick = () => {
    running = task()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
