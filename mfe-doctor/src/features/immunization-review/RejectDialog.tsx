import { useMemo } from 'react';
import { columnError, FormFrame, Modal, REVIEW_REJECT_REASON_RULE, TextAreaField, useForm } from '@campuscare/shared';
import type { ReviewItem } from './reviewApi';
import { rejectMutation } from './reviewQueries';
import { itemTitle } from './reviewFormat';
import styles from './review.module.css';

interface RejectDialogProps {
  readonly item: ReviewItem;
  readonly onClose: () => void;
}

/** Rejects a dose or an exemption with the reason the student reads beside it. */
export function RejectDialog({ item, onClose }: RejectDialogProps) {
  const initial = useMemo(() => ({ reason: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const reason = columnError(REVIEW_REJECT_REASON_RULE, values.reason);
      return reason ? { reason } : {};
    },
    mutation: rejectMutation,
    input: (values) => ({ item, approve: false, reason: values.reason.trim() }),
    onSuccess: onClose,
  });
  return (
    <Modal title={`Reject ${itemTitle(item)}`} open onClose={onClose}>
      <FormFrame
        form={form}
        className={styles.form}
        label="Reject"
        submit="Reject"
        busyLabel="Rejecting…"
        danger
        cancel={{ label: 'Cancel', onClick: onClose }}
      >
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
      </FormFrame>
    </Modal>
  );
}
