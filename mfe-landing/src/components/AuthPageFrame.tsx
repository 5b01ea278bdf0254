import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '@campuscare/shared';
import styles from './AuthPageFrame.module.css';

/** The centred card the sign-in, registration and questionnaire screens share. */
export function AuthPageFrame({ title, intro, children }: { readonly title: string; readonly intro?: ReactNode; readonly children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <Link to={PATHS.landing} className={styles.logo}>
        CampusCare
      </Link>
      <main className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
      </main>
    </div>
  );
}
