import { Button } from '@campuscare/shared';
import {
  describeMinutes,
  formatDay,
  formatHours,
  type HoursRow,
  type SlotRule,
  weekdayName,
} from '@campuscare/shared/scheduling';
import styles from './appointments.module.css';

/** "Monday 08:00–17:00". */
function describeHours(hours: HoursRow): string {
  return `${weekdayName(hours.weekday)} ${formatHours(hours)}`;
}

/** Which rule the time breaks, in words, for the doctor named (when the visit has one). */
function brokenRuleText(rule: SlotRule, doctorName: string | null): string {
  const doctor = doctorName ?? 'the doctor';
  const doctorFirst = doctorName ?? 'The doctor';
  switch (rule.kind) {
    case 'past':
      return 'That time has passed';
    case 'tooFarAhead':
      return 'That is more than a year ahead';
    case 'closure':
      return `The clinic is closed on ${formatDay(rule.day)} (${rule.reason})`;
    case 'closedWeekday':
      return `The clinic is closed on ${weekdayName(rule.weekday)}s`;
    case 'outsideOpeningHours':
      return `Outside the clinic's opening hours (${describeHours(rule.hours)})`;
    case 'doctorOffWeekday':
      return `${doctorFirst} does not work on ${weekdayName(rule.weekday)}s`;
    case 'outsideDoctorHours':
      return `Outside ${doctor}'s hours (${describeHours(rule.hours)})`;
    case 'offSlotGrid':
      return `Not the start of a slot: visits start every ${describeMinutes(rule.slotMinutes)} from ${rule.firstStart}`;
    case 'timeOff':
      return `${doctorFirst} is away then${rule.reason ? ` (${rule.reason})` : ''}`;
    case 'tooSoon':
      return `Sooner than the clinic's notice of ${describeMinutes(rule.noticeMinutes)}`;
    case 'taken':
      return `Already taken: ${doctor} has a visit then`;
    case 'noDoctorFree':
      return 'No doctor is free then: each is booked, away or off';
  }
}

/** What staff are told when the time they chose is not one of the free slots the database offers, and why. */
export function outsideFreeSlotsMessage(rule: SlotRule, doctorName: string | null): string {
  return `${brokenRuleText(rule, doctorName)} — save anyway?`;
}

interface FreeSlotWarningProps {
  readonly message: string;
  /** Saves the change as it is: staff may book outside the free slots, knowingly. */
  readonly onConfirm: () => void;
  readonly onDismiss: () => void;
}

/** Staff may schedule outside hours, but only after saying so: the save waits for "Save anyway". */
export function FreeSlotWarning({ message, onConfirm, onDismiss }: FreeSlotWarningProps) {
  return (
    <div role="alert" className={styles.warning}>
      <p className={styles.warningText}>{message}</p>
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onDismiss}>
          Choose another time
        </Button>
        <Button onClick={onConfirm}>Save anyway</Button>
      </div>
    </div>
  );
}
