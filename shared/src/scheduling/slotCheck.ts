import type { CampusCareClient } from '@campuscare/shared';
import { listFreeSlots } from './schedulingApi';
import { dayInZone } from './zonedTime';

interface SlotChoice {
  /** ISO moment the visit would start. */
  readonly startsAt: string;
  /** The doctor it would be with; any doctor of the clinic when null. */
  readonly doctorId: string | null;
  /** The clinic's time zone: free slots are asked for by the clinic's calendar day. */
  readonly zone: string;
}

/**
 * Whether a start is one of the free slots the database offers (within the clinic's and the doctor's hours, not on
 * a closure or time off, not taken, far enough ahead). Staff may still book elsewhere, after a warning.
 */
export async function isFreeSlot(client: CampusCareClient, choice: SlotChoice): Promise<boolean> {
  const day = dayInZone(choice.startsAt, choice.zone);
  const slots = await listFreeSlots(client, { from: day, to: day, doctorId: choice.doctorId });
  const wanted = new Date(choice.startsAt).getTime();
  return slots.some((slot) => new Date(slot.startsAt).getTime() === wanted);
}
