import { clinicalTestClient } from '../../test/clinicalTestClient';
import { startAppointmentVisit, VISIT_NOT_FOUND, visitIdOfAppointment } from './visitStartApi';

describe('starting a visit', () => {
  it('starts the appointment through update_appointment, then finds the draft the database opened', async () => {
    const { client, calls } = clinicalTestClient({
      rpc: { data: { id: 'a1', status: 'ongoing' }, error: null },
      single: { data: { id: 'visit-1' }, error: null },
    });
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
