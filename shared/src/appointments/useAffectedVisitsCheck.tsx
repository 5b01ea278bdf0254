import { useEffect, useRef, useState } from 'react';
import { Button, Modal, queryClient, QueryView, usePagedQuery } from '@campuscare/shared';
import type { VisitsChange } from '@campuscare/shared/scheduling';
import { VISITS_AFFECTED_PAGE_SIZE, visitsAffectedPageQuery } from './visitsNeedingActionQueries';
import { useVisitFixes, VisitsNeedingActionList } from './VisitsNeedingActionList';
import { WithClinic } from './WithClinic';
import styles from './appointments.module.css';

/** What staff decided about a change: nothing was affected, they chose to save it anyway, or they went back. */
export type AffectedVisitsAnswer = 'none affected' | 'save anyway' | 'go back';

function affectsTitle(count: number): string {
  return `This change affects ${count} booked ${count === 1 ? 'visit' : 'visits'}`;
}

/** What becomes of a visit left as it is, whatever the change: it waits on the admins' dashboard until resolved. */
const LEFT_AS_IT_IS = 'Visits left as they are wait for the clinic’s administrators under “Visits that need a doctor”.';

interface AffectedVisitsDialogProps {
  readonly change: VisitsChange;
  readonly proceedLabel: string;
  readonly onAnswer: (answer: AffectedVisitsAnswer) => void;
}

const LIST_LABEL = 'Affected visits';

/**
 * The visits a change would leave, a page at a time, each resolvable here; the list reads itself again after every
 * fix.
 */
function AffectedVisitsDialog({ change, proceedLabel, onAnswer }: AffectedVisitsDialogProps) {
  const { page, setPage, query: visits } = usePagedQuery((page) => visitsAffectedPageQuery(change, page));
  const fixes = useVisitFixes();
  // A fix opens its own dialog in place of this one, which comes back with the list read again, on the same page.
  if (fixes.opened) return fixes.dialog;
  const count = visits.data?.total;
  const title = count === undefined || count === 0 ? 'Booked visits this change affects' : affectsTitle(count);
  return (
    <Modal title={title} open onClose={() => onAnswer('go back')}>
      <div className={styles.form}>
        <WithClinic loadingLabel="Loading the visits…">
          {(clinic) => (
            <QueryView query={visits} loadingLabel="Loading the visits…">
              {({ rows, total }) =>
                total === 0 ? (
                  <p className={styles.summary}>No booked visit is affected any more.</p>
                ) : (
                  <>
                    <p className={styles.summary}>
                      Give each visit another doctor or a new time, or cancel it with a reason: each student is emailed
                      the change. {LEFT_AS_IT_IS}
                    </p>
                    <VisitsNeedingActionList
                      label={LIST_LABEL}
                      visits={rows}
                      zone={clinic.settings.timezone}
                      onFix={fixes.open}
                      pages={{ page, pageSize: VISITS_AFFECTED_PAGE_SIZE, total, onPageChange: setPage }}
                    />
                  </>
                )
              }
            </QueryView>
          )}
        </WithClinic>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => onAnswer('go back')}>
            Go back
          </Button>
          <Button onClick={() => onAnswer('save anyway')}>
            {count === 0 ? proceedLabel : `${proceedLabel} anyway`}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * Asks before a change that can leave booked visits without a doctor is saved. `check(change)` reads the visits it
 * affects (a refusal rejects, for the form to show): none, and it answers at once; otherwise `dialog` lists them with
 * their fixes until staff save anyway or go back. Render `dialog` once.
 */
export function useAffectedVisitsCheck(proceedLabel: string) {
  const [pending, setPending] = useState<VisitsChange | null>(null);
  const answerRef = useRef<((answer: AffectedVisitsAnswer) => void) | null>(null);

  // A screen that goes away with the question open has gone back.
  useEffect(
    () => () => {
      answerRef.current?.('go back');
      answerRef.current = null;
    },
    [],
  );

  const check = async (change: VisitsChange): Promise<AffectedVisitsAnswer> => {
    // Seeds the dialog's first page: the list shows at once, and reads itself again after each fix.
    const affected = await queryClient.fetchQuery({ ...visitsAffectedPageQuery(change, 1), staleTime: 0 });
    if (affected.total === 0) return 'none affected';
    return new Promise<AffectedVisitsAnswer>((resolve) => {
      answerRef.current = resolve;
      setPending(change);
    });
  };

  const answer = (given: AffectedVisitsAnswer) => {
    answerRef.current?.(given);
    answerRef.current = null;
    setPending(null);
  };

  /** For a form: whether to go on and save. */
  const confirm = async (change: VisitsChange): Promise<boolean> => (await check(change)) !== 'go back';

  const dialog = pending && <AffectedVisitsDialog change={pending} proceedLabel={proceedLabel} onAnswer={answer} />;
  return { check, confirm, dialog };
}
