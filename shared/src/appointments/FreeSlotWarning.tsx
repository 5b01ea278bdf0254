import { Button } from '@campuscare/shared';
import styles from './appointments.module.css';

/** What staff are told when the time they chose is not one of the free slots the database offers. */
export function outsideFreeSlotsMessage(doctorName: string | null): string {
  return doctorName
    ? `Outside ${doctorName}'s hours or already taken — save anyway?`
    : "Outside the clinic's hours or no doctor is free then — save anyway?";
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
