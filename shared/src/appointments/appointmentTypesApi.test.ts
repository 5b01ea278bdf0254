import type { CampusCareClient } from '../supabase/client';
import { adams, APPOINTMENT_TYPES, appointmentTypeFixture } from '../../../test/web/appointmentsTestData';
import {
  detailsError,
  detailsLabel,
  detailsMaxLength,
  doctorsOffering,
  isOtherType,
  listAppointmentTypes,
  offersType,
  REASON_DETAILS_MESSAGES,
  typeLabel,
} from './appointmentTypesApi';

const bello = { id: 'doctor-2', title: 'Dr', first_name: 'Tunde', last_name: 'Bello' };

describe('listAppointmentTypes', () => {
  it('reads the types with the doctors who offer them, by name with "Other" last', async () => {
    const calls: unknown[][] = [];
    const rows = [
      { ...APPOINTMENT_TYPES.checkUp, appointment_type_doctors: [] },
      { ...APPOINTMENT_TYPES.counselling, appointment_type_doctors: [{ doctor_id: adams.id }] },
      { ...APPOINTMENT_TYPES.other, appointment_type_doctors: [] },
      {
        ...APPOINTMENT_TYPES.vaccination,
        appointment_type_doctors: [{ doctor_id: adams.id }, { doctor_id: bello.id }],
      },
    ].map(({ doctorIds: _ignored, ...row }) => row);
    const query = {
      select: (columns: string) => (calls.push(['select', columns]), query),
      order: (column: string) => (calls.push(['order', column]), query),
      then: (resolve: (value: unknown) => void) => resolve({ data: rows, error: null }),
    };
    const client = { from: (table: string) => (calls.push(['from', table]), query) } as unknown as CampusCareClient;

    const types = await listAppointmentTypes(client);
    expect(calls).toEqual([
      ['from', 'appointment_types'],
      ['select', '*, appointment_type_doctors(doctor_id)'],
      ['order', 'name'],
      ['order', 'id'],
    ]);
    expect(types.map((type) => [type.name, type.doctorIds])).toEqual([
      ['Check-up', []],
      ['Counselling', [adams.id]],
      ['Vaccination', [adams.id, bello.id]],
      ['Other', []],
    ]);
    expect(types[0]).not.toHaveProperty('appointment_type_doctors');
  });
});

describe('a type as people read it', () => {
  it('names its length', () => {
    expect(typeLabel(APPOINTMENT_TYPES.vaccination)).toBe('Vaccination · 15 min');
    expect(typeLabel(APPOINTMENT_TYPES.counselling)).toBe('Counselling · 50 min');
  });

  it('asks what the visit is about for "Other" only, whatever its case', () => {
    expect(isOtherType(APPOINTMENT_TYPES.other)).toBe(true);
    expect(isOtherType(appointmentTypeFixture({ name: 'other' }))).toBe(true);
    expect(isOtherType(APPOINTMENT_TYPES.malaria)).toBe(false);
    expect(detailsLabel(APPOINTMENT_TYPES.other)).toBe('What is the visit about?');
    expect(detailsLabel(APPOINTMENT_TYPES.malaria)).toBe('Details (optional)');
    expect(detailsLabel(undefined)).toBe('Details (optional)');
  });
});

describe('who offers a type', () => {
  it('is every doctor when none is named, otherwise those named', () => {
    expect(offersType(APPOINTMENT_TYPES.checkUp, bello.id)).toBe(true);
    expect(offersType(APPOINTMENT_TYPES.counselling, adams.id)).toBe(true);
    expect(offersType(APPOINTMENT_TYPES.counselling, bello.id)).toBe(false);
    expect(doctorsOffering(APPOINTMENT_TYPES.counselling, [adams, bello])).toEqual([adams]);
    expect(doctorsOffering(APPOINTMENT_TYPES.checkUp, [adams, bello])).toEqual([adams, bello]);
    expect(doctorsOffering(undefined, [adams, bello])).toEqual([adams, bello]);
  });
});

describe('the words about a visit, which the database stores after the type', () => {
  it('are held to one line of what is left of 200 characters after the name and ": "', () => {
    const other = APPOINTMENT_TYPES.other;
    expect(detailsMaxLength(other)).toBe(193);
    expect(detailsMaxLength(appointmentTypeFixture({ name: '😀😀' }))).toBe(196);
    expect(detailsError(other, 'x'.repeat(193), { required: true })).toBeUndefined();
    expect(`Other: ${'x'.repeat(193)}`).toHaveLength(200);
    expect(detailsError(other, 'x'.repeat(194), { required: true })).toBe(
      'Describe the reason on one line in at most 193 characters',
    );
    expect(detailsError(other, 'sore\nthroat', { required: true })).toBe(
      'Describe the reason on one line in at most 193 characters',
    );
    expect(detailsError(other, ' ', { required: true })).toBe(REASON_DETAILS_MESSAGES.missing);
    expect(detailsError(APPOINTMENT_TYPES.malaria, ' ', { required: false })).toBeUndefined();
  });
});
