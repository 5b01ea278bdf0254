import { useSyncExternalStore } from 'react';
import { useLocation } from './router';

/** Whether this render is the server's or hydrates the server's HTML never changes after it: nothing to listen to. */
const subscribeToNothing = () => () => undefined;

/**
 * The router state the current location was opened with (such as why a sign-in page was opened), except while a page
 * the build rendered ahead hydrates: the build rendered it without any, and a render that differs from the HTML makes
 * React throw the HTML away and render the page afresh (errors #418 and #422). The state follows right after.
 */
export function useLocationState(): unknown {
  const { state } = useLocation();
  const rendersServerHtml = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return rendersServerHtml ? null : state;
}
