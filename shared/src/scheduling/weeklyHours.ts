/**
 * A week of opening (or working) hours as a form edits it: all seven days, Monday first, each open or not with its
 * from/until times. The database stores only the open days, one row per ISO weekday (clinic_hours, doctor_hours).
 */

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface DayHours {
  /** 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
  readonly open: boolean;
  /** 'HH:MM', kept while the day is closed so that reopening it restores the times. */
  readonly opensAt: string;
  readonly closesAt: string;
}

export type WeeklyHours = readonly DayHours[];

/** A stored row of either table: times come back as 'HH:MM:SS'. */
export interface HoursRow {
  readonly weekday: number;
  readonly opens_at: string;
  readonly closes_at: string;
}

/** Per weekday, what is wrong with that day's hours. */
export type WeeklyHoursErrors = Readonly<Partial<Record<number, string>>>;

const DEFAULT_DAY = { opensAt: '09:00', closesAt: '17:00' } as const;

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? `Day ${weekday}`;
}

function hoursAndMinutes(time: string): string {
  return time.slice(0, 5);
}

/** The form's week from stored rows; days without a row are closed and start from `template`'s times when opened. */
export function weeklyHoursFrom(rows: readonly HoursRow[], template: readonly HoursRow[] = []): WeeklyHours {
  return WEEKDAY_NAMES.map((_name, index) => {
    const weekday = index + 1;
    const row = rows.find((candidate) => candidate.weekday === weekday);
    const fallback = template.find((candidate) => candidate.weekday === weekday);
    const source = row ?? fallback;
    return {
      weekday,
      open: row !== undefined,
      opensAt: source ? hoursAndMinutes(source.opens_at) : DEFAULT_DAY.opensAt,
      closesAt: source ? hoursAndMinutes(source.closes_at) : DEFAULT_DAY.closesAt,
    };
  });
}

/** The rows to store: the open days only. */
export function openDayRows(week: WeeklyHours): HoursRow[] {
  return week
    .filter((day) => day.open)
    .map((day) => ({ weekday: day.weekday, opens_at: day.opensAt, closes_at: day.closesAt }));
}

/** The weekdays whose stored row must go. */
export function closedWeekdays(week: WeeklyHours): number[] {
  return week.filter((day) => !day.open).map((day) => day.weekday);
}

export function formatHours(row: Pick<HoursRow, 'opens_at' | 'closes_at'>): string {
  return `${hoursAndMinutes(row.opens_at)}–${hoursAndMinutes(row.closes_at)}`;
}

/**
 * What the database would refuse, said per day before anything is sent: a day ending before it starts and, when
 * `within` is given (a doctor's hours inside the clinic's), a day outside those hours or on a day the clinic is shut.
 */
export function weeklyHoursErrors(week: WeeklyHours, within?: readonly HoursRow[]): WeeklyHoursErrors {
  const errors: Record<number, string> = {};
  for (const day of week) {
    if (!day.open) continue;
    if (day.opensAt === '' || day.closesAt === '') {
      errors[day.weekday] = 'Enter both times';
    } else if (day.opensAt >= day.closesAt) {
      errors[day.weekday] = 'The end time must be after the start time';
    } else if (within) {
      const limit = within.find((row) => row.weekday === day.weekday);
      if (!limit) errors[day.weekday] = 'The clinic is closed on that day';
      else if (day.opensAt < hoursAndMinutes(limit.opens_at) || day.closesAt > hoursAndMinutes(limit.closes_at)) {
        errors[day.weekday] = `Hours must be within the clinic's: ${formatHours(limit)}`;
      }
    }
  }
  return errors;
}
