import type { AuditEntry } from './auditApi';
import { auditCsv } from './auditCsv';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-03-02T14:05:09.123Z',
  event_kind: 'health_record_read',
  actor_id: 'd1',
  actor_name: 'Dr Amelia Adams',
  actor_email: 'dr.adams@northfield.edu',
  actor_role: 'doctor',
  what: 'Health record',
  subject: 'Ada Obi',
  summary: 'Opened the health record (Patient record)',
  ...overrides,
});

describe('audit CSV', () => {
  it('writes a header and one line per entry, with labels for people and the email beside the name', () => {
    const csv = auditCsv([
      entry({}),
      entry({
        id: 2,
        event_kind: 'sign_in_failed',
        actor_id: null,
        actor_name: 'Unknown (not signed in)',
        actor_email: null,
        actor_role: null,
        what: 'Sign-in',
        summary: 'Wrong password from 203.0.113.9',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      '"When (UTC)","Person","Email","Role","Event","What","About","Details"',
      '"2026-03-02T14:05:09.123Z","Dr Amelia Adams","dr.adams@northfield.edu","doctor","Health record read","Health record","Ada Obi","Opened the health record (Patient record)"',
      '"2026-03-02T14:05:09.123Z","Unknown (not signed in)","","","Failed sign-in","Sign-in","Ada Obi","Wrong password from 203.0.113.9"',
      '',
    ]);
  });
});
