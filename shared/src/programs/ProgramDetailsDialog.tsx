import { Modal, type Program } from '@campuscare/shared';
import { isPastProgram } from './programsApi';
import { programWhen } from './programFormat';
import styles from './programs.module.css';

const NOT_GIVEN = 'Not given';

interface ProgramDetailsDialogProps {
  readonly program: Program;
  readonly onClose: () => void;
}

/** Everything stored about a program — what the cards leave out (place, type, audience, activities) included. */
export function ProgramDetailsDialog({ program, onClose }: ProgramDetailsDialogProps) {
  const details: ReadonlyArray<readonly [string, string | null]> = [
    ['When', programWhen(program)],
    ['Location', program.location],
    ['Type', program.program_type],
    ['Audience', program.target_audience],
    ['Activities', program.activities],
    ['Organiser', program.organiser],
  ];
  return (
    <Modal title={program.title} open onClose={onClose}>
      {isPastProgram(program) && <p className={styles.pastNote}>This program has taken place.</p>}
      {program.description.trim() !== '' && <p className={styles.description}>{program.description}</p>}
      <dl className={styles.details}>
        {details.map(([term, value]) => (
          <div key={term} className={styles.detail}>
            <dt>{term}</dt>
            <dd>{value?.trim() ? value : NOT_GIVEN}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
