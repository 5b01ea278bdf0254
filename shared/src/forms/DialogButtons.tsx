import { Button } from '../ui/Button';
import styles from './forms.module.css';

/**
 * The foot of a form in a dialog: the way out, then the submit button, which says so while sending. Every role area's
 * dialogs end with it, so it lives in the core; the form's refusal (an ErrorBanner) goes just above it.
 */
export function DialogButtons({
  dismiss,
  submit,
  busy,
  busyLabel,
  danger = false,
  describedBy,
  disabled = false,
}: {
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
      <Button
        type="submit"
        variant={danger ? 'danger' : 'primary'}
        disabled={busy || disabled}
        aria-describedby={describedBy}
      >
        {busy ? busyLabel : submit}
      </Button>
    </div>
  );
}
