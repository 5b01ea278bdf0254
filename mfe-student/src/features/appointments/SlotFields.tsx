import { SelectField, TextField } from '@campuscare/shared';
import { availableSlots, bookableDateRange, CLINIC_CLOSED_MESSAGE, CLINIC_SLOTS, isClinicDay } from './clinicHours';

export interface SlotFieldsProps {
  readonly date: string;
  readonly time: string;
  readonly now: Date;
  readonly onChange: (date: string, time: string) => void;
}

/** Date and time of an appointment, offering only the clinic's slots that are still ahead. */
export function SlotFields({ date, time, now, onChange }: SlotFieldsProps) {
  const { min, max } = bookableDateRange(now);
  const closed = date !== '' && !isClinicDay(date);
  const slots = date === '' ? CLINIC_SLOTS : availableSlots(date, now);
  const noSlotsLeft = date !== '' && !closed && slots.length === 0;

  const changeDate = (nextDate: string) => {
    const stillOffered = nextDate === '' || availableSlots(nextDate, now).includes(time);
    onChange(nextDate, stillOffered ? time : '');
  };

  return (
    <>
      <TextField
        label="Date"
        type="date"
        min={min}
        max={max}
        value={date}
        hint="Monday to Friday"
        error={closed ? CLINIC_CLOSED_MESSAGE : noSlotsLeft ? 'No times are left on this day: choose another day' : undefined}
        onChange={(event) => changeDate(event.target.value)}
      />
      <SelectField
        label="Time"
        value={time}
        hint="08:00 to 17:00, 30 minutes each"
        options={[{ value: '', label: 'Choose a time' }, ...slots.map((slot) => ({ value: slot, label: slot }))]}
        onChange={(event) => onChange(date, event.target.value)}
      />
    </>
  );
}
