import { Link, MAIN_CONTENT_ID, PATHS } from '@campuscare/shared';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.page}>
      <h1 className={styles.title}>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to={PATHS.landing}>Go to the CampusCare home page</Link>
    </main>
  );
}
