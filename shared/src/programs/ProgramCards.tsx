import { Link } from 'react-router-dom';
import type { Program } from '../database.types';
import { buttonClassName } from '../ui/Button';
import { RowActionMenu, type RowAction } from '../ui/RowActionMenu';
import styles from './programs.module.css';

const EXCERPT_LENGTH = 140;

export function programExcerpt(description: string): string {
  const text = description.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** "Mon, 5 Jan 2026 · 10:00" — the date is a calendar day, so it is formatted without a time zone shift. */
export function programWhen(program: Pick<Program, 'date' | 'time'>): string {
  const [year, month, day] = program.date.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return program.time ? `${date} · ${program.time.slice(0, 5)}` : date;
}

export interface ProgramCardsProps {
  readonly programs: readonly Program[];
  /** Shows a "New program" link to this path. */
  readonly newProgramTo?: string;
  /** Per-card menu (e.g. Edit, Delete); no menu when absent or empty. */
  readonly actionsFor?: (program: Program) => readonly RowAction[];
}

export function ProgramCards({ programs, newProgramTo, actionsFor }: ProgramCardsProps) {
  return (
    <>
      {newProgramTo && (
        <div className={styles.toolbar}>
          <Link to={newProgramTo} className={buttonClassName()}>
            New program
          </Link>
        </div>
      )}
      <ul className={styles.cards} aria-label="Programs">
        {programs.map((program) => {
          const actions = actionsFor?.(program) ?? [];
          return (
            <li key={program.id} className={styles.card}>
              <article aria-label={program.title}>
                <div className={styles.cardHeader}>
                  <p className={styles.date}>{programWhen(program)}</p>
                  {actions.length > 0 && <RowActionMenu label={`Actions for ${program.title}`} actions={actions} />}
                </div>
                <h3 className={styles.title}>{program.title}</h3>
                <p className={styles.excerpt}>{programExcerpt(program.description)}</p>
                {program.organiser && <p className={styles.organiser}>Organised by {program.organiser}</p>}
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
