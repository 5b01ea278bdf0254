import { useId } from 'react';
import { QueryView, SearchBox, useApiQuery, useSearchTerm } from '@campuscare/shared';
import { type StudentChoice, studentLine } from './studentSearchApi';
import { activeStudentsQuery } from './studentSearchQueries';
import styles from './appointments.module.css';

interface StudentSearchProps {
  readonly chosen: StudentChoice | null;
  readonly error?: string;
  readonly onChoose: (student: StudentChoice) => void;
}

/**
 * Finds an active student by name or registration number; one of them is chosen with the radio buttons. Kept outside
 * the form it serves: Enter in the search searches, it does not send the form.
 */
export function StudentSearch({ chosen, error, onChoose }: StudentSearchProps) {
  const errorId = useId();
  const groupName = useId();
  const { search, setSearch, appliedSearch } = useSearchTerm();
  const term = appliedSearch.trim();
  const found = useApiQuery(activeStudentsQuery(term), { enabled: term !== '' });
  return (
    <div className={styles.studentSearch}>
      <SearchBox
        label="Find the student"
        value={search}
        onChange={setSearch}
        placeholder="Name or registration number"
      />
      {term === '' ? (
        <p className={styles.summary}>Type a name or a registration number.</p>
      ) : (
        <QueryView query={found} loadingLabel="Looking for students…">
          {(students) =>
            students.length === 0 ? (
              <p role="status" className={styles.summary}>
                No active student matches “{term}”.
              </p>
            ) : (
              <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
                <legend className={styles.legend}>Students found</legend>
                {students.map((student) => (
                  <label key={student.id} className={styles.choice}>
                    <input
                      type="radio"
                      name={groupName}
                      value={student.id}
                      checked={chosen?.id === student.id}
                      onChange={() => onChoose(student)}
                    />
                    <span>{studentLine(student)}</span>
                  </label>
                ))}
              </fieldset>
            )
          }
        </QueryView>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
