import { type Form, SelectField } from '@campuscare/shared';
import type { Clinic } from '@campuscare/shared/scheduling';
import { providerName, type ProviderSummary } from './appointmentsApi';
import { type AppointmentType, doctorsOffering } from './appointmentTypesApi';
import { choosePickedSlot, FreeSlotPicker, type PickedSlot } from './FreeSlotPicker';

/** The part of a booking form these fields fill: the doctor, then the day and the free time. */
interface DoctorAndTimeValues extends PickedSlot {
  /** '' for the first available doctor who offers the type. */
  readonly providerId: string;
}

interface DoctorAndTimeFieldsProps<Values extends DoctorAndTimeValues> {
  readonly clinic: Clinic;
  /** The type of visit chosen, if any: it decides the doctors offered and the length of the free times. */
  readonly type: AppointmentType | undefined;
  readonly doctors: readonly ProviderSummary[];
  readonly form: Pick<Form<Values>, 'values' | 'errors' | 'setValues' | 'setErrors'> & {
    readonly setValue: (name: 'providerId' | 'startsAt', value: string) => void;
  };
}

/**
 * A booking's doctor and time for a type of visit, as the student and the front desk book: a doctor who offers the
 * type or the first available, then one of the free times the database offers for that type. Another doctor lets go
 * of the time chosen, which was free for the one before.
 */
export function DoctorAndTimeFields<Values extends DoctorAndTimeValues>({
  clinic,
  type,
  doctors,
  form,
}: DoctorAndTimeFieldsProps<Values>) {
  return (
    <>
      <SelectField
        label="Doctor"
        hint="First available: the clinic assigns a doctor who offers this type and is free at the time chosen"
        options={[
          { value: '', label: 'First available doctor' },
          ...doctorsOffering(type, doctors).map((doctor) => ({ value: doctor.id, label: providerName(doctor) })),
        ]}
        name="providerId"
        value={form.values.providerId}
        error={form.errors.providerId}
        onChange={(event) => {
          form.setValue('providerId', event.target.value);
          form.setValue('startsAt', '');
        }}
      />
      <FreeSlotPicker
        clinic={clinic}
        doctorId={form.values.providerId === '' ? null : form.values.providerId}
        appointmentTypeId={type?.id ?? null}
        value={form.values}
        errors={form.errors}
        onChange={(choice) => choosePickedSlot(form, choice)}
      />
    </>
  );
}
