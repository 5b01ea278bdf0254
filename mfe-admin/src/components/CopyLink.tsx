import { useId, useState } from 'react';
import { Button, notifySuccess } from '@campuscare/shared';
import styles from './components.module.css';

export const LINK_COPIED_MESSAGE = 'Link copied to clipboard!';

/** Shows a link in a read-only field with a Copy button; says so visibly when the clipboard cannot be used. */
export function CopyLink({
  label,
  link,
  buttonLabel = 'Copy Link',
}: {
  readonly label: string;
  readonly link: string;
  readonly buttonLabel?: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setError(null);
      notifySuccess(LINK_COPIED_MESSAGE);
    } catch {
      setError('The clipboard is not available here: select the link and copy it yourself.');
    }
  };

  return (
    <div className={styles.copyLink}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input id={id} className={styles.input} value={link} readOnly onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {buttonLabel}
        </Button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
