import { existsSync } from 'node:fs';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/** Set by `jest.pinned.config.js` for the projects that run the suite at a pinned moment. */
declare const campuscarePinnedNow: string | undefined;

/** The moment this run of the suite pins PostgreSQL's clock to, or undefined for the real clock. */
export function pinnedNow(): Date | undefined {
  return typeof campuscarePinnedNow === 'string' ? new Date(campuscarePinnedNow) : undefined;
}

/**
 * The environment that starts PostgreSQL's clock at the pinned moment and lets it run on from there: libfaketime
 * shifts every reading of the wall clock by a fixed offset, so `now()`, `current_date` and the seed all see that day.
 * Monotonic clocks stay real (timeouts and waits keep their length).
 */
export function pinnedClockEnvironment(): Record<string, string> {
  const at = pinnedNow();
  if (!at) return {};
  if (!existsSync(LIBFAKETIME)) {
    throw new Error(`The pinned-clock database suites need libfaketime (${LIBFAKETIME}): apt-get install -y faketime`);
  }
  const offsetSeconds = Math.round((at.getTime() - Date.now()) / 1000);
  return {
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}
