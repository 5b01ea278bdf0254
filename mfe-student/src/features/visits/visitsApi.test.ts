import type { CampusCareClient, Json } from '@campuscare/shared';
import { loadMyVisits, readMyVisits, UNREADABLE_VISITS_MESSAGE } from './visitsApi';
import { checkUp, myVisits, visitFixture } from '../../test/visitsTestData';

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

describe('my_visits() as the page reads it', () => {
  it('asks my_visits and keeps signed visits only, newest first', async () => {
    const draft = visitFixture({ id: 'visit-3', status: 'draft', date: '2026-03-20T14:00:00+00:00', signed_at: null });
    const rpc = jest.fn(async () => ({
      data: asJson({ ...myVisits, visits: [checkUp, draft, visitFixture()] }),
      error: null,
    }));
    const visits = await loadMyVisits({ rpc } as unknown as CampusCareClient);
    expect(rpc).toHaveBeenCalledWith('my_visits');
    expect(visits.visits.map((visit) => visit.id)).toEqual(['visit-2', 'visit-1']);
    expect(visits.student.reg_number).toBe('NFU/2024/006');
    expect(visits.university.name).toBe('Northfield University');
  });

  it('refuses an answer of another shape with a message for people', () => {
    expect(() => readMyVisits(null)).toThrow(UNREADABLE_VISITS_MESSAGE);
    expect(() => readMyVisits(asJson({ ...myVisits, visits: [{ id: 'v' }] }))).toThrow(UNREADABLE_VISITS_MESSAGE);
    expect(() => readMyVisits(asJson({ student: myVisits.student, visits: [] }))).toThrow(UNREADABLE_VISITS_MESSAGE);
  });
});
