import type { Appointment } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { editedChange } from './AppointmentDialogs';
import { listAppointments, nextStatuses, providerName, searchPattern, updateAppointment, visitDayHasCome } from './appointmentsApi';

type Call = readonly [string, ...unknown[]];

/** A supabase-js stand-in recording every builder call; `appointments_total` answers `total`, anything else `result`. */
function fakeClient(result: { data?: unknown; count?: number | null; error?: { message: string } | null }, total?: { data: number | null; error: { message: string } | null }) {
  const calls: Call[] = [];
  const builder = (answer: () => unknown): Record<string, unknown> => {
    const chain: Record<string, unknown> = {};
    for (const method of ['from', 'select', 'or', 'eq', 'order', 'range']) {
      chain[method] = (...args: unknown[]) => {
        calls.push([method, ...args]);
        return chain;
      };
    }
    chain.then = (resolve: (value: unknown) => void) => resolve(answer());
    return chain;
  };
  const client = builder(() => ({ data: result.data ?? null, count: result.count ?? null, error: result.error ?? null }));
  client.rpc = (...args: unknown[]) => {
    calls.push(['rpc', ...args]);
    return args[0] === 'appointments_total' && total ? builder(() => total) : client;
  };
  return { client: client as unknown as CampusCareClient, calls };
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
  it('searches through search_appointments, filters and sorts on the server, one page at a time', async () => {
    const { client, calls } = fakeClient({ data: [], count: 42 });
    const result = await listAppointments(client, { page: 3, pageSize: 10, search: ' NFU/2024 ', status: 'scheduled', order: 'desc', providerId: 'd1' });
    expect(result.total).toBe(42);
    expect(calls).toContainEqual(['rpc', 'search_appointments', { term: 'NFU/2024' }, { count: 'exact' }]);
    expect(calls).toContainEqual(['eq', 'status', 'scheduled']);
    expect(calls).toContainEqual(['eq', 'provider_id', 'd1']);
    expect(calls).toContainEqual(['order', 'date', { ascending: false }]);
    expect(calls).toContainEqual(['range', 20, 29]);
    expect(calls.map(([method]) => method)).not.toContain('from');
  });

  it('takes the unfiltered total from the counters instead of counting every row', async () => {
    const { client, calls } = fakeClient({ data: [], count: null }, { data: 1013, error: null });
    const result = await listAppointments(client, { page: 1, pageSize: 10, search: '  ' });
    expect(result.total).toBe(1013);
    expect(calls).toContainEqual(['from', 'appointments']);
    expect(calls.find(([method]) => method === 'select')?.[2]).toEqual({});
    expect(calls).toContainEqual(['rpc', 'appointments_total']);
    expect(calls.map(([method]) => method)).not.toContain('eq');
  });

  it('counts exactly when a filter narrows the list', async () => {
    const { client, calls } = fakeClient({ data: [], count: 7 });
    const result = await listAppointments(client, { page: 1, pageSize: 10, status: 'ongoing' });
    expect(result.total).toBe(7);
    expect(calls.find(([method]) => method === 'select')?.[2]).toEqual({ count: 'exact' });
    expect(calls.filter(([method]) => method === 'rpc')).toEqual([]);
  });

  it('reports the database error, of the page or of the total', async () => {
    await expect(listAppointments(fakeClient({ error: { message: 'boom' } }).client, { page: 1, pageSize: 10, status: 'ongoing' })).rejects.toThrow('boom');
    const totalFails = fakeClient({ data: [] }, { data: null, error: { message: 'Only clinic staff can see the university\'s appointments' } }).client;
    await expect(listAppointments(totalFails, { page: 1, pageSize: 10 })).rejects.toThrow('Only clinic staff');
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

  it('works out what the edit form changed, reading the time on the clinic clock', () => {
    const zone = 'America/New_York';
    const when = '2026-03-02T09:00';
    const stored = { ...appointment, date: '2026-03-02T14:00:00.000Z' };
    expect(editedChange(stored, { when, providerId: 'd1', status: 'scheduled', zone })).toBeNull();
    expect(editedChange(stored, { when, providerId: 'd2', status: 'ongoing', zone })).toEqual({ providerId: 'd2', status: 'ongoing' });
    // 10:00 in New York in March (UTC−5), whatever zone the browser is in.
    expect(editedChange(stored, { when: '2026-03-03T10:00', providerId: 'd1', status: 'scheduled', zone })).toEqual({ date: '2026-03-03T15:00:00.000Z' });
    expect(editedChange(stored, { when: '', providerId: 'd1', status: 'scheduled', zone })).toBeNull();
  });

  it("offers starting and completing from the visit's day on the clinic calendar", () => {
    const now = new Date('2026-03-02T03:30:00Z'); // still 1 March, 22:30, in New York
    expect(visitDayHasCome('2026-03-01T15:00:00Z', 'America/New_York', now)).toBe(true);
    expect(visitDayHasCome('2026-03-02T14:00:00Z', 'America/New_York', now)).toBe(false);
    expect(visitDayHasCome('2026-03-02T09:00:00Z', 'Europe/London', now)).toBe(true);
  });
});
