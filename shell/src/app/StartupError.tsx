import { Button, ErrorBanner, MAIN_CONTENT_ID } from '@campuscare/shared';
import styles from './StartupError.module.css';

const STARTUP_FAILED_MESSAGE = 'CampusCare could not load its settings. Check your connection and reload the page.';

/** Shown when `/config.json` cannot be read: without it no area can be located. */
export function StartupError() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <h1>CampusCare could not start</h1>
      <ErrorBanner message={STARTUP_FAILED_MESSAGE} />
      <p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </p>
    </main>
  );
}
