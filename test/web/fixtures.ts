import type { Member, Role } from '@campuscare/shared';

export function memberFixture(role: Role, overrides: Partial<Member> = {}): Member {
  return {
    id: `${role}-id`,
    university_id: 'university-1',
    role,
    is_super_admin: false,
    status: 'active',
    must_change_password: false,
    title: null,
    first_name: 'Ada',
    last_name: 'Obi',
    email: `${role}@northfield.edu`,
    phone: null,
    staff_id: null,
    position: null,
    specialization: null,
    reg_number: null,
    department: null,
    year_of_study: null,
    avatar_path: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const TEST_CONFIG = {
  supabaseUrl: 'http://localhost',
  supabaseAnonKey: 'anon-key',
  remotes: {
    landing: '/mfe/landing/mf-manifest.json',
    admin: '/mfe/admin/mf-manifest.json',
    doctor: '/mfe/doctor/mf-manifest.json',
    student: '/mfe/student/mf-manifest.json',
  },
};

/** Answers the shell's `/config.json` request. */
export function serveTestConfig(): void {
  const response = { ok: true, status: 200, json: async () => TEST_CONFIG };
  globalThis.fetch = jest.fn(async () => response as unknown as Response);
}
