import type { CampusCareClient } from '@campuscare/shared';
import { deleteAppointmentType, saveAppointmentType } from './appointmentTypesSettingsApi';

/** A supabase-js stand-in recording every builder call; each awaited request answers the next of `answers`. */
function recordingClient(answers: ReadonlyArray<{ readonly data: unknown; readonly error: unknown }>) {
  const calls: unknown[][] = [];
  const pending = [...answers];
  const chain: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'insert', 'update', 'delete', 'eq', 'in', 'single', 'maybeSingle']) {
    chain[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return chain;
    };
  }
  chain.then = (resolve: (value: unknown) => void) => resolve(pending.shift() ?? { data: [], error: null });
  return { client: chain as unknown as CampusCareClient, calls };
}

const fields = { name: 'Counselling', duration_minutes: 50, self_bookable: false };

describe('saving a type of visit', () => {
  it('adds the type, then names the doctors who offer it', async () => {
    const { client, calls } = recordingClient([{ data: { id: 't1' }, error: null }]);
    await saveAppointmentType(client, { id: null, fields, doctorIds: ['d1'], previousDoctorIds: [] });
    expect(calls).toEqual([
      ['from', 'appointment_types'],
      ['insert', fields],
      ['select', 'id'],
      ['single'],
      ['from', 'appointment_type_doctors'],
      ['insert', [{ appointment_type_id: 't1', doctor_id: 'd1' }]],
    ]);
  });

  it('changes who offers it: the new doctors first, those left out after', async () => {
    const { client, calls } = recordingClient([{ data: { id: 't1' }, error: null }]);
    await saveAppointmentType(client, { id: 't1', fields, doctorIds: ['d2'], previousDoctorIds: ['d1'] });
    expect(calls).toEqual([
      ['from', 'appointment_types'],
      ['update', fields],
      ['eq', 'id', 't1'],
      ['select', 'id'],
      ['maybeSingle'],
      ['from', 'appointment_type_doctors'],
      ['insert', [{ appointment_type_id: 't1', doctor_id: 'd2' }]],
      ['from', 'appointment_type_doctors'],
      ['delete'],
      ['eq', 'appointment_type_id', 't1'],
      ['in', 'doctor_id', ['d1']],
    ]);
  });

  it('says so when the database lets nobody but a super admin change it', async () => {
    const { client, calls } = recordingClient([{ data: null, error: null }]);
    await expect(
      saveAppointmentType(client, { id: 't1', fields, doctorIds: [], previousDoctorIds: [] }),
    ).rejects.toThrow('Only a super admin can change the types of visit');
    expect(calls.filter(([method]) => method === 'from')).toEqual([['from', 'appointment_types']]);
  });

  it('deletes a type, and says when there was nothing to delete', async () => {
    await expect(
      deleteAppointmentType(recordingClient([{ data: [{ id: 't1' }], error: null }]).client, 't1'),
    ).resolves.toBeUndefined();
    await expect(deleteAppointmentType(recordingClient([{ data: [], error: null }]).client, 't1')).rejects.toThrow(
      'That type of visit was already deleted, or you cannot change it',
    );
  });
});
