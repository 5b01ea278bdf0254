import { formatCount, formatDay } from '@campuscare/shared/scheduling';
import type { DayLoad } from './dashboardApi';
import styles from './dashboard.module.css';

/** Bars drawn with CSS; each bar's list item names its day and count for screen readers. */
export function AppointmentsChart({ days }: { readonly days: readonly DayLoad[] }) {
  const highest = Math.max(1, ...days.map((day) => day.count));
  return (
    <figure className={styles.chart}>
      <div className={styles.scroll}>
        <ul className={styles.bars} aria-label="Appointments per day">
          {days.map((day) => (
            <li
              key={day.day}
              className={styles.bar}
              aria-label={`${formatDay(day.day)}: ${formatCount(day.count)} ${day.count === 1 ? 'appointment' : 'appointments'}`}
            >
              <span className={styles.count} aria-hidden="true">
                {formatCount(day.count)}
              </span>
              <span className={styles.fill} style={{ height: `${(day.count / highest) * 100}%` }} aria-hidden="true" />
              <span className={styles.day} aria-hidden="true">
                {formatDay(day.day)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className={styles.caption}>
        Scheduled and ongoing appointments for the next {days.length} days
      </figcaption>
    </figure>
  );
}
