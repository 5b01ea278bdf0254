import { Button, ErrorBanner } from '@campuscare/shared';
import styles from './StartupError.module.css';

/** Shown when `/config.json` cannot be read: without it no area can be located. */
export function StartupError({ message }: { readonly message: string }) {
  return (
    <main className={styles.page}>
      <h1>CampusCare could not start</h1>
      <ErrorBanner message={message} />
      <p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </p>
    </main>
  );
}
