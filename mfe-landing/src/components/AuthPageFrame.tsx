import type { ReactNode } from 'react';
import { Link, MAIN_CONTENT_ID, PATHS } from '@campuscare/shared';
import styles from './AuthPageFrame.module.css';

/** Class names for the forms inside the frame (form column, notice, full-width submit, footnote, forgot-password link). */
export const authFormStyles = {
  form: styles.form,
  notice: styles.notice,
  submit: styles.submit,
  footnote: styles.footnote,
  forgot: styles.forgot,
};

/** The centred card the sign-in, registration and questionnaire screens share. */
export function AuthPageFrame({
  title,
  intro,
  children,
}: {
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children?: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <Link to={PATHS.landing} className={styles.logo}>
        CampusCare
      </Link>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
      </main>
    </div>
  );
}
