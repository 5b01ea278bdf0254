import { type Appointment, type AppointmentStatus, type CampusCareClient, unwrap } from '@campuscare/shared';
import { addDays, dayInZone, formatCount, momentInZone } from '@campuscare/shared/scheduling';
import type { ProviderSummary } from './appointmentsApi';

/** What the front desk does with a visit of the day: the student came, did not come, or was checked in by mistake. */
export type FrontDeskStep = 'checkIn' | 'noShow' | 'undoCheckIn';

export const FRONT_DESK_LABEL: Readonly<Record<FrontDeskStep, string>> = {
  checkIn: 'Check in',
  noShow: 'No-show',
  undoCheckIn: 'Undo check-in',
};

/** The status each step gives the visit (update_appointment enforces when it may). */
export const FRONT_DESK_STATUS = {
  checkIn: 'arrived',
  noShow: 'no_show',
  undoCheckIn: 'scheduled',
} as const satisfies Readonly<Record<FrontDeskStep, AppointmentStatus>>;

/** Said once a step is saved, by the status it gave. */
export const FRONT_DESK_DONE: Readonly<Partial<Record<AppointmentStatus, string>>> = {
  arrived: 'Checked in',
  no_show: 'Marked as a no-show',
  scheduled: 'Check-in undone',
};

/**
 * The steps a visit allows now, as the database decides them: a check-in on the visit's day on the clinic's calendar
 * (also of a student marked as a no-show who came late after all), a no-show once the start has passed, and a
 * check-in undone while the student waits.
 */
export function frontDeskSteps(
  appointment: Pick<Appointment, 'status' | 'date'>,
  zone: string,
  now: Date,
): readonly FrontDeskStep[] {
  const today = dayInZone(appointment.date, zone) === dayInZone(now, zone);
  const started = Date.parse(appointment.date) <= now.getTime();
  const steps: FrontDeskStep[] = [];
  if ((appointment.status === 'scheduled' || appointment.status === 'no_show') && today) steps.push('checkIn');
  if (appointment.status === 'scheduled' && started) steps.push('noShow');
  if (appointment.status === 'arrived') steps.push('undoCheckIn');
  return steps;
}

/** A visit of the waiting list: checked in today, not started yet. */
export type WaitingVisit = Pick<
  Appointment,
  'id' | 'student_id' | 'provider_id' | 'date' | 'duration_minutes' | 'name' | 'reg' | 'reason' | 'arrived_at'
> & {
  readonly provider: ProviderSummary | null;
};

const WAITING_COLUMNS =
  'id, student_id, provider_id, date, duration_minutes, name, reg, reason, arrived_at, provider:members!appointments_provider_id_fkey(id, title, first_name, last_name)';

interface WaitingQuery {
  /** The clinic's time zone: "today" is the clinic's. */
  readonly zone: string;
  readonly now: Date;
  /** Only this doctor's visits; the whole clinic's when absent. */
  readonly providerId?: string | null;
}

/** Today's checked-in visits in the order the students arrived (the database stamps `arrived_at` at the check-in). */
export async function listWaiting(
  client: CampusCareClient,
  { zone, now, providerId }: WaitingQuery,
): Promise<readonly WaitingVisit[]> {
  const today = dayInZone(now, zone);
  let request = client
    .from('appointments')
    .select(WAITING_COLUMNS)
    .eq('status', 'arrived')
    .gte('date', momentInZone(today, '00:00', zone))
    .lt('date', momentInZone(addDays(today, 1), '00:00', zone));
  if (providerId) request = request.eq('provider_id', providerId);
  return unwrap(await request.order('arrived_at').order('id'));
}

/** "Arrived just now", "Waiting 12 min", "Waiting 1 h 5 min". */
export function waitingText(arrivedAt: string | null, now: Date): string {
  const minutes = arrivedAt === null ? 0 : Math.max(0, Math.floor((now.getTime() - Date.parse(arrivedAt)) / 60_000));
  if (minutes < 1) return 'Arrived just now';
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `Waiting ${hours} h` : `Waiting ${hours} h ${minutes % 60} min`;
}

interface NoShowRow {
  readonly id: string;
  readonly no_show_count: number;
}

function isNoShowRow(row: unknown): row is NoShowRow {
  return (
    typeof row === 'object' &&
    row !== null &&
    'id' in row &&
    typeof row.id === 'string' &&
    'no_show_count' in row &&
    typeof row.no_show_count === 'number'
  );
}

/**
 * How many visits each of these students missed, by member id: `members.no_show_count`, a computed column the database
 * works out as the caller (row security decides whose visits count). The generated types know no computed columns,
 * so the rows are checked as they come.
 */
export async function listNoShowCounts(
  client: CampusCareClient,
  memberIds: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  const rows =
    unwrap<readonly unknown[] | null>(
      await client
        .from('members')
        .select('id, no_show_count')
        .in('id', [...memberIds]),
    ) ?? [];
  return new Map(rows.filter(isNoShowRow).map((row) => [row.id, row.no_show_count]));
}

/** "No missed visits", "1 no-show", "3 no-shows": a student's visits marked as not attended, as staff read it. */
export function noShowText(count: number): string {
  if (count === 0) return 'No missed visits';
  return `${formatCount(count)} ${count === 1 ? 'no-show' : 'no-shows'}`;
}

/** Staff booking for a student, at one of the free times `available_slots` offers for the type. */
export interface StudentBooking {
  readonly studentId: string;
  /** ISO start of one of the free times offered. */
  readonly startsAt: string;
  readonly appointmentTypeId: string;
  /** The doctor chosen; absent for the first available who offers the type. */
  readonly providerId?: string;
  /** A few words about the visit, stored after the type's name. */
  readonly details?: string;
}

/** Books through `book_for_student`, which takes free times only and emails the student the usual confirmation. */
export async function bookForStudent(client: CampusCareClient, booking: StudentBooking): Promise<Appointment> {
  const details = booking.details?.trim() ?? '';
  return unwrap(
    await client.rpc('book_for_student', {
      student_id: booking.studentId,
      date: booking.startsAt,
      appointment_type_id: booking.appointmentTypeId,
      ...(booking.providerId ? { provider_id: booking.providerId } : {}),
      ...(details === '' ? {} : { details }),
    }),
  );
}
