import { API_MESSAGES, ApiError } from '../data/apiError';
import type { CampusCareClient } from '../supabase/client';
import { editedChange } from './EditAppointmentDialog';
import { appointmentFixture } from '../../../test/web/appointmentsTestData';
import {
  listAppointments,
  listDoctors,
  nextStatuses,
  providerName,
  searchPattern,
  updateAppointment,
  visitDayHasCome,
} from './appointmentsApi';

type Call = readonly [string, ...unknown[]];
interface DatabaseError {
  readonly code: string;
  readonly message: string;
}

/** A supabase-js stand-in recording every builder call; `appointments_total` answers `total`, anything else `result`. */
function fakeClient(
  result: { data?: unknown; count?: number | null; error?: DatabaseError | null },
  total?: { data: number | null; error: DatabaseError | null },
) {
  const calls: Call[] = [];
  const builder = (answer: () => unknown): Record<string, unknown> => {
    const chain: Record<string, unknown> = {};
    for (const method of ['from', 'select', 'or', 'eq', 'gte', 'lt', 'order', 'range']) {
      chain[method] = (...args: unknown[]) => {
        calls.push([method, ...args]);
        return chain;
      };
    }
    chain.then = (resolve: (value: unknown) => void) => resolve(answer());
    return chain;
  };
  const client = builder(() => ({
    data: result.data ?? null,
    count: result.count ?? null,
    error: result.error ?? null,
  }));
  client.rpc = (...args: unknown[]) => {
    calls.push(['rpc', ...args]);
    return args[0] === 'appointments_total' && total ? builder(() => total) : client;
  };
  return { client: client as unknown as CampusCareClient, calls };
}

const appointment = appointmentFixture({
  student_id: 's1',
  provider_id: 'd1',
  date: '2026-03-02T09:30:00.000Z',
  department: 'Physics',
});

describe('listAppointments', () => {
  it('searches through search_appointments, filters and sorts on the server, one page at a time', async () => {
    const { client, calls } = fakeClient({ data: [], count: 42 });
    const result = await listAppointments(client, {
      page: 3,
      pageSize: 10,
      search: ' NFU/2024 ',
      status: 'scheduled',
      order: 'desc',
      providerId: 'd1',
    });
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

  it('keeps the upcoming ones from the start of today, soonest first, and the past ones before it', async () => {
    const from = '2026-03-02T05:00:00.000Z';
    const upcoming = fakeClient({ data: [], count: 3 });
    await listAppointments(upcoming.client, { page: 1, pageSize: 10, period: 'upcoming', from, order: 'asc' });
    expect(upcoming.calls).toContainEqual(['gte', 'date', from]);
    expect(upcoming.calls).toContainEqual(['order', 'date', { ascending: true }]);
    expect(upcoming.calls.find(([method]) => method === 'select')?.[2]).toEqual({ count: 'exact' });
    const past = fakeClient({ data: [], count: 3 });
    await listAppointments(past.client, { page: 1, pageSize: 10, period: 'past', from, order: 'desc' });
    expect(past.calls).toContainEqual(['lt', 'date', from]);
    expect(past.calls.map(([method]) => method)).not.toContain('gte');
  });

  it('reports a failure of the page or of the total in words for people, never the raw database text', async () => {
    const pageFails = fakeClient({
      error: { code: '42501', message: 'permission denied for table appointments' },
    }).client;
    await expect(listAppointments(pageFails, { page: 1, pageSize: 10, status: 'ongoing' })).rejects.toEqual(
      new ApiError(API_MESSAGES.forbidden),
    );
    const totalFails = fakeClient(
      { data: [] },
      { data: null, error: { code: 'P0001', message: "Only clinic staff can see the university's appointments" } },
    ).client;
    await expect(listAppointments(totalFails, { page: 1, pageSize: 10 })).rejects.toThrow('Only clinic staff');
  });
});

describe('listDoctors', () => {
  it('reads the active doctors from the staff directory, which every role may read, by name', async () => {
    const { client, calls } = fakeClient({
      data: [
        { id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' },
        { id: null, title: null, first_name: null, last_name: null },
      ],
    });
    expect(await listDoctors(client)).toEqual([{ id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }]);
    expect(calls).toContainEqual(['from', 'staff_directory']);
    expect(calls).toContainEqual(['eq', 'role', 'doctor']);
    expect(calls).toContainEqual(['order', 'last_name', { ascending: true }]);
    expect(calls).not.toContainEqual(['eq', 'bookable', true]);
  });

  it('offers a student only the doctors they may book', async () => {
    const { client, calls } = fakeClient({
      data: [{ id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }],
    });
    expect(await listDoctors(client, 'bookable')).toEqual([
      { id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' },
    ]);
    expect(calls).toContainEqual(['eq', 'role', 'doctor']);
    expect(calls).toContainEqual(['eq', 'bookable', true]);
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
    await updateAppointment(client, { id: 'a1', status: 'cancelled', cancelReason: 'Doctor away' });
    expect(calls).toContainEqual([
      'rpc',
      'update_appointment',
      { id: 'a1', status: 'cancelled', cancel_reason: 'Doctor away' },
    ]);
  });

  it("passes on the database's message (e.g. a double booking)", async () => {
    const { client } = fakeClient({ error: { code: 'P0001', message: 'That doctor is already booked at that time' } });
    await expect(updateAppointment(client, { id: 'a1', providerId: 'd2' })).rejects.toThrow(
      'That doctor is already booked at that time',
    );
  });
});

describe('rules shown in the table', () => {
  it('lets only doctors start appointments, which signing the visit completes', () => {
    expect(nextStatuses('scheduled', 'admin')).toEqual([]);
    expect(nextStatuses('scheduled', 'doctor')).toEqual(['ongoing']);
    // A checked-in student is started from the waiting list as from the schedule; the front desk has its own steps.
    expect(nextStatuses('arrived', 'doctor')).toEqual(['ongoing']);
    expect(nextStatuses('arrived', 'admin')).toEqual([]);
    expect(nextStatuses('no_show', 'doctor')).toEqual([]);
    // Completed only by signing the visit (sign_visit), never by a status change.
    expect(nextStatuses('ongoing', 'doctor')).toEqual([]);
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
    expect(editedChange(stored, { when, providerId: 'd2', status: 'ongoing', zone })).toEqual({
      id: 'a1',
      providerId: 'd2',
      status: 'ongoing',
    });
    // 10:00 in New York in March (UTC−5), whatever zone the browser is in.
    expect(editedChange(stored, { when: '2026-03-03T10:00', providerId: 'd1', status: 'scheduled', zone })).toEqual({
      id: 'a1',
      date: '2026-03-03T15:00:00.000Z',
    });
    expect(editedChange(stored, { when: '', providerId: 'd1', status: 'scheduled', zone })).toBeNull();
  });

  it("offers starting and completing from the visit's day on the clinic calendar", () => {
    const now = new Date('2026-03-02T03:30:00Z'); // still 1 March, 22:30, in New York
    expect(visitDayHasCome('2026-03-01T15:00:00Z', 'America/New_York', now)).toBe(true);
    expect(visitDayHasCome('2026-03-02T14:00:00Z', 'America/New_York', now)).toBe(false);
    expect(visitDayHasCome('2026-03-02T09:00:00Z', 'Europe/London', now)).toBe(true);
  });
});
