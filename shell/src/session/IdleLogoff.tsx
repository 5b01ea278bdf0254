import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  getSupabase,
  isEndedSession,
  isRole,
  Modal,
  type Role,
  signInPathFor,
  type SignInRedirectState,
  signOut,
  useLocation,
  useNavigate,
  useUserProfile,
} from '@campuscare/shared';
import { createIdleTimer, IDLE_WARNING_MS } from './idleTimer';
import { readSessionStatus, touchSession, type SessionStatus } from './sessionLimitsApi';

/** Real activity: pointing, typing, scrolling, and coming back to the window. Scroll is listened to in capture. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
/** The server hears of activity at most this often; later activity is sent when the minute is up. */
const TOUCH_INTERVAL_MS = 60_000;
/** A status read that fails for a passing reason is tried again after this long. */
const RETRY_MS = 60_000;

/** Signs a member out after their idle limit: warns a minute before, and tells the sign-in page why. */
export function IdleLogoff() {
  const profile = useUserProfile();
  if (profile.status !== 'signedIn' || !isRole(profile.member.role)) return null;
  // One watcher per signed-in user: a new sign-in starts from a fresh status.
  return <IdleWatch key={profile.user.id} role={profile.member.role} />;
}

type Warning = { readonly endsAt: number } | null;

/**
 * The browser's count of the idle limit the server enforces. Activity in this tab restarts the count and is reported
 * to the server (touch_session); before warning and before signing out the server is asked how much time is left, so
 * activity in another tab of the same session keeps this one signed in too.
 */
function IdleWatch({ role }: { readonly role: Role }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  // Read by the watcher when it acts: it runs once per sign-in, not again on every navigation.
  const latest = useRef({ navigate, page });
  const [warning, setWarning] = useState<Warning>(null);
  const warningRef = useRef<Warning>(null);
  const stayRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    latest.current = { navigate, page };
    warningRef.current = warning;
  }, [navigate, page, warning]);

  useEffect(() => {
    let stopped = false;
    let limitMs: number | undefined;
    let idleMinutes = 0;
    let lastTouch = Date.now();
    let touchPending: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const timer = createIdleTimer({ onWarn: () => void check('warn'), onExpire: () => void check('expire') });

    const endSession = async () => {
      timer.stop();
      clearTimeout(touchPending);
      stopped = true;
      setWarning(null);
      await signOut();
      const state: SignInRedirectState = { from: latest.current.page, notice: 'idle', idleMinutes };
      latest.current.navigate(signInPathFor(role), { replace: true, state });
    };

    const follow = (status: SessionStatus) => {
      idleMinutes = status.idleMinutes;
      limitMs = status.idleMinutes * 60_000;
      timer.restart(status.idleSecondsLeft * 1000);
    };

    /** Asks the server before acting on the local count: another tab may have kept the session alive. */
    const check = async (due: 'warn' | 'expire') => {
      let left: number;
      try {
        const status = await readSessionStatus(await getSupabase());
        if (stopped) return;
        idleMinutes = status.idleMinutes;
        left = status.idleSecondsLeft * 1000;
      } catch (error) {
        if (stopped) return;
        // The server ended the session already; any other failure leaves the browser's own count in charge.
        left = isEndedSession(error) || due === 'expire' ? 0 : IDLE_WARNING_MS;
      }
      if (left <= 0) {
        void endSession();
      } else if (left > IDLE_WARNING_MS) {
        setWarning(null);
        timer.restart(left);
      } else {
        setWarning({ endsAt: Date.now() + left });
        timer.restart(left, false);
      }
    };

    const touch = async () => {
      clearTimeout(touchPending);
      touchPending = undefined;
      lastTouch = Date.now();
      try {
        const status = await touchSession(await getSupabase());
        if (!stopped) follow(status);
      } catch {
        // A lost report is made up by the next one; the server asks before anyone is signed out.
      }
    };

    const onActivity = (event: Event) => {
      // Chromium sends pointer moves that did not move when the page changes under a resting pointer.
      if (event.type === 'pointermove' && event instanceof MouseEvent && event.movementX === 0 && event.movementY === 0)
        return;
      // While the warning shows, only "Stay signed in" keeps the session: a stray pointer move must not.
      if (stopped || limitMs === undefined || warningRef.current !== null) return;
      timer.restart(limitMs);
      const sinceTouch = Date.now() - lastTouch;
      if (sinceTouch >= TOUCH_INTERVAL_MS) void touch();
      else touchPending ??= setTimeout(() => void touch(), TOUCH_INTERVAL_MS - sinceTouch);
    };

    stayRef.current = () => {
      setWarning(null);
      if (limitMs !== undefined) timer.restart(limitMs);
      void touch();
    };

    const start = async () => {
      try {
        follow(await readSessionStatus(await getSupabase()));
      } catch (error) {
        if (stopped) return;
        if (isEndedSession(error)) void endSession();
        else retry = setTimeout(() => void start(), RETRY_MS);
      }
    };
    void start();

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    // Not captured: only the window itself gaining focus, not every element focused inside it.
    window.addEventListener('focus', onActivity);
    return () => {
      stopped = true;
      timer.stop();
      clearTimeout(touchPending);
      clearTimeout(retry);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('focus', onActivity);
    };
  }, [role]);

  const staySignedIn = useCallback(() => stayRef.current(), []);
  return <IdleWarning warning={warning} onStay={staySignedIn} />;
}

function IdleWarning({ warning, onStay }: { readonly warning: Warning; readonly onStay: () => void }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (warning === null) return undefined;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [warning]);
  const seconds = warning === null ? 0 : Math.max(0, Math.ceil((warning.endsAt - now) / 1000));

  return (
    <Modal title="Are you still there?" open={warning !== null} onClose={onStay}>
      <p>You will be signed out in {seconds} s because there has been no activity.</p>
      <Button onClick={onStay}>Stay signed in</Button>
    </Modal>
  );
}
