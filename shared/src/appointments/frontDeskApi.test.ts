import type { CampusCareClient } from '../supabase/client';
import { appointmentFixture, ZONE } from '../../../test/web/appointmentsTestData';
import { bookForStudent, frontDeskSteps, listNoShowCounts, listWaiting, noShowText, waitingText } from './frontDeskApi';

type Call = readonly [string, ...unknown[]];

/** A supabase-js stand-in that records every builder call and answers `answer`. */
function recordingClient(answer: { readonly data: unknown; readonly error: unknown } = { data: [], error: null }) {
  const calls: Call[] = [];
  const chain: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'eq', 'gte', 'lt', 'in', 'or', 'order', 'limit', 'rpc']) {
    chain[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return chain;
    };
  }
  chain.then = (resolve: (value: unknown) => void) => resolve(answer);
  return { client: chain as unknown as CampusCareClient, calls };
}

describe('the front desk’s steps on a visit', () => {
  // Thursday 26 November 2026, 09:00 in New York (14:00 UTC).
  const visit = appointmentFixture({ date: '2026-11-26T14:00:00.000Z' });

  it('checks a student in on the day of the visit on the clinic’s calendar, early or late, never another day', () => {
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-26T12:00:00Z'))).toEqual(['checkIn']);
    // 23:30 in New York is already Friday in UTC: still the visit's day at the clinic.
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-27T04:30:00Z'))).toEqual(['checkIn', 'noShow']);
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-25T23:00:00Z'))).toEqual([]);
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-27T05:30:00Z'))).toEqual(['noShow']);
  });

  it('marks a no-show only once the start has passed, and takes one back as a late arrival that day', () => {
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-26T13:59:00Z'))).toEqual(['checkIn']);
    expect(frontDeskSteps(visit, ZONE, new Date('2026-11-26T14:00:00Z'))).toEqual(['checkIn', 'noShow']);
    expect(frontDeskSteps({ ...visit, status: 'no_show' }, ZONE, new Date('2026-11-26T16:00:00Z'))).toEqual([
      'checkIn',
    ]);
    expect(frontDeskSteps({ ...visit, status: 'no_show' }, ZONE, new Date('2026-11-27T16:00:00Z'))).toEqual([]);
  });

  it('undoes a check-in while the student waits, and offers nothing once the visit began or ended', () => {
    const during = new Date('2026-11-26T14:10:00Z');
    expect(frontDeskSteps({ ...visit, status: 'arrived' }, ZONE, during)).toEqual(['undoCheckIn']);
    for (const status of ['ongoing', 'completed', 'cancelled'] as const)
      expect(frontDeskSteps({ ...visit, status }, ZONE, during)).toEqual([]);
  });
});

describe('the waiting list', () => {
  it("reads today's checked-in visits on the clinic's calendar in the order the students arrived", async () => {
    const { client, calls } = recordingClient();
    // 03:30 UTC on 25 November is still Tuesday 24 November at the clinic.
    await listWaiting(client, { zone: ZONE, now: new Date('2026-11-25T03:30:00Z'), providerId: 'doctor-1' });
    expect(calls).toContainEqual(['from', 'appointments']);
    expect(calls).toContainEqual(['eq', 'status', 'arrived']);
    expect(calls).toContainEqual(['gte', 'date', '2026-11-24T05:00:00.000Z']);
    expect(calls).toContainEqual(['lt', 'date', '2026-11-25T05:00:00.000Z']);
    expect(calls).toContainEqual(['eq', 'provider_id', 'doctor-1']);
    expect(calls.filter(([method]) => method === 'order')).toEqual([
      ['order', 'arrived_at'],
      ['order', 'id'],
    ]);
  });

  it("is the whole clinic's when no doctor is named", async () => {
    const { client, calls } = recordingClient();
    await listWaiting(client, { zone: ZONE, now: new Date('2026-11-25T03:30:00Z') });
    expect(calls.filter(([method, column]) => method === 'eq' && column === 'provider_id')).toEqual([]);
  });

  it('says how long each student has waited, in whole minutes', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    expect(waitingText('2026-11-24T14:59:30Z', now)).toBe('Arrived just now');
    expect(waitingText('2026-11-24T14:48:00Z', now)).toBe('Waiting 12 min');
    expect(waitingText('2026-11-24T14:00:00Z', now)).toBe('Waiting 1 h');
    expect(waitingText('2026-11-24T13:55:00Z', now)).toBe('Waiting 1 h 5 min');
    // A clock a little behind the database's is not a negative wait.
    expect(waitingText('2026-11-24T15:00:20Z', now)).toBe('Arrived just now');
  });
});

describe('no-shows', () => {
  it('reads each student’s computed count, keeping only the rows that carry one', async () => {
    const { client, calls } = recordingClient({
      data: [
        { id: 's1', no_show_count: 2 },
        { id: 's2', no_show_count: 0 },
        { id: 's3', no_show_count: null },
      ],
      error: null,
    });
    const counts = await listNoShowCounts(client, ['s1', 's2', 's3']);
    expect(calls).toEqual([
      ['from', 'members'],
      ['select', 'id, no_show_count'],
      ['in', 'id', ['s1', 's2', 's3']],
    ]);
    expect([...counts]).toEqual([
      ['s1', 2],
      ['s2', 0],
    ]);
  });

  it('are said for people', () => {
    expect(noShowText(0)).toBe('No missed visits');
    expect(noShowText(1)).toBe('1 no-show');
    expect(noShowText(1200)).toBe('1,200 no-shows');
  });
});

describe('booking for a student', () => {
  it('sends the student, the free time and the type, and a doctor and words only when given', async () => {
    const { client, calls } = recordingClient({ data: appointmentFixture(), error: null });
    await bookForStudent(client, {
      studentId: 's1',
      startsAt: '2026-11-26T14:00:00.000Z',
      appointmentTypeId: 'type-counselling',
      providerId: 'doctor-1',
      details: '  Exam stress ',
    });
    await bookForStudent(client, {
      studentId: 's1',
      startsAt: '2026-11-26T14:00:00.000Z',
      appointmentTypeId: 'type-counselling',
      details: ' ',
    });
    expect(calls).toEqual([
      [
        'rpc',
        'book_for_student',
        {
          student_id: 's1',
          date: '2026-11-26T14:00:00.000Z',
          appointment_type_id: 'type-counselling',
          provider_id: 'doctor-1',
          details: 'Exam stress',
        },
      ],
      [
        'rpc',
        'book_for_student',
        { student_id: 's1', date: '2026-11-26T14:00:00.000Z', appointment_type_id: 'type-counselling' },
      ],
    ]);
  });
});
