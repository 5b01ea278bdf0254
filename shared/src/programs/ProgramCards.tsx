import { useState } from 'react';
import { Button, type Program, type RowAction, RowActionMenu, VisuallyHidden } from '@campuscare/shared';
import { ProgramDetailsDialog } from './ProgramDetailsDialog';
import { programExcerpt, programWhen } from './programFormat';
import styles from './programs.module.css';

interface ProgramCardsProps {
  readonly programs: readonly Program[];
  /** The list's accessible name. */
  readonly label?: string;
  /** Per-card menu (e.g. Edit, Delete); no menu when absent or empty. */
  readonly actionsFor?: (program: Program) => readonly RowAction[];
}

/** Program cards; each opens the program's details. */
export function ProgramCards({ programs, label = 'Programs', actionsFor }: ProgramCardsProps) {
  const [shown, setShown] = useState<Program | null>(null);
  return (
    <>
      <ul className={styles.cards} aria-label={label}>
        {programs.map((program) => {
          const actions = actionsFor?.(program) ?? [];
          return (
            <li key={program.id} className={styles.card}>
              <article aria-label={program.title} className={styles.cardBody}>
                <div className={styles.cardHeader}>
                  <p className={styles.date}>{programWhen(program)}</p>
                  {actions.length > 0 && <RowActionMenu label={`Actions for ${program.title}`} actions={actions} />}
                </div>
                <h3 className={styles.title}>{program.title}</h3>
                <p className={styles.excerpt}>{programExcerpt(program.description)}</p>
                {program.organiser && <p className={styles.organiser}>Organised by {program.organiser}</p>}
                <Button
                  variant="secondary"
                  className={styles.detailsButton}
                  aria-label={`View details of ${program.title}`}
                  onClick={() => setShown(program)}
                >
                  View details
                </Button>
              </article>
            </li>
          );
        })}
      </ul>
      {shown && <ProgramDetailsDialog program={shown} onClose={() => setShown(null)} />}
    </>
  );
}

/**
 * Stands in for `count` cards while they load: the same grid, cards of a card's usual height, so the sections below
 * stay where they will be (on a phone three cards are most of the screen).
 */
export function ProgramCardsPlaceholder({ count, label }: { readonly count: number; readonly label: string }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <ul className={styles.cards} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className={`${styles.card} ${styles.placeholderCard}`} />
        ))}
      </ul>
    </div>
  );
}
