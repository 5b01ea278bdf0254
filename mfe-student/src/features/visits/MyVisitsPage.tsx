import { useState } from 'react';
import { EmptyState, Link, PageHeader, PATHS, QueryView, useApiQuery } from '@campuscare/shared';
import { formatDayOf, useClinic } from '@campuscare/shared/scheduling';
import { ExcuseLetterDialog, ExcuseLetterDocument, type LetterContext, letterTitle } from './ExcuseLetter';
import { usePrint } from './usePrint';
import { studentName } from './visitFormat';
import { myVisitsQuery } from './visitsQueries';
import { VisitSummary } from './VisitSummary';
import styles from './Visits.module.css';

function NoVisits() {
  return (
    <EmptyState title="No visit summaries yet">
      <p className={styles.emptyText}>
        After a visit, once your doctor has signed the visit note, its summary appears here: what was found, your plan,
        any medicines and any excuse letter. You can book a visit from your{' '}
        <Link to={PATHS.studentDashboard}>dashboard</Link>.
      </p>
    </EmptyState>
  );
}

/**
 * /studentvisits: the student's signed visits, newest first, each with its after-visit summary and the signed note
 * (open notes); drafts never appear. A summary or a letter prints on its own, without the sidebar.
 */
export function MyVisitsPage() {
  const visits = useApiQuery(myVisitsQuery());
  const clinic = useClinic();
  const { print, portal } = usePrint();
  const [openLetter, setOpenLetter] = useState<LetterContext | null>(null);

  return (
    <div className={styles.page}>
      <PageHeader title="My visits" />
      <p className={`${styles.intro} ${styles.noPrint}`}>
        The summary of each visit once your doctor has signed it, newest first: what was found, your plan, your
        medicines, any excuse letter, and the doctor’s note itself. Only you and the clinic’s doctors can read them.
      </p>
      <QueryView
        query={visits}
        loadingLabel="Loading your visits…"
        isEmpty={(data) => data.visits.length === 0}
        empty={<NoVisits />}
      >
        {(data) => (
          // Days and times are the clinic's: the summaries wait for its time zone.
          <QueryView query={clinic} loadingLabel="Loading your visits…">
            {({ settings: { timezone: zone } }) => (
              <div className={styles.visitList}>
                {data.visits.map((visit) => {
                  const printedFor = { student: studentName(data.student), university: data.university.name };
                  return (
                    <VisitSummary
                      key={visit.id}
                      visit={visit}
                      zone={zone}
                      onPrint={() =>
                        print(
                          `Visit summary – ${printedFor.student} – ${formatDayOf(visit.date, zone)}`,
                          <VisitSummary visit={visit} zone={zone} printedFor={printedFor} />,
                        )
                      }
                      onViewLetter={(letter) =>
                        setOpenLetter({
                          letter,
                          student: data.student,
                          universityName: data.university.name,
                          visitDate: visit.date,
                          zone,
                        })
                      }
                    />
                  );
                })}
              </div>
            )}
          </QueryView>
        )}
      </QueryView>
      <ExcuseLetterDialog
        context={openLetter}
        onClose={() => setOpenLetter(null)}
        onPrint={(context) => print(letterTitle(context), <ExcuseLetterDocument {...context} />)}
      />
      {portal}
    </div>
  );
}
