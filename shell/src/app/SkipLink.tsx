import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from '@campuscare/shared';
import styles from './SkipLink.module.css';

/**
 * The first focusable element of every page: moves focus past the navigation to the page's main region. Focus is moved
 * by hand because the router owns the URL (a bare `#main-content` would become a navigation).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    // Focusing scrolls the region into view.
    main.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={styles.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
