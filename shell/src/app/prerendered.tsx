import { useEffect } from 'react';
import { PRERENDERED_PATH_ATTRIBUTE } from './prerenderedPath';

/**
 * Rendered with every page: once the page has hydrated (or rendered), the root stops being marked as prerendered,
 * which tells the browser tests the page is live. Its forms take input before that: what is typed into them before
 * they hydrate becomes their values (useForm's `formRef`).
 */
export function PageIsLive() {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  }, []);
  return null;
}
