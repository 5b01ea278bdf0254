import { useState } from 'react';
import { Button, ErrorBanner, Modal } from '@campuscare/shared';
import styles from './components.module.css';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  /** Does the action; a thrown error is shown in the dialog, which then stays open. */
  readonly onConfirm: () => Promise<void>;
  readonly onClose: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Asks before an action takes effect; closes only when the action succeeded. */
export function ConfirmDialog({ title, message, confirmLabel, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (actionError) {
      setError(messageOf(actionError));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} open onClose={onClose}>
      <p className={styles.message}>{message}</p>
      {error && <ErrorBanner message={error} />}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onClose}>
          Keep as is
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Working…' : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
