import { useId } from 'react';
import {
  formatHours,
  weekdayName,
  type DayHours,
  type HoursRow,
  type WeeklyHours,
  type WeeklyHoursErrors,
} from './weeklyHours';
import styles from './scheduling.module.css';

interface WeeklyHoursEditorProps {
  readonly legend: string;
  /** What a day being on means, e.g. "Open" (the clinic) or "Working" (a doctor); names each day's switch: "Open on Monday". */
  readonly dayOnLabel: string;
  readonly value: WeeklyHours;
  readonly onChange: (week: WeeklyHours) => void;
  readonly errors?: WeeklyHoursErrors;
  readonly readOnly?: boolean;
  /** The clinic's hours, shown beside a doctor's; a day the clinic is shut cannot be switched on. */
  readonly clinicHours?: readonly HoursRow[];
}

/** Seven rows, Monday first: each day on or off, with its from/until times (the clinic's wall clock). */
export function WeeklyHoursEditor({
  legend,
  dayOnLabel,
  value,
  onChange,
  errors = {},
  readOnly = false,
  clinicHours,
}: WeeklyHoursEditorProps) {
  const id = useId();
  const change = (weekday: number, patch: Partial<DayHours>) =>
    onChange(value.map((day) => (day.weekday === weekday ? { ...day, ...patch } : day)));

  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>{legend}</legend>
      <table className={styles.week}>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{dayOnLabel}</th>
            <th scope="col">From</th>
            <th scope="col">Until</th>
          </tr>
        </thead>
        <tbody>
          {value.map((day) => {
            const name = weekdayName(day.weekday);
            const clinicDay = clinicHours?.find((row) => row.weekday === day.weekday);
            const clinicShut = clinicHours !== undefined && clinicDay === undefined;
            const error = errors[day.weekday];
            const errorId = `${id}-day-${day.weekday}-error`;
            const timeProps = {
              className: styles.timeInput,
              type: 'time',
              step: 60,
              disabled: !day.open,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': error ? errorId : undefined,
            } as const;
            return (
              <tr key={day.weekday}>
                <th scope="row" className={styles.dayCell}>
                  {name}
                  {/* The clinic's hours sit under the day, not in a column of their own, so the table fits a dialog. */}
                  {clinicHours && (
                    <span className={styles.clinicDay}>
                      {clinicDay ? `Clinic ${formatHours(clinicDay)}` : 'Clinic closed'}
                    </span>
                  )}
                </th>
                <td className={styles.dayOnCell}>
                  <input
                    type="checkbox"
                    className={styles.dayOn}
                    aria-label={`${dayOnLabel} on ${name}`}
                    checked={day.open}
                    // A day switched on while the clinic was open stays switchable off after the clinic closed it.
                    disabled={clinicShut && !day.open}
                    onChange={(event) => change(day.weekday, { open: event.target.checked })}
                  />
                </td>
                <td className={styles.timeCell} data-label="From">
                  <input
                    {...timeProps}
                    aria-label={`${name} from`}
                    value={day.opensAt}
                    onChange={(event) => change(day.weekday, { opensAt: event.target.value })}
                  />
                </td>
                <td className={styles.timeCell} data-label="Until">
                  <input
                    {...timeProps}
                    aria-label={`${name} until`}
                    value={day.closesAt}
                    onChange={(event) => change(day.weekday, { closesAt: event.target.value })}
                  />
                  {error && (
                    <p id={errorId} className={styles.dayError}>
                      {error}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
