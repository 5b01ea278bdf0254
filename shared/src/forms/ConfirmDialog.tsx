import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { ErrorBanner } from '../ui/Page';
import { useForm } from './useForm';
import styles from './forms.module.css';

interface ConfirmDialogProps {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  /** Does the action; a refusal is shown in the dialog, which then stays open. */
  readonly onConfirm: () => Promise<unknown>;
  readonly onClose: () => void;
}

/** A confirmation has nothing to fill in: the form holds only its submit state and the refusal. */
const NO_VALUES = {};

/** Asks before an action takes effect; closes only when the action succeeded. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const form = useForm({ initial: NO_VALUES, submit: onConfirm, onSuccess: onClose });

  return (
    <Modal title={title} open onClose={onClose}>
      <p className={styles.message}>{message}</p>
      {form.formError && <ErrorBanner message={form.formError} />}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose}>
          Keep as is
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          disabled={form.submitting}
          onClick={() => void form.handleSubmit()}
        >
          {form.submitting ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
