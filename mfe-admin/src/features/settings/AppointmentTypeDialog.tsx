import { useId } from 'react';
import {
  APPOINTMENT_TYPE_MINUTES_RANGE,
  APPOINTMENT_TYPE_NAME_MAX_LENGTH,
  FormFrame,
  Modal,
  TextField,
  useForm,
} from '@campuscare/shared';
import { type AppointmentType, providerName, type ProviderSummary } from '@campuscare/shared/appointments';
import {
  appointmentTypeSave,
  appointmentTypeValues,
  newAppointmentType,
  validateAppointmentType,
  type AppointmentTypeValues,
} from './appointmentTypeForm';
import { saveAppointmentTypeMutation } from './appointmentTypesSettingsQueries';
import styles from './settings.module.css';

interface AppointmentTypeDialogProps {
  /** The type edited; null adds one. */
  readonly type: AppointmentType | null;
  /** The clinic's slot, which a new type lasts until told otherwise. */
  readonly slotMinutes: number;
  /** The active doctors who may be chosen to offer it. */
  readonly doctors: readonly ProviderSummary[];
  readonly onClose: () => void;
}

function toggled(ids: readonly string[], id: string, on: boolean): string[] {
  return on ? [...ids.filter((existing) => existing !== id), id] : ids.filter((existing) => existing !== id);
}

/** Adds or edits a type of visit: its name, how long it lasts, whether students book it themselves, who offers it. */
export function AppointmentTypeDialog({ type, slotMinutes, doctors, onClose }: AppointmentTypeDialogProps) {
  const offeredByName = useId();
  const doctorsErrorId = useId();
  const form = useForm({
    initial: type ? appointmentTypeValues(type) : newAppointmentType(slotMinutes),
    validate: validateAppointmentType,
    mutation: saveAppointmentTypeMutation,
    input: (values: AppointmentTypeValues) => appointmentTypeSave(values, type),
    onSuccess: onClose,
  });
  const { values, setValue, errors } = form;
  // A doctor chosen before who is no longer active stays listed, so saving does not drop them unseen.
  const choices = [
    ...doctors.map((doctor) => ({ id: doctor.id, label: providerName(doctor) })),
    ...values.doctorIds
      .filter((id) => !doctors.some((doctor) => doctor.id === id))
      .map((id) => ({ id, label: 'A former doctor' })),
  ];

  return (
    <Modal title={type ? `Edit ${type.name}` : 'Add a type of visit'} open onClose={onClose}>
      <FormFrame
        form={form}
        label="Type of visit"
        className={styles.dialogForm}
        submit={type ? 'Save the type' : 'Add the type'}
        cancel={{ label: 'Cancel', onClick: onClose }}
      >
        <TextField
          label="Name"
          maxLength={APPOINTMENT_TYPE_NAME_MAX_LENGTH}
          hint="What students and staff pick, e.g. Vaccination or Counselling"
          autoComplete="off"
          {...form.field('name')}
        />
        <TextField
          label="Length in minutes"
          type="number"
          inputMode="numeric"
          min={APPOINTMENT_TYPE_MINUTES_RANGE.min}
          max={APPOINTMENT_TYPE_MINUTES_RANGE.max}
          hint="Visits of this type start on the clinic's slots and last this long"
          {...form.field('durationMinutes')}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={values.selfBookable}
            onChange={(event) => setValue('selfBookable', event.target.checked)}
          />
          Students may book it themselves
        </label>
        <fieldset className={styles.plain} aria-describedby={errors.doctorIds ? doctorsErrorId : undefined}>
          <legend className={styles.legend}>Offered by</legend>
          <label className={styles.check}>
            <input
              type="radio"
              name={offeredByName}
              checked={values.offeredBy === 'all'}
              onChange={() => setValue('offeredBy', 'all')}
            />
            Every doctor
          </label>
          <label className={styles.check}>
            <input
              type="radio"
              name={offeredByName}
              checked={values.offeredBy === 'chosen'}
              onChange={() => setValue('offeredBy', 'chosen')}
            />
            Only the doctors chosen
          </label>
          {values.offeredBy === 'chosen' && (
            <div className={styles.doctorList}>
              {choices.length === 0 && <p className={styles.hint}>The clinic has no active doctor yet.</p>}
              {choices.map((choice) => (
                <label key={choice.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={values.doctorIds.includes(choice.id)}
                    onChange={(event) =>
                      setValue('doctorIds', toggled(values.doctorIds, choice.id, event.target.checked))
                    }
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          )}
          {errors.doctorIds && (
            <p id={doctorsErrorId} className={styles.error}>
              {errors.doctorIds}
            </p>
          )}
        </fieldset>
      </FormFrame>
    </Modal>
  );
}
