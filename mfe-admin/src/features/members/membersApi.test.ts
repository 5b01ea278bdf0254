import type { CampusCareClient } from '@campuscare/shared';
import { inviteStaff, listMembers } from './membersApi';

type Call = readonly [string, ...unknown[]];

function fakeClient(result: { data?: unknown; count?: number; error?: { message: string; code?: string } | null }) {
  const calls: Call[] = [];
  const builder: Record<string, unknown> = {};
  for (const method of ['from', 'select', 'neq', 'in', 'eq', 'or', 'order', 'range']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.rpc = async (...args: unknown[]) => {
    calls.push(['rpc', ...args]);
    return { data: result.data ?? null, error: result.error ?? null };
  };
  builder.then = (resolve: (value: unknown) => void) =>
    resolve({ data: result.data ?? [], count: result.count ?? 0, error: result.error ?? null });
  return { client: builder as unknown as CampusCareClient, calls };
}

describe('listMembers', () => {
  it('lists all staff (admins and doctors, the signed-in admin too, as the dashboard counts them), searched by name, email or staff ID', async () => {
    const { client, calls } = fakeClient({ data: [{ id: 'm1' }], count: 12 });
    const page = await listMembers(client, { kind: 'staff', page: 2, pageSize: 10, search: 'bello' });
    expect(page).toEqual({ rows: [{ id: 'm1' }], total: 12 });
    expect(calls.some(([method]) => method === 'neq')).toBe(false);
    expect(calls).toContainEqual(['in', 'role', ['admin', 'doctor']]);
    expect(calls).toContainEqual([
      'or',
      'first_name.ilike.*bello*,last_name.ilike.*bello*,email.ilike.*bello*,staff_id.ilike.*bello*',
    ]);
    expect(calls).toContainEqual(['range', 10, 19]);
  });

  it('lists students by registration number and never selects health data', async () => {
    const { client, calls } = fakeClient({});
    await listMembers(client, { kind: 'students', page: 1, pageSize: 10, search: 'NFU/2024' });
    expect(calls).toContainEqual(['eq', 'role', 'student']);
    expect(calls).toContainEqual(['or', expect.stringContaining('reg_number.ilike.*NFU/2024*')]);
    const select = calls.find(([method]) => method === 'select');
    expect(String(select?.[1])).not.toMatch(/health|genotype|blood/);
  });

  it('reads whether each member must change the password', async () => {
    const { client, calls } = fakeClient({});
    await listMembers(client, { kind: 'staff', page: 1, pageSize: 10, search: '' });
    const select = calls.find(([method]) => method === 'select');
    expect(String(select?.[1])).toContain('must_change_password');
  });
});

describe('inviteStaff', () => {
  it('sends the trimmed address and role', async () => {
    const { client, calls } = fakeClient({
      data: { id: 'i1', email: 'a@b.edu', role: 'doctor', expires_at: '2026-01-21T09:00:00Z' },
    });
    await expect(inviteStaff(client, { email: ' a@b.edu ', role: 'doctor' })).resolves.toBeUndefined();
    expect(calls).toContainEqual(['rpc', 'invite_staff', { email: 'a@b.edu', role: 'doctor' }]);
  });

  it("shows the database's refusal", async () => {
    const refusal =
      'Your university has sent 50 invitations in the last 24 hours, the most allowed; try again tomorrow';
    const { client } = fakeClient({ error: { message: refusal, code: 'P0001' } });
    await expect(inviteStaff(client, { email: 'a@b.edu', role: 'doctor' })).rejects.toThrow(refusal);
  });
});
