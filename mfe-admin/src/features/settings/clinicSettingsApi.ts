import { closedWeekdays, openDayRows, schedulingErrorMessage, type CampusCareClient, type ClinicSettings, type WeeklyHours } from '@campuscare/shared';

export const CLINIC_FORBIDDEN = "Only a super admin can change the clinic's settings";

export interface BookingRules {
  /** IANA zone name. */
  readonly timezone: string;
  readonly slotMinutes: number;
  readonly minNoticeMinutes: number;
  readonly studentChangeCutoffMinutes: number;
}

export async function saveBookingRules(client: CampusCareClient, input: { readonly universityId: string; readonly rules: BookingRules }): Promise<ClinicSettings> {
  const { data, error } = await client
    .from('clinic_settings')
    .update({
      timezone: input.rules.timezone,
      slot_minutes: input.rules.slotMinutes,
      min_notice_minutes: input.rules.minNoticeMinutes,
      student_change_cutoff_minutes: input.rules.studentChangeCutoffMinutes,
    })
    .eq('university_id', input.universityId)
    .select('*')
    .maybeSingle();
  if (error) throw new Error(schedulingErrorMessage(error, CLINIC_FORBIDDEN));
  // Row-level security lets only super admins update: for anyone else the update matches no row.
  if (!data) throw new Error(CLINIC_FORBIDDEN);
  return data;
}

/** Replaces the opening hours with `week`'s: open days written in one request (all or nothing), closed days removed after. */
export async function saveClinicHours(client: CampusCareClient, input: { readonly universityId: string; readonly week: WeeklyHours }): Promise<void> {
  const rows = openDayRows(input.week);
  if (rows.length > 0) {
    const { error } = await client
      .from('clinic_hours')
      .upsert(
        rows.map((row) => ({ university_id: input.universityId, ...row })),
        { onConflict: 'university_id,weekday' },
      );
    if (error) throw new Error(schedulingErrorMessage(error, CLINIC_FORBIDDEN));
  }
  const closed = closedWeekdays(input.week);
  if (closed.length === 0) return;
  const { error } = await client.from('clinic_hours').delete().eq('university_id', input.universityId).in('weekday', closed);
  if (error) throw new Error(schedulingErrorMessage(error, CLINIC_FORBIDDEN));
}

export interface NewClosure {
  readonly universityId: string;
  /** 'YYYY-MM-DD', inclusive. */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly reason: string;
}

export async function addClosure(client: CampusCareClient, closure: NewClosure): Promise<void> {
  const { error } = await client
    .from('clinic_closures')
    .insert({ university_id: closure.universityId, starts_on: closure.firstDay, ends_on: closure.lastDay, reason: closure.reason.trim() });
  if (error) throw new Error(schedulingErrorMessage(error, CLINIC_FORBIDDEN));
}

export async function removeClosure(client: CampusCareClient, closureId: string): Promise<void> {
  const { data, error } = await client.from('clinic_closures').delete().eq('id', closureId).select('id');
  if (error) throw new Error(schedulingErrorMessage(error, CLINIC_FORBIDDEN));
  if (!data || data.length === 0) throw new Error('That closure was already removed, or you cannot change it');
}
