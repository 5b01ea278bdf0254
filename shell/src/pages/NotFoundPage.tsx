import { Link } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link to={PATHS.landing}>Go to the CampusCare home page</Link>
    </main>
  );
}
