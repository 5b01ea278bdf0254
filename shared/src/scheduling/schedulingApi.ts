import {
  ApiError,
  type CampusCareClient,
  type ClinicClosure,
  type ClinicHours,
  type ClinicSettings,
  unwrap,
} from '@campuscare/shared';

/**
 * One bookable start. Asked for one doctor, it names that doctor; asked for any doctor, each start comes once with no
 * doctor and the number of doctors free then ("first available": the database picks one when booking).
 */
export interface FreeSlot {
  readonly startsAt: string;
  readonly endsAt: string;
  readonly doctorId: string | null;
  readonly freeDoctors: number;
}

export interface Clinic {
  readonly settings: ClinicSettings;
  /** Opening hours by ISO weekday (1 = Monday); a weekday without an entry is closed. */
  readonly hours: readonly ClinicHours[];
  readonly closures: readonly ClinicClosure[];
}

/** The caller's university's clinic (RLS scopes every table to it). */
export async function loadClinic(client: CampusCareClient): Promise<Clinic> {
  const [settings, hours, closures] = await Promise.all([
    client.from('clinic_settings').select('*').maybeSingle(),
    client.from('clinic_hours').select('*').order('weekday'),
    client.from('clinic_closures').select('*').gte('ends_on', new Date().toISOString().slice(0, 10)).order('starts_on'),
  ]);
  const clinicSettings = unwrap(settings);
  if (!clinicSettings) throw new ApiError('Your clinic is not set up yet: ask your university’s administrator');
  return { settings: clinicSettings, hours: unwrap(hours), closures: unwrap(closures) };
}

export interface FreeSlotQuery {
  /** First and last day ('YYYY-MM-DD', in the clinic's time zone), at most 31 days apart. */
  readonly from: string;
  readonly to: string;
  /** One doctor's slots; all doctors' when absent. */
  readonly doctorId?: string | null;
  /** Times of this type's length with the doctors who offer it; one clinic slot with any doctor when absent. */
  readonly appointmentTypeId?: string | null;
}

/** The free slots the database computes for the caller: the only times a student can book. */
export async function listFreeSlots(client: CampusCareClient, query: FreeSlotQuery): Promise<readonly FreeSlot[]> {
  const slots = unwrap(
    await client.rpc('available_slots', {
      from_date: query.from,
      to_date: query.to,
      ...(query.doctorId ? { doctor_id: query.doctorId } : {}),
      ...(query.appointmentTypeId ? { appointment_type_id: query.appointmentTypeId } : {}),
    }),
  );
  return slots.map((row) => ({
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    doctorId: row.provider_id,
    freeDoctors: row.free_doctors,
  }));
}
