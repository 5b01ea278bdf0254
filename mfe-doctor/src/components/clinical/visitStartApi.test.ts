import type { CampusCareClient } from '@campuscare/shared';
import { clinicalTestClient } from '../../test/clinicalTestClient';
import { searchActiveStudents, startAppointmentVisit, VISIT_NOT_FOUND, visitIdOfAppointment } from './visitStartApi';

describe('starting a visit', () => {
  it('starts the appointment through update_appointment, then finds the draft the database opened', async () => {
    const { client, calls } = clinicalTestClient({ rpc: { data: { id: 'a1', status: 'ongoing' }, error: null }, single: { data: { id: 'visit-1' }, error: null } });
    await expect(startAppointmentVisit(client, 'a1')).resolves.toBe('visit-1');
    expect(calls).toEqual([
      ['rpc', 'update_appointment', { id: 'a1', status: 'ongoing' }],
      ['from', 'visits'],
      ['select', 'id'],
      ['eq', 'appointment_id', 'a1'],
      ['maybeSingle'],
    ]);
  });

  it('says so when the visit cannot be found', async () => {
    const { client } = clinicalTestClient({ single: { data: null, error: null } });
    await expect(visitIdOfAppointment(client, 'a1')).rejects.toThrow(VISIT_NOT_FOUND);
  });
});

describe('searchActiveStudents', () => {
  it('looks for active students whose name or number holds every word, safely', async () => {
    const { client, calls } = clinicalTestClient({ list: { data: [], error: null } });
    await searchActiveStudents(client as CampusCareClient, ' rosa  garc,ia ');
    expect(calls).toContainEqual(['eq', 'role', 'student']);
    expect(calls).toContainEqual(['eq', 'status', 'active']);
    expect(calls).toContainEqual(['or', 'first_name.ilike.*rosa*,last_name.ilike.*rosa*,reg_number.ilike.*rosa*']);
    expect(calls).toContainEqual(['or', 'first_name.ilike.*garc ia*,last_name.ilike.*garc ia*,reg_number.ilike.*garc ia*']);
    expect(calls).toContainEqual(['limit', 10]);
  });
});
