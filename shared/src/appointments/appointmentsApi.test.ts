import type { Appointment } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { editedChange } from './AppointmentDialogs';
import { listAppointments, nextStatuses, providerName, searchPattern, toDateTimeLocal, updateAppointment } from './appointmentsApi';

type Call = readonly [string, ...unknown[]];

function fakeClient(result: { data?: unknown; count?: number | null; error?: { message: string } | null }) {
  const calls: Call[] = [];
  const builder: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'or', 'eq', 'order', 'range']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.rpc = async (...args: unknown[]) => {
    calls.push(['rpc', ...args]);
    return { data: result.data ?? null, error: result.error ?? null };
  };
  builder.then = (resolve: (value: unknown) => void) => resolve({ data: result.data ?? null, count: result.count ?? null, error: result.error ?? null });
  return { client: builder as unknown as CampusCareClient, calls };
}

const appointment: Appointment = {
  id: 'a1',
  university_id: 'u1',
  student_id: 's1',
  provider_id: 'd1',
  date: '2026-03-02T09:30:00.000Z',
  duration_minutes: 30,
  name: 'Ada Obi',
  department: 'Physics',
  reg: 'NFU/2024/001',
  year: 2,
  reason: 'Malaria',
  status: 'scheduled',
  cancel_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('listAppointments', () => {
  it('searches name and registration number, filters and sorts on the server, one page at a time', async () => {
    const { client, calls } = fakeClient({ data: [], count: 42 });
    const result = await listAppointments(client, { page: 3, pageSize: 10, search: 'NFU/2024', status: 'scheduled', order: 'desc', providerId: 'd1' });
    expect(result.total).toBe(42);
    expect(calls).toContainEqual(['or', 'name.ilike.*NFU/2024*,reg.ilike.*NFU/2024*']);
    expect(calls).toContainEqual(['eq', 'status', 'scheduled']);
    expect(calls).toContainEqual(['eq', 'provider_id', 'd1']);
    expect(calls).toContainEqual(['order', 'date', { ascending: false }]);
    expect(calls).toContainEqual(['range', 20, 29]);
  });

  it('leaves out empty filters', async () => {
    const { client, calls } = fakeClient({ data: [], count: 0 });
    await listAppointments(client, { page: 1, pageSize: 10, search: '  ' });
    expect(calls.map(([method]) => method)).not.toContain('or');
    expect(calls.map(([method]) => method)).not.toContain('eq');
  });

  it('reports the database error', async () => {
    await expect(listAppointments(fakeClient({ error: { message: 'boom' } }).client, { page: 1, pageSize: 10 })).rejects.toThrow('boom');
  });
});

describe('searchPattern', () => {
  it('drops characters that would break or widen the filter', () => {
    expect(searchPattern('a,b(c)*%_')).toBe('*a b c*');
    expect(searchPattern(' ')).toBeNull();
    expect(searchPattern('new.doctor@northfield.edu')).toBe('*new.doctor@northfield.edu*');
  });
});

describe('updateAppointment', () => {
  it('sends only the changed fields to update_appointment', async () => {
    const { client, calls } = fakeClient({ data: appointment });
    await updateAppointment(client, 'a1', { status: 'cancelled', cancelReason: 'Doctor away' });
    expect(calls).toContainEqual(['rpc', 'update_appointment', { id: 'a1', status: 'cancelled', cancel_reason: 'Doctor away' }]);
  });

  it("passes on the database's message (e.g. a double booking)", async () => {
    const { client } = fakeClient({ error: { message: 'That doctor is already booked at that time' } });
    await expect(updateAppointment(client, 'a1', { providerId: 'd2' })).rejects.toThrow('That doctor is already booked at that time');
  });
});

describe('rules shown in the table', () => {
  it('lets only doctors start and complete appointments', () => {
    expect(nextStatuses('scheduled', 'admin')).toEqual([]);
    expect(nextStatuses('scheduled', 'doctor')).toEqual(['ongoing']);
    expect(nextStatuses('ongoing', 'doctor')).toEqual(['completed']);
    expect(nextStatuses('completed', 'doctor')).toEqual([]);
  });

  it('names the provider or says unassigned', () => {
    expect(providerName(null)).toBe('Unassigned');
    expect(providerName({ id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' })).toBe('Dr Amelia Adams');
  });

  it('works out what the edit form changed', () => {
    const when = toDateTimeLocal(appointment.date);
    expect(editedChange(appointment, { when, providerId: 'd1', status: 'scheduled' })).toBeNull();
    expect(editedChange(appointment, { when, providerId: 'd2', status: 'ongoing' })).toEqual({ providerId: 'd2', status: 'ongoing' });
    const later = editedChange(appointment, { when: '2026-03-03T10:00', providerId: 'd1', status: 'scheduled' });
    expect(later?.date).toBe(new Date('2026-03-03T10:00').toISOString());
  });
});
