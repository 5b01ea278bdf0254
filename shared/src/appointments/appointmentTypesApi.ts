import {
  APPOINTMENT_REASON_MAX_LENGTH,
  type CampusCareClient,
  characterCount,
  type Form,
  isSingleLine,
  OTHER_REASON,
  type Tables,
  unwrap,
} from '@campuscare/shared';
import type { ProviderSummary } from './appointmentsApi';

/** One of the clinic's types of visit: what it is for, how long it lasts, who offers it, whether students book it. */
export type AppointmentType = Tables<'appointment_types'> & {
  /** The doctors who offer it; empty when every doctor does. */
  readonly doctorIds: readonly string[];
};

export const REASON_DETAILS_MESSAGES = {
  missing: 'Say what the visit is about',
} as const;

/** "Other" asks what the visit is about; every other type may be booked by its name alone. */
export function isOtherType(type: Pick<AppointmentType, 'name'>): boolean {
  return type.name.toLowerCase() === OTHER_REASON.toLowerCase();
}

/** The university's types by name, "Other" last (RLS: every member of the university reads them). */
export async function listAppointmentTypes(client: CampusCareClient): Promise<readonly AppointmentType[]> {
  const rows = unwrap(
    await client.from('appointment_types').select('*, appointment_type_doctors(doctor_id)').order('name').order('id'),
  );
  return rows
    .map(({ appointment_type_doctors: offeredBy, ...type }) => ({
      ...type,
      doctorIds: offeredBy.map((offer) => offer.doctor_id),
    }))
    .sort((a, b) => Number(isOtherType(a)) - Number(isOtherType(b)));
}

/** "Vaccination · 15 min": a type as pickers offer it. */
export function typeLabel(type: Pick<AppointmentType, 'name' | 'duration_minutes'>): string {
  return `${type.name} · ${type.duration_minutes} min`;
}

/** Whether the doctor offers the type (a type no doctor is named for is offered by all). */
export function offersType(type: Pick<AppointmentType, 'doctorIds'>, doctorId: string): boolean {
  return type.doctorIds.length === 0 || type.doctorIds.includes(doctorId);
}

/** The doctors of `doctors` who offer the type; all of them when no type is chosen. */
export function doctorsOffering<Doctor extends ProviderSummary>(
  type: Pick<AppointmentType, 'doctorIds'> | undefined,
  doctors: readonly Doctor[],
): readonly Doctor[] {
  return type ? doctors.filter((doctor) => offersType(type, doctor.id)) : doctors;
}

/** The field for the words about a visit: asked for "Other", optional for every other type. */
export function detailsLabel(type: Pick<AppointmentType, 'name'> | undefined): string {
  return type && isOtherType(type) ? 'What is the visit about?' : 'Details (optional)';
}

/**
 * How many characters of details fit after the type's name and ": " in a reason of 200: private.typed_reason stores
 * the reason as the type's name, or "<name>: <the words given>".
 */
export function detailsMaxLength(type: Pick<AppointmentType, 'name'>): number {
  return APPOINTMENT_REASON_MAX_LENGTH - 2 - characterCount(type.name);
}

/** What is wrong with the words given about a visit of this type, as private.typed_reason would refuse them. */
export function detailsError(
  type: Pick<AppointmentType, 'name'>,
  details: string,
  { required }: { readonly required: boolean },
): string | undefined {
  const words = details.trim();
  if (words === '') return required ? REASON_DETAILS_MESSAGES.missing : undefined;
  const max = detailsMaxLength(type);
  return isSingleLine(words) && characterCount(words) <= max
    ? undefined
    : `Describe the reason on one line in at most ${max} characters`;
}

/** The part of a booking form a type of visit decides: the doctors offered and the times, and the words asked for. */
interface TypeChoice {
  readonly typeId: string;
  /** '' for the first available doctor. */
  readonly providerId: string;
  readonly startsAt: string;
  readonly details: string;
}

/**
 * Takes a new type in a booking form: a doctor chosen who does not offer it is let go of, and so is the time chosen,
 * which was free for another length; what the words about the visit were told no longer holds.
 */
export function chooseAppointmentType<Values extends TypeChoice>(
  form: Pick<Form<Values>, 'setValues' | 'setErrors'>,
  types: readonly AppointmentType[],
  typeId: string,
) {
  const next = types.find((type) => type.id === typeId);
  form.setValues((current) => ({
    ...current,
    typeId,
    startsAt: '',
    providerId: next && current.providerId !== '' && !offersType(next, current.providerId) ? '' : current.providerId,
  }));
  form.setErrors((current) => ({ ...current, typeId: undefined, details: undefined }));
}
