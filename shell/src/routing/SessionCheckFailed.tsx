import { Button, MAIN_CONTENT_ID } from '@campuscare/shared';
import styles from '../pages/NotFoundPage.module.css';

/** The session could not be checked (the server did not answer in time or failed): say so and offer another try. */
export function SessionCheckFailed({ message, onRetry }: { readonly message: string; readonly onRetry: () => void }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <h1 className={styles.title}>We could not check your session</h1>
      <p role="alert">{message}</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
