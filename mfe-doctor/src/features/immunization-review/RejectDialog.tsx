import { useMemo } from 'react';
import {
  columnError,
  DialogButtons,
  ErrorBanner,
  Modal,
  REVIEW_REJECT_REASON_RULE,
  TextAreaField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { decide, REVIEW_QUEUE_KEY, type ReviewItem } from './reviewApi';
import { itemTitle } from './reviewFormat';
import styles from './review.module.css';

interface RejectDialogProps {
  readonly item: ReviewItem;
  readonly onClose: () => void;
}

/** Rejects a dose or an exemption with the reason the student reads beside it. */
export function RejectDialog({ item, onClose }: RejectDialogProps) {
  const reject = useApiMutation(decide, {
    invalidates: [REVIEW_QUEUE_KEY],
    success: 'Rejected: the student sees your reason',
    errors: 'caller',
  });
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason = columnError(REVIEW_REJECT_REASON_RULE, values.reason);
      return reason ? { reason } : {};
    },
    submit: (values) => reject.mutateAsync({ item, approve: false, reason: values.reason.trim() }),
    onSuccess: onClose,
  });
  return (
    <Modal title={`Reject ${itemTitle(item)}`} open onClose={onClose}>
      <form aria-label="Reject" className={styles.form} noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <p className={styles.muted}>
          {item.student.name} reads your reason beside it and can send it again, so say what would make it acceptable
          (for example: the card is unreadable, the date is missing).
        </p>
        <TextAreaField
          label="Reason the student reads"
          rows={3}
          maxLength={REVIEW_REJECT_REASON_RULE.maxLength}
          {...form.field('reason')}
        />
        {form.formError && <ErrorBanner message={form.formError} />}
        <DialogButtons
          dismiss={{ label: 'Cancel', onClick: onClose }}
          submit="Reject"
          busy={form.submitting}
          busyLabel="Rejecting…"
          danger
        />
      </form>
    </Modal>
  );
}
