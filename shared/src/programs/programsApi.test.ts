import type { Member, Program } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { API_MESSAGES } from '../data/apiError';
import {
  createProgram,
  deleteProgram,
  isPastProgram,
  listPrograms,
  mayChangeProgram,
  programFields,
  programValues,
  updateProgram,
} from './programsApi';

type Call = readonly [string, ...unknown[]];

/** A stand-in for the PostgREST query builder: records every call and answers with the next queued result. */
function fakeClient(
  results: ReadonlyArray<{ data?: unknown; count?: number | null; error?: { code?: string; message: string } | null }>,
) {
  const queries: Call[][] = [];
  let next = 0;
  const client = {
    from(table: string) {
      const calls: Call[] = [['from', table]];
      queries.push(calls);
      const builder: Record<string, unknown> = {};
      for (const method of [
        'select',
        'insert',
        'update',
        'delete',
        'eq',
        'gte',
        'lt',
        'order',
        'range',
        'single',
        'maybeSingle',
      ]) {
        builder[method] = (...args: unknown[]) => {
          calls.push([method, ...args]);
          return builder;
        };
      }
      builder.then = (resolve: (value: unknown) => void) => {
        const result = results[next++] ?? {};
        resolve({ data: result.data ?? null, count: result.count ?? null, error: result.error ?? null });
      };
      return builder;
    },
  };
  return { client: client as unknown as CampusCareClient, queries };
}

const program = (overrides: Partial<Program> = {}): Program => ({
  id: 'p1',
  university_id: 'u1',
  title: 'Blood Donation Drive',
  description: 'Give blood',
  date: '2026-02-01',
  time: '09:00:00',
  location: 'Sports Complex',
  program_type: 'Drive',
  target_audience: 'Everyone',
  activities: 'Donation',
  organiser: 'Dr Amelia Adams',
  created_by: 'm1',
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const VALUES = {
  title: ' Malaria Week ',
  description: 'Talks',
  date: '2026-03-02',
  time: '10:30',
  location: 'Hall',
  programType: 'Awareness',
  targetAudience: 'All students',
  activities: '',
};

describe('listPrograms', () => {
  it('pages upcoming programs from today on, soonest first, with the total', async () => {
    const { client, queries } = fakeClient([{ data: [program(), program({ id: 'p2' })], count: 5 }]);
    const result = await listPrograms(client, { timing: 'upcoming', page: 2, pageSize: 2, today: '2026-01-10' });
    expect(result).toEqual({ rows: [program(), program({ id: 'p2' })], total: 5 });
    expect(queries[0]).toContainEqual(['gte', 'date', '2026-01-10']);
    expect(queries[0]).toContainEqual(['order', 'date', { ascending: true }]);
    expect(queries[0]).toContainEqual(['range', 2, 3]);
  });

  it('pages past programs before today, latest first', async () => {
    const { client, queries } = fakeClient([{ data: [program({ id: 'past', date: '2026-01-02' })], count: 1 }]);
    const result = await listPrograms(client, { timing: 'past', page: 1, pageSize: 12, today: '2026-01-10' });
    expect(result.rows.map((row) => row.id)).toEqual(['past']);
    expect(queries[0]).toContainEqual(['lt', 'date', '2026-01-10']);
    expect(queries[0]).toContainEqual(['order', 'date', { ascending: false }]);
    expect(queries[0]).toContainEqual(['range', 0, 11]);
  });

  it('reports a refusal in words for people', async () => {
    const { client } = fakeClient([{ error: { code: '42501', message: 'permission denied for table programs' } }]);
    await expect(listPrograms(client, { timing: 'upcoming', page: 1, pageSize: 2 })).rejects.toThrow(
      API_MESSAGES.forbidden,
    );
  });

  it('tells past programs from upcoming ones by calendar day', () => {
    expect(isPastProgram({ date: '2026-01-09' }, '2026-01-10')).toBe(true);
    expect(isPastProgram({ date: '2026-01-10' }, '2026-01-10')).toBe(false);
  });
});

describe('program values', () => {
  it('stores trimmed text and empty optional fields as null', () => {
    expect(programFields(VALUES)).toEqual({
      title: 'Malaria Week',
      description: 'Talks',
      date: '2026-03-02',
      time: '10:30',
      location: 'Hall',
      program_type: 'Awareness',
      target_audience: 'All students',
      activities: null,
    });
  });

  it('turns a stored program back into form values (time without seconds)', () => {
    expect(programValues(program())).toMatchObject({
      title: 'Blood Donation Drive',
      time: '09:00',
      programType: 'Drive',
    });
    expect(programValues(null).title).toBe('');
  });
});

describe('saving programs', () => {
  const author = {
    id: 'm1',
    university_id: 'u1',
    title: 'Dr',
    first_name: 'Amelia',
    last_name: 'Adams',
    email: 'dr.adams@northfield.edu',
  } as Member;

  it('creates the program named after the author, leaving its university and author to the database', async () => {
    const { client, queries } = fakeClient([{ data: program() }]);
    await expect(createProgram(client, author, VALUES)).resolves.toEqual(program());
    const [, row] = queries[0].find(([method]) => method === 'insert') ?? [];
    expect(row).toMatchObject({ organiser: 'Dr Amelia Adams', title: 'Malaria Week' });
    expect(row).not.toHaveProperty('university_id');
    expect(row).not.toHaveProperty('created_by');
  });

  it('says so when RLS let an update or delete match nothing', async () => {
    await expect(updateProgram(fakeClient([{ data: null }]).client, 'p1', VALUES)).rejects.toThrow(
      'You cannot change this program.',
    );
    await expect(deleteProgram(fakeClient([{ data: [] }]).client, 'p1')).rejects.toThrow(
      'You cannot delete this program.',
    );
    await expect(deleteProgram(fakeClient([{ data: [{ id: 'p1' }] }]).client, 'p1')).resolves.toBeUndefined();
  });
});

describe('who may change a program', () => {
  const member = (role: Member['role'], overrides: Partial<Member> = {}) => ({
    id: 'm1',
    role,
    is_super_admin: false,
    ...overrides,
  });

  it('lets a doctor change the programs they created and no other', () => {
    expect(mayChangeProgram(member('doctor'), program({ created_by: 'm1' }))).toBe(true);
    expect(mayChangeProgram(member('doctor'), program({ created_by: 'm2' }))).toBe(false);
    expect(mayChangeProgram(member('doctor'), program({ created_by: null }))).toBe(false);
  });

  it('lets an admin, or a doctor who is a super admin, change any program; a student none', () => {
    expect(mayChangeProgram(member('admin'), program({ created_by: 'm2' }))).toBe(true);
    expect(mayChangeProgram(member('doctor', { is_super_admin: true }), program({ created_by: 'm2' }))).toBe(true);
    expect(mayChangeProgram(member('student'), program({ created_by: 'm1' }))).toBe(false);
  });
});
