import { createIdleTimer, IDLE_WARNING_MS } from './idleTimer';

describe('the idle timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function started(msLeft: number) {
    const onWarn = jest.fn();
    const onExpire = jest.fn();
    const timer = createIdleTimer({ onWarn, onExpire });
    timer.restart(msLeft);
    return { timer, onWarn, onExpire };
  }

  it('warns a minute before the limit and expires at it', () => {
    const { onWarn, onExpire } = started(15 * 60_000);
    jest.advanceTimersByTime(14 * 60_000 - 1);
    expect(onWarn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(IDLE_WARNING_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('starts over on activity, so neither fires while the person is there', () => {
    const { timer, onWarn, onExpire } = started(5 * 60_000);
    for (let minute = 0; minute < 30; minute += 1) {
      jest.advanceTimersByTime(3 * 60_000);
      timer.restart(5 * 60_000);
    }
    expect(onWarn).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('warns at once when less than a minute is left, and expires when it is up', () => {
    const { onWarn, onExpire } = started(20_000);
    jest.advanceTimersByTime(0);
    expect(onWarn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(20_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('only expires when restarted while the warning shows', () => {
    const { timer, onWarn, onExpire } = started(5 * 60_000);
    timer.restart(30_000, false);
    jest.advanceTimersByTime(30_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const { timer, onWarn, onExpire } = started(5 * 60_000);
    timer.stop();
    jest.advanceTimersByTime(60 * 60_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
  });
});
