import type { CampusCareClient } from '@campuscare/shared';
import { addDays, type FreeSlot, listFreeSlots } from '@campuscare/shared/scheduling';

/** How far past an empty day the picker looks for the next free time, in one request (the database allows 31 days). */
export const NEXT_FREE_SEARCH_DAYS = 14;

export interface FreeTimes {
  readonly slots: readonly FreeSlot[];
  /** The first free time after an empty day, within the search window. */
  readonly nextFree?: FreeSlot;
}

export interface FreeTimesRequest {
  readonly day: string;
  /** Whether the clinic is open that day: a closed day has no free times to ask for. */
  readonly open: boolean;
  /** The last bookable day: the next free time is not looked for past it. */
  readonly last: string;
  readonly doctorId: string | null;
  readonly appointmentTypeId: string | null;
}

/** The free times of `day`; for an empty day, also the next free time after it. */
export async function loadFreeTimes(
  client: CampusCareClient,
  { day, open, last, doctorId, appointmentTypeId }: FreeTimesRequest,
): Promise<FreeTimes> {
  const ofType = appointmentTypeId ? { appointmentTypeId } : {};
  const slots = open ? await listFreeSlots(client, { from: day, to: day, doctorId, ...ofType }) : [];
  if (slots.length > 0 || day === last) return { slots };
  const searchUntil = addDays(day, NEXT_FREE_SEARCH_DAYS) < last ? addDays(day, NEXT_FREE_SEARCH_DAYS) : last;
  const [nextFree] = await listFreeSlots(client, { from: addDays(day, 1), to: searchUntil, doctorId, ...ofType });
  return { slots, nextFree };
}
