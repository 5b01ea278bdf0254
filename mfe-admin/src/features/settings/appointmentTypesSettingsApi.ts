import { ApiError, type CampusCareClient, type TablesInsert, unwrap } from '@campuscare/shared';

/** The columns a super admin chooses; the university, ids and timestamps are the database's. */
export type AppointmentTypeFields = Pick<
  TablesInsert<'appointment_types'>,
  'name' | 'duration_minutes' | 'self_bookable'
>;

export interface AppointmentTypeSave {
  /** The type changed; null adds one. */
  readonly id: string | null;
  readonly fields: AppointmentTypeFields;
  /** The doctors who offer it from now on; empty for every doctor. */
  readonly doctorIds: readonly string[];
  /** Those who offered it before. */
  readonly previousDoctorIds: readonly string[];
}

const NOT_ALLOWED = 'Only a super admin can change the types of visit';

/**
 * Saves the type, then who offers it: the doctors added first, those left out after, so that in between the type is
 * offered by more doctors than chosen, never by none. Row-level security lets super admins only.
 */
export async function saveAppointmentType(client: CampusCareClient, save: AppointmentTypeSave): Promise<void> {
  const saved = save.id
    ? unwrap<{ id: string } | null>(
        await client.from('appointment_types').update(save.fields).eq('id', save.id).select('id').maybeSingle(),
      )
    : unwrap<{ id: string }>(await client.from('appointment_types').insert(save.fields).select('id').single());
  // An update nobody may make matches no row.
  if (!saved) throw new ApiError(NOT_ALLOWED, { code: '42501' });
  const added = save.doctorIds.filter((id) => !save.previousDoctorIds.includes(id));
  const removed = save.previousDoctorIds.filter((id) => !save.doctorIds.includes(id));
  if (added.length > 0)
    unwrap(
      await client
        .from('appointment_type_doctors')
        .insert(added.map((doctorId) => ({ appointment_type_id: saved.id, doctor_id: doctorId }))),
    );
  if (removed.length > 0)
    unwrap(
      await client
        .from('appointment_type_doctors')
        .delete()
        .eq('appointment_type_id', saved.id)
        .in('doctor_id', removed),
    );
}

/** Visits already booked keep their reason and length: the database only forgets which type they were. */
export async function deleteAppointmentType(client: CampusCareClient, id: string): Promise<void> {
  const removed = unwrap(await client.from('appointment_types').delete().eq('id', id).select('id'));
  if (removed.length === 0) throw new ApiError('That type of visit was already deleted, or you cannot change it');
}
