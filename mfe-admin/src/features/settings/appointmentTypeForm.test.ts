import { RULE_MESSAGES } from '@campuscare/shared';
import { adams, APPOINTMENT_TYPES } from '../../../../test/web/appointmentsTestData';
import {
  APPOINTMENT_TYPE_MESSAGES,
  appointmentTypeSave,
  appointmentTypeValues,
  newAppointmentType,
  offeredByText,
  validateAppointmentType,
} from './appointmentTypeForm';

const valid = { ...newAppointmentType(30), name: 'Counselling', durationMinutes: '50' };

describe('the type of visit form', () => {
  it('starts as one clinic slot, booked by students, with every doctor', () => {
    expect(newAppointmentType(20)).toEqual({
      name: '',
      durationMinutes: '20',
      selfBookable: true,
      offeredBy: 'all',
      doctorIds: [],
    });
  });

  it("holds the name and length to the database's rules, and wants a doctor when only some offer it", () => {
    expect(validateAppointmentType(valid)).toEqual({});
    expect(validateAppointmentType({ ...valid, name: ' ' })).toEqual({ name: RULE_MESSAGES.required });
    expect(validateAppointmentType({ ...valid, name: 'Other: exams' })).toEqual({
      name: RULE_MESSAGES.appointmentTypeName,
    });
    expect(validateAppointmentType({ ...valid, name: 'x'.repeat(61) })).toEqual({
      name: RULE_MESSAGES.appointmentTypeName,
    });
    for (const minutes of ['9', '241', '12.5', 'ten'])
      expect(validateAppointmentType({ ...valid, durationMinutes: minutes })).toEqual({
        durationMinutes: RULE_MESSAGES.appointmentTypeMinutes,
      });
    expect(validateAppointmentType({ ...valid, durationMinutes: '240' })).toEqual({});
    expect(validateAppointmentType({ ...valid, offeredBy: 'chosen' })).toEqual({
      doctorIds: APPOINTMENT_TYPE_MESSAGES.chooseDoctors,
    });
    expect(validateAppointmentType({ ...valid, offeredBy: 'chosen', doctorIds: [adams.id] })).toEqual({});
  });

  it('saves the columns typed and who offers it compared with before', () => {
    expect(
      appointmentTypeSave(
        { ...valid, name: '  Counselling ', selfBookable: false, offeredBy: 'chosen', doctorIds: [adams.id] },
        null,
      ),
    ).toEqual({
      id: null,
      fields: { name: 'Counselling', duration_minutes: 50, self_bookable: false },
      doctorIds: [adams.id],
      previousDoctorIds: [],
    });
    // Back to every doctor: the doctors named before are let go of, whatever is still ticked.
    const counselling = APPOINTMENT_TYPES.counselling;
    expect(appointmentTypeSave({ ...appointmentTypeValues(counselling), offeredBy: 'all' }, counselling)).toEqual({
      id: counselling.id,
      fields: { name: 'Counselling', duration_minutes: 50, self_bookable: false },
      doctorIds: [],
      previousDoctorIds: [adams.id],
    });
  });

  it('shows a stored type as it was saved', () => {
    expect(appointmentTypeValues(APPOINTMENT_TYPES.counselling)).toEqual({
      name: 'Counselling',
      durationMinutes: '50',
      selfBookable: false,
      offeredBy: 'chosen',
      doctorIds: [adams.id],
    });
    expect(appointmentTypeValues(APPOINTMENT_TYPES.vaccination).offeredBy).toBe('all');
  });

  it('names who offers it', () => {
    expect(offeredByText(APPOINTMENT_TYPES.checkUp, [adams])).toBe('Every doctor');
    expect(offeredByText(APPOINTMENT_TYPES.counselling, [adams])).toBe('Dr Amelia Adams');
    expect(offeredByText(APPOINTMENT_TYPES.counselling, [])).toBe('a former doctor');
  });
});
