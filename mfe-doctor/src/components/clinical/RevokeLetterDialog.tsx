import { useMemo } from 'react';
import {
  Button,
  COLUMN_RULES,
  columnError,
  ErrorBanner,
  Modal,
  TextField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { revokeExcuseLetter } from './lettersApi';
import type { ExcuseLetterEntry } from '@campuscare/shared/clinical';
import { letterDays } from './RecordViews';
import styles from './clinical.module.css';

const REASON_RULE = COLUMN_RULES.excuse_letters_revoke_reason_length;

interface RevokeLetterDialogProps {
  readonly letter: ExcuseLetterEntry;
  readonly onRevoked: (letter: ExcuseLetterEntry) => void;
  readonly onClose: () => void;
}

/** Revokes an excuse letter with a reason: the letter is kept, and whoever checks its code is told it was revoked. */
export function RevokeLetterDialog({ letter, onRevoked, onClose }: RevokeLetterDialogProps) {
  const revoke = useApiMutation(revokeExcuseLetter, { success: 'Excuse letter revoked', errors: 'caller' });
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason = columnError(REASON_RULE, values.reason);
      return reason ? { reason } : {};
    },
    submit: (values) => revoke.mutateAsync({ letterId: letter.id, reason: values.reason.trim() }),
    onSuccess: (revoked) => {
      onRevoked(revoked);
      onClose();
    },
  });
  return (
    <Modal title="Revoke excuse letter" open onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <p className={styles.summary}>
          The letter for {letterDays(letter)} stays on record, marked revoked: anyone who checks its code is told it is
          no longer valid (never why).
        </p>
        <TextField
          label="Reason for revoking"
          maxLength={REASON_RULE.maxLength}
          autoComplete="off"
          {...form.field('reason')}
        />
        {form.formError && <ErrorBanner message={form.formError} />}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            Keep letter
          </Button>
          <Button type="submit" variant="danger" disabled={form.submitting}>
            {form.submitting ? 'Revoking…' : 'Revoke letter'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
