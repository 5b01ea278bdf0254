import type { CampusCareClient } from '../supabase/client';
import { searchActiveStudents, studentLine } from './studentSearchApi';

/** A supabase-js stand-in that records every builder call and finds nobody. */
function recordingClient() {
  const calls: Array<readonly unknown[]> = [];
  const chain: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'eq', 'or', 'order', 'limit']) {
    chain[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return chain;
    };
  }
  chain.then = (resolve: (value: unknown) => void) => resolve({ data: [], error: null });
  return { client: chain as unknown as CampusCareClient, calls };
}

describe('searchActiveStudents', () => {
  it('looks for active students whose name or number holds every word, safely', async () => {
    const { client, calls } = recordingClient();
    await searchActiveStudents(client, ' rosa  garc,ia ');
    expect(calls).toContainEqual(['eq', 'role', 'student']);
    expect(calls).toContainEqual(['eq', 'status', 'active']);
    expect(calls).toContainEqual(['or', 'first_name.ilike.*rosa*,last_name.ilike.*rosa*,reg_number.ilike.*rosa*']);
    expect(calls).toContainEqual([
      'or',
      'first_name.ilike.*garc ia*,last_name.ilike.*garc ia*,reg_number.ilike.*garc ia*',
    ]);
    expect(calls).toContainEqual(['limit', 10]);
  });

  it('tells a student apart from namesakes by number and studies', () => {
    expect(
      studentLine({
        id: 's1',
        first_name: 'Rosa',
        last_name: 'Garcia',
        reg_number: 'NFU/2024/018',
        department: 'Law',
        year_of_study: 3,
      }),
    ).toBe('Rosa Garcia · NFU/2024/018 · Law, year 3');
    expect(
      studentLine({
        id: 's1',
        first_name: 'Rosa',
        last_name: 'Garcia',
        reg_number: null,
        department: null,
        year_of_study: null,
      }),
    ).toBe('Rosa Garcia');
  });
});
