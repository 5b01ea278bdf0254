import type { CampusCareClient, ClinicClosure, DoctorTimeOff } from '@campuscare/shared';
import { type DoctorAvailability, loadDoctorAvailability } from './availabilityApi';
import { type Clinic, listFreeSlots } from './schedulingApi';
import { isoWeekday } from './wallClock';
import type { HoursRow } from './weeklyHours';
import { dayInZone, timeInZone } from './zonedTime';

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

/** The closure that shuts the clinic on `day` ('YYYY-MM-DD' on its calendar), if any. */
export function closureOn(clinic: Pick<Clinic, 'closures'>, day: string): ClinicClosure | undefined {
  return clinic.closures.find((closure) => closure.starts_on <= day && day <= closure.ends_on);
}

/**
 * The rule of `private.free_slots` a start breaks, first match wins: the one to tell staff about. A start that breaks
 * none of the rules the calendar shows is taken: the doctor has a visit then or, for no doctor in particular, every
 * doctor is booked, away or off then.
 */
export type SlotRule =
  | { readonly kind: 'past' }
  | { readonly kind: 'tooFarAhead' }
  | { readonly kind: 'closure'; readonly day: string; readonly reason: string }
  | { readonly kind: 'closedWeekday'; readonly weekday: number }
  | { readonly kind: 'outsideOpeningHours'; readonly hours: HoursRow }
  | { readonly kind: 'doctorOffWeekday'; readonly weekday: number }
  | { readonly kind: 'outsideDoctorHours'; readonly hours: HoursRow }
  | { readonly kind: 'offSlotGrid'; readonly firstStart: string; readonly slotMinutes: number }
  | { readonly kind: 'timeOff'; readonly reason: string | null }
  | { readonly kind: 'tooSoon'; readonly noticeMinutes: number }
  | { readonly kind: 'taken' }
  | { readonly kind: 'noDoctorFree' };

interface SlotRuleInput {
  readonly clinic: Clinic;
  readonly startsAt: string;
  /** The doctor's own hours and time off; null when the visit has no doctor (any doctor would do). */
  readonly doctor: DoctorAvailability | null;
  readonly now: Date;
}

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS'. */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a whole slot from `start` (minutes of the day) fits in the day's hours, as free_slots lays its slots out. */
function fits(hours: HoursRow, start: number, slotMinutes: number): boolean {
  return start >= minutesOf(hours.opens_at) && start + slotMinutes <= minutesOf(hours.closes_at);
}

function overlapsTimeOff(entry: DoctorTimeOff, start: number, end: number): boolean {
  return Date.parse(entry.starts_at) < end && start < Date.parse(entry.ends_at);
}

/**
 * Why a start is not one of the free slots, read from the same tables `private.free_slots` reads: the clinic's
 * closures and opening hours, the doctor's hours (the part of them within the clinic's) and time off, the slot grid
 * (every slot length from the day's opening), the notice, and a year ahead at most.
 */
export function brokenSlotRule({ clinic, startsAt, doctor, now }: SlotRuleInput): SlotRule {
  const { timezone: zone, slot_minutes: slotMinutes, min_notice_minutes: noticeMinutes } = clinic.settings;
  const start = Date.parse(startsAt);
  const aYearFromNow = new Date(now);
  aYearFromNow.setFullYear(aYearFromNow.getFullYear() + 1);
  if (start <= now.getTime()) return { kind: 'past' };
  if (start >= aYearFromNow.getTime()) return { kind: 'tooFarAhead' };

  const day = dayInZone(startsAt, zone);
  const weekday = isoWeekday(day);
  const minute = minutesOf(timeInZone(startsAt, zone));
  const closure = closureOn(clinic, day);
  if (closure) return { kind: 'closure', day, reason: closure.reason };
  const opening = clinic.hours.find((row) => row.weekday === weekday);
  if (!opening) return { kind: 'closedWeekday', weekday };
  if (!fits(opening, minute, slotMinutes)) return { kind: 'outsideOpeningHours', hours: opening };

  let working: HoursRow = opening;
  if (doctor && doctor.hours.length > 0) {
    const own = doctor.hours.find((row) => row.weekday === weekday);
    if (!own) return { kind: 'doctorOffWeekday', weekday };
    // Both are 'HH:MM:SS', so the later opening and the earlier closing compare as text.
    working = {
      weekday,
      opens_at: own.opens_at > opening.opens_at ? own.opens_at : opening.opens_at,
      closes_at: own.closes_at < opening.closes_at ? own.closes_at : opening.closes_at,
    };
    if (!fits(working, minute, slotMinutes)) return { kind: 'outsideDoctorHours', hours: working };
  }
  if ((minute - minutesOf(working.opens_at)) % slotMinutes !== 0)
    return { kind: 'offSlotGrid', firstStart: working.opens_at.slice(0, 5), slotMinutes };

  const timeOff = doctor?.timeOff.find((entry) => overlapsTimeOff(entry, start, start + slotMinutes * 60_000));
  if (timeOff) return { kind: 'timeOff', reason: timeOff.reason };
  if (start < now.getTime() + noticeMinutes * 60_000) return { kind: 'tooSoon', noticeMinutes };
  return doctor ? { kind: 'taken' } : { kind: 'noDoctorFree' };
}

interface SlotCheck {
  readonly clinic: Clinic;
  readonly startsAt: string;
  /** The doctor it would be with; any doctor of the clinic when null. */
  readonly doctorId: string | null;
  /**
   * The visit being moved, while its doctor stays: the database counts its current time as taken too, so a start
   * that overlaps it and breaks no other rule is let through (the database still refuses any real overlap).
   */
  readonly movedVisit?: { readonly startsAt: string; readonly durationMinutes: number };
}

/** Null when the start is one of the free slots (or only overlaps the visit being moved); otherwise the rule it breaks. */
export async function slotRuleBroken(client: CampusCareClient, check: SlotCheck): Promise<SlotRule | null> {
  const { clinic, startsAt, doctorId, movedVisit } = check;
  if (await isFreeSlot(client, { startsAt, doctorId, zone: clinic.settings.timezone })) return null;
  const doctor = doctorId ? await loadDoctorAvailability(client, doctorId) : null;
  const rule = brokenSlotRule({ clinic, startsAt, doctor, now: new Date() });
  if (rule.kind !== 'taken' || !movedVisit) return rule;
  const start = Date.parse(startsAt);
  const movedStart = Date.parse(movedVisit.startsAt);
  const overlapsItself =
    start < movedStart + movedVisit.durationMinutes * 60_000 &&
    movedStart < start + clinic.settings.slot_minutes * 60_000;
  return overlapsItself ? null : rule;
}
