import { COLUMN_RULES, columnError, type FieldErrors, parseWholeNumber } from '@campuscare/shared';
import { type AppointmentType, providerName, type ProviderSummary } from '@campuscare/shared/appointments';
import type { AppointmentTypeFields, AppointmentTypeSave } from './appointmentTypesSettingsApi';

/** Who offers a type: every doctor of the clinic (no doctor named in the database), or only those chosen. */
export type OfferedBy = 'all' | 'chosen';

/** The type form as typed: the length as text, the doctors as a choice of ids. */
export interface AppointmentTypeValues {
  readonly name: string;
  readonly durationMinutes: string;
  readonly selfBookable: boolean;
  readonly offeredBy: OfferedBy;
  readonly doctorIds: readonly string[];
}

export const APPOINTMENT_TYPE_MESSAGES = {
  chooseDoctors: 'Choose at least one doctor, or offer it with every doctor',
  created: 'Type of visit added',
  saved: 'Type of visit saved',
  deleted: 'Type of visit deleted',
} as const;

/** A new type lasts one of the clinic's slots, is offered by every doctor and may be booked by students. */
export function newAppointmentType(slotMinutes: number): AppointmentTypeValues {
  return { name: '', durationMinutes: String(slotMinutes), selfBookable: true, offeredBy: 'all', doctorIds: [] };
}

/** A stored type as the form shows it for editing. */
export function appointmentTypeValues(type: AppointmentType): AppointmentTypeValues {
  return {
    name: type.name,
    durationMinutes: String(type.duration_minutes),
    selfBookable: type.self_bookable,
    offeredBy: type.doctorIds.length === 0 ? 'all' : 'chosen',
    doctorIds: type.doctorIds,
  };
}

export function validateAppointmentType(values: AppointmentTypeValues): FieldErrors<AppointmentTypeValues> {
  const errors: FieldErrors<AppointmentTypeValues> = {};
  const name = columnError(COLUMN_RULES.appointment_types_name_length, values.name);
  if (name !== undefined) errors.name = name;
  const minutes = columnError(COLUMN_RULES.appointment_types_duration_range, values.durationMinutes);
  if (minutes !== undefined) errors.durationMinutes = minutes;
  if (values.offeredBy === 'chosen' && values.doctorIds.length === 0)
    errors.doctorIds = APPOINTMENT_TYPE_MESSAGES.chooseDoctors;
  return errors;
}

/** The row's columns for what was typed (checked first by validateAppointmentType). */
export function appointmentTypeFields(values: AppointmentTypeValues): AppointmentTypeFields {
  return {
    name: values.name.trim(),
    duration_minutes: parseWholeNumber(values.durationMinutes) ?? 0,
    self_bookable: values.selfBookable,
  };
}

/** What saving the form changes: the type, and which doctors offer it compared with before (none named: every doctor). */
export function appointmentTypeSave(values: AppointmentTypeValues, type: AppointmentType | null): AppointmentTypeSave {
  return {
    id: type?.id ?? null,
    fields: appointmentTypeFields(values),
    doctorIds: values.offeredBy === 'all' ? [] : [...values.doctorIds],
    previousDoctorIds: type?.doctorIds ?? [],
  };
}

/** "Every doctor", or the names of those who offer it ("a former doctor" for one no longer listed). */
export function offeredByText(
  type: Pick<AppointmentType, 'doctorIds'>,
  doctors: readonly ProviderSummary[] | undefined,
): string {
  if (type.doctorIds.length === 0) return 'Every doctor';
  return type.doctorIds
    .map((id) => {
      const doctor = doctors?.find((candidate) => candidate.id === id);
      return doctor ? providerName(doctor) : 'a former doctor';
    })
    .join(', ');
}
