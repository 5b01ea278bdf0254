import { Button } from '@campuscare/shared';
import styles from './appointments.module.css';

/** The foot of every appointment dialog: the way out, then the submit button, which says so while sending. */
export function DialogButtons({ dismiss, submit, busy, busyLabel, danger = false, describedBy, disabled = false }: {
  readonly dismiss: { readonly label: string; readonly onClick: () => void };
  readonly submit: string;
  readonly busy: boolean;
  readonly busyLabel: string;
  readonly danger?: boolean;
  readonly describedBy?: string;
  readonly disabled?: boolean;
}) {
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={dismiss.onClick}>
        {dismiss.label}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || disabled} aria-describedby={describedBy}>
        {busy ? busyLabel : submit}
      </Button>
    </div>
  );
}
