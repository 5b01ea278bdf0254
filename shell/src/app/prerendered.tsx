import { useEffect } from 'react';
import './prerendered.css';

/**
 * Set by the build on the root element of a page it rendered ahead (build/prerender): the path that page is of. The
 * shell hydrates the page only at that path, and renders afresh anywhere else.
 */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

/**
 * Rendered with every page: once the page has hydrated (or rendered), the root stops being marked as prerendered,
 * which lets its forms take input (prerendered.css) and tells the browser tests the page is live.
 */
export function PageIsLive() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  }, []);
  return null;
}
