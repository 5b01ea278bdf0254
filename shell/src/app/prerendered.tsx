import { useEffect } from 'react';
import { PRERENDERED_PATH_ATTRIBUTE } from './prerenderedPath';
import './prerendered.css';

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
