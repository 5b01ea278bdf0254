import type { AuditEntry } from './auditApi';
import { auditCsv, csvCell } from './auditCsv';

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
  it('quotes every cell, doubling the quotes, so no separator of any locale splits one', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    // In a locale whose lists use ";" an unquoted cell was two cells, the second one a formula.
    expect(csvCell('Dr Mallory;=HYPERLINK("http://evil")')).toBe(`"Dr Mallory;'=HYPERLINK(""http://evil"")"`);
  });

  it('keeps values a spreadsheet would run as formulas as text, at the start and after any separator or line break', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1 555 0100')).toBe(`"'+1 555 0100"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a,-2;+3\t@4\n=5\r\n-6')).toBe(`"a,'-2;'+3\t'@4\n'=5\r\n'-6"`);
    expect(csvCell('\t\t=x')).toBe(`"'\t'\t'=x"`);
    expect(csvCell('a=b; c-d, e+f')).toBe('"a=b; c-d, e+f"');
  });

  it('writes a header and one line per entry, with labels for people and the email beside the name', () => {
    const csv = auditCsv([
      entry({}),
      entry({ id: 2, event_kind: 'sign_in_failed', actor_id: null, actor_name: 'Unknown (not signed in)', actor_email: null, actor_role: null, what: 'Sign-in', summary: 'Wrong password from 203.0.113.9' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      '"When (UTC)","Person","Email","Role","Event","What","About","Details"',
      '"2026-03-02T14:05:09.123Z","Dr Amelia Adams","dr.adams@northfield.edu","doctor","Health record read","Health record","Ada Obi","Opened the health record (Patient record)"',
      '"2026-03-02T14:05:09.123Z","Unknown (not signed in)","","","Failed sign-in","Sign-in","Ada Obi","Wrong password from 203.0.113.9"',
      '',
    ]);
  });
});
