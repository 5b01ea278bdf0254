/** How long before the idle limit the person is warned. */
export const IDLE_WARNING_MS = 60_000;

interface IdleTimerCallbacks {
  /** The warning is due: the session ends in at most IDLE_WARNING_MS. */
  readonly onWarn: () => void;
  /** The idle limit is reached. */
  readonly onExpire: () => void;
}

interface IdleTimer {
  /**
   * Starts the countdown over: the session ends `msLeft` from now, with the warning a minute before unless `warn` is
   * false (the warning already shows).
   */
  restart(msLeft: number, warn?: boolean): void;
  stop(): void;
}

/**
 * The browser's side of the idle limit: two timeouts, restarted whenever the person is active or the server says the
 * session has more time left. The server enforces the limit on its own; this only warns in time and signs out on the
 * spot instead of at the next request.
 */
export function createIdleTimer({ onWarn, onExpire }: IdleTimerCallbacks): IdleTimer {
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let expireTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(warnTimer);
    clearTimeout(expireTimer);
  };
  return {
    restart(msLeft, warn = true) {
      stop();
      const left = Math.max(0, msLeft);
      if (warn) warnTimer = setTimeout(onWarn, Math.max(0, left - IDLE_WARNING_MS));
      expireTimer = setTimeout(onExpire, left);
    },
    stop,
  };
}
