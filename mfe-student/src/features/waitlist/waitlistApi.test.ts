import type { CampusCareClient } from '@campuscare/shared';
import { joinWaitlist, leaveWaitlist, loadLatestWaitlistEntry } from './waitlistApi';

type Call = readonly [string, ...unknown[]];

/** Records every builder call; every request answers `result`. */
function fakeClient(result: { readonly data: unknown; readonly error: { code: string; message: string } | null }) {
  const calls: Call[] = [];
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'eq', 'order', 'limit']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.maybeSingle = async () => result;
  const client = {
    from: (table: string) => {
      calls.push(['from', table]);
      return builder;
    },
    rpc: async (name: string, args?: unknown) => {
      calls.push(['rpc', name, args]);
      return result;
    },
  };
  return { client: client as unknown as CampusCareClient, calls };
}

describe('the waitlist API', () => {
  it('reads the student’s latest request, newest first', async () => {
    const { client, calls } = fakeClient({ data: null, error: null });
    expect(await loadLatestWaitlistEntry(client, 'student-1')).toBeNull();
    expect(calls).toEqual([
      ['from', 'waitlist_entries'],
      ['select', '*'],
      ['eq', 'student_id', 'student-1'],
      ['order', 'created_at', { ascending: false }],
      ['order', 'position', { ascending: false }],
      ['limit', 1],
    ]);
  });

  it('joins with the days and the doctor, or any doctor, and leaves', async () => {
    const { client, calls } = fakeClient({ data: { id: 'w1' }, error: null });
    await joinWaitlist(client, { fromDay: '2026-11-30', toDay: '2026-12-04', doctorId: 'doctor-1' });
    await joinWaitlist(client, { fromDay: '2026-11-30', toDay: '2026-11-30' });
    await leaveWaitlist(client);
    expect(calls).toEqual([
      ['rpc', 'join_waitlist', { from_day: '2026-11-30', to_day: '2026-12-04', doctor_id: 'doctor-1' }],
      ['rpc', 'join_waitlist', { from_day: '2026-11-30', to_day: '2026-11-30', doctor_id: undefined }],
      ['rpc', 'leave_waitlist', undefined],
    ]);
  });

  it('passes on the database’s refusal in its own words', async () => {
    const { client } = fakeClient({ data: null, error: { code: 'P0001', message: 'Choose days from today on' } });
    await expect(joinWaitlist(client, { fromDay: '2026-11-01', toDay: '2026-11-02' })).rejects.toThrow(
      'Choose days from today on',
    );
  });
});
