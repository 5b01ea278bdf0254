import { useId } from 'react';
import { type Area, Button } from '@campuscare/shared';
import styles from './RemoteFallback.module.css';

const AREA_NAME: Readonly<Record<Area, string>> = {
  landing: 'This page',
  admin: 'The university account area',
  doctor: 'The doctor area',
  student: 'The student area',
};

/** Shown inside the area's layout when its remote could not be loaded or crashed; the rest of the app keeps working. */
export function RemoteFallback({ area, onRetry }: { readonly area: Area; readonly onRetry: () => void }) {
  const titleId = useId();
  return (
    <section role="alert" aria-labelledby={titleId} className={styles.fallback}>
      <h1 id={titleId} className={styles.title}>
        {AREA_NAME[area]} is unavailable right now
      </h1>
      <p>It could not be loaded. Check your connection and try again; other parts of CampusCare still work.</p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}
