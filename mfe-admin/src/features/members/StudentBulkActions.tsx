import { useState } from 'react';
import { Button, ConfirmDialog, useApiMutation } from '@campuscare/shared';
import { formatCount } from '@campuscare/shared/scheduling';
import type { StudentFilter } from './membersApi';
import { deactivateStudentsMutation, plural, resendInvitationsMutation } from './membersQueries';
import type { StudentChoiceState } from './useStudentChoice';
import styles from './members.module.css';

type BulkAction = 'deactivate' | 'resend';

interface StudentBulkActionsProps {
  readonly choice: StudentChoiceState;
  /** The rows of the page shown, for "Choose every student on this page". */
  readonly pageIds: readonly string[];
  readonly filter: StudentFilter;
  readonly canDeactivate: boolean;
  readonly canInvite: boolean;
}

/**
 * Choosing students on the list and acting on all of them at once, which the database performs set-wise and records:
 * deactivation at the end of studies (super admins) or the join link sent again (admins), each after a confirmation
 * that states how many.
 */
export function StudentBulkActions({ choice, pageIds, filter, canDeactivate, canInvite }: StudentBulkActionsProps) {
  const [pending, setPending] = useState<BulkAction | null>(null);
  const deactivate = useApiMutation(deactivateStudentsMutation, { onSuccess: choice.clear });
  const resend = useApiMutation(resendInvitationsMutation, { onSuccess: choice.clear });
  const students = plural(choice.count, 'student', 'students');

  return (
    <>
      <div className={styles.selection} role="group" aria-label="Choose students">
        <label>
          <input
            type="checkbox"
            checked={pageIds.length > 0 && pageIds.every(choice.isChosen)}
            disabled={choice.all || pageIds.length === 0}
            onChange={(event) => choice.choose(pageIds, event.target.checked)}
          />{' '}
          Choose every student on this page
        </label>
        {choice.count > 0 && (
          <>
            <span aria-live="polite">{students} chosen</span>
            {choice.more && (
              <Button variant="secondary" onClick={choice.chooseAll}>
                Choose all {formatCount(choice.total)} {filter.search || filter.status ? 'that match' : 'students'}
              </Button>
            )}
            {canInvite && (
              <Button variant="secondary" onClick={() => setPending('resend')}>
                Send the invitation again
              </Button>
            )}
            {canDeactivate && (
              <Button variant="danger" onClick={() => setPending('deactivate')}>
                Deactivate (end of studies)
              </Button>
            )}
            <Button variant="secondary" onClick={choice.clear}>
              Clear the choice
            </Button>
          </>
        )}
      </div>
      {pending === 'deactivate' && (
        <ConfirmDialog
          title={`Deactivate ${students}`}
          message={`${students} will be deactivated: those who joined are signed out and can no longer sign in, and invitations nobody took up are withdrawn. You can reactivate a student from their row.`}
          confirmLabel={`Deactivate ${students}`}
          danger
          onConfirm={() => deactivate.mutateAsync(choice.chosen)}
          onClose={() => setPending(null)}
        />
      )}
      {pending === 'resend' && (
        <ConfirmDialog
          title="Send the invitation again"
          message={`The join link goes again to the invited students among these ${students}. Students who joined, withdrawn invitations and addresses invited in the last 10 minutes are skipped.`}
          confirmLabel="Send the invitations"
          onConfirm={() => resend.mutateAsync(choice.chosen)}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
