import { ApiError, type CampusCareClient, type ClinicSettings, unwrap } from '@campuscare/shared';
import { closedWeekdays, openDayRows, type WeeklyHours } from '@campuscare/shared/scheduling';

const CLINIC_FORBIDDEN = "Only a super admin can change the clinic's settings";

interface BookingRules {
  /** IANA zone name. */
  readonly timezone: string;
  readonly slotMinutes: number;
  readonly minNoticeMinutes: number;
  readonly studentChangeCutoffMinutes: number;
  /** How long after booking a student may still cancel inside the cutoff. */
  readonly bookingGraceMinutes: number;
  /** How many upcoming visits a student may hold, and book in one day of the clinic's calendar. */
  readonly studentUpcomingLimit: number;
  readonly studentDailyBookingLimit: number;
}

export async function saveBookingRules(
  client: CampusCareClient,
  input: { readonly universityId: string; readonly rules: BookingRules },
): Promise<ClinicSettings> {
  const saved = unwrap<ClinicSettings | null>(
    await client
      .from('clinic_settings')
      .update({
        timezone: input.rules.timezone,
        slot_minutes: input.rules.slotMinutes,
        min_notice_minutes: input.rules.minNoticeMinutes,
        student_change_cutoff_minutes: input.rules.studentChangeCutoffMinutes,
        booking_grace_minutes: input.rules.bookingGraceMinutes,
        student_upcoming_limit: input.rules.studentUpcomingLimit,
        student_daily_booking_limit: input.rules.studentDailyBookingLimit,
      })
      .eq('university_id', input.universityId)
      .select('*')
      .maybeSingle(),
  );
  // Row-level security lets only super admins update: for anyone else the update matches no row.
  if (!saved) throw new ApiError(CLINIC_FORBIDDEN, { code: '42501' });
  return saved;
}

interface ClinicContact {
  readonly phone: string | null;
  readonly email: string | null;
  readonly address: string | null;
}

export async function saveClinicContact(
  client: CampusCareClient,
  input: { readonly universityId: string; readonly contact: ClinicContact },
): Promise<ClinicSettings> {
  const saved = unwrap<ClinicSettings | null>(
    await client
      .from('clinic_settings')
      .update(input.contact)
      .eq('university_id', input.universityId)
      .select('*')
      .maybeSingle(),
  );
  if (!saved) throw new ApiError(CLINIC_FORBIDDEN, { code: '42501' });
  return saved;
}

/**
 * Replaces the opening hours with `week`'s: open days written in one request (all or nothing), closed days removed
 * after. The rows are the caller's university's: the database fills it in.
 */
export async function saveClinicHours(
  client: CampusCareClient,
  input: { readonly universityId: string; readonly week: WeeklyHours },
): Promise<void> {
  const rows = openDayRows(input.week);
  if (rows.length > 0) unwrap(await client.from('clinic_hours').upsert(rows, { onConflict: 'university_id,weekday' }));
  const closed = closedWeekdays(input.week);
  if (closed.length === 0) return;
  unwrap(await client.from('clinic_hours').delete().eq('university_id', input.universityId).in('weekday', closed));
}

/** A closure of the caller's university (the database fills it in). */
interface NewClosure {
  /** 'YYYY-MM-DD', inclusive. */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly reason: string;
}

export async function addClosure(client: CampusCareClient, closure: NewClosure): Promise<void> {
  unwrap(
    await client
      .from('clinic_closures')
      .insert({ starts_on: closure.firstDay, ends_on: closure.lastDay, reason: closure.reason.trim() }),
  );
}

export async function removeClosure(client: CampusCareClient, closureId: string): Promise<void> {
  const removed = unwrap(await client.from('clinic_closures').delete().eq('id', closureId).select('id'));
  if (removed.length === 0) throw new ApiError('That closure was already removed, or you cannot change it');
}

/** How long a doctor's or admin's session may go without activity; the database keeps it within 5–60 minutes. */
export async function saveStaffIdleMinutes(
  client: CampusCareClient,
  input: { readonly universityId: string; readonly minutes: number },
): Promise<ClinicSettings> {
  const saved = unwrap<ClinicSettings | null>(
    await client
      .from('clinic_settings')
      .update({ staff_idle_minutes: input.minutes })
      .eq('university_id', input.universityId)
      .select('*')
      .maybeSingle(),
  );
  if (!saved) throw new ApiError(CLINIC_FORBIDDEN, { code: '42501' });
  return saved;
}
