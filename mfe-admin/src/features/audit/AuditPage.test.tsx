import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyError, notifySuccess } from '../../../../shared/src/toast/toast';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { AUDIT_EXPORT_LIMIT, type AuditEntry } from './auditApi';
import { downloadText } from '../../../../shared/src/ui/downloadText';
import { AuditPage } from './AuditPage';

/** The audit_entries RPC: its arguments, and the page it answers with (`total` on every row, as the database does). */
const rpc = jest.fn<Promise<{ data: unknown; error: unknown }>, [string, Record<string, unknown>]>();
type Answer = { rows: AuditEntry[]; total: number } | { error: { code: string; message: string } };
let answer: (args: Record<string, unknown>) => Answer;

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({ rpc }) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('../../../../shared/src/ui/downloadText', () => ({ downloadText: jest.fn() }));

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-03-02T14:05:00Z',
  event_kind: 'sign_in',
  actor_id: 'a1',
  actor_name: `Person ${id}`,
  actor_email: `person${id}@northfield.edu`,
  actor_role: 'doctor',
  what: 'Sign-in',
  subject: `Person ${id}`,
  summary: 'Signed in from 203.0.113.9',
  ...overrides,
});

beforeEach(() => {
  jest
    .mocked(loadClinic)
    .mockReset()
    .mockResolvedValue({ settings: { timezone: 'America/New_York' }, hours: [], closures: [] } as unknown as Awaited<
      ReturnType<typeof loadClinic>
    >);
  answer = () => ({
    rows: [
      entry(1),
      entry(2, { event_kind: 'health_record_read', what: 'Health record', summary: 'Opened the health record' }),
    ],
    total: 2,
  });
  rpc.mockReset().mockImplementation(async (_name, args) => {
    const answered = answer(args);
    return 'error' in answered
      ? { data: null, error: answered.error }
      : { data: answered.rows.map((row) => ({ ...row, total: answered.total })), error: null };
  });
  jest.mocked(downloadText).mockReset();
  jest.mocked(notifySuccess).mockReset();
  jest.mocked(notifyError).mockReset();
});

describe('the audit log page', () => {
  it('lists entries newest first with who, event, what and details, in the clinic time zone', async () => {
    render(<AuditPage />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Person 1');
    expect(rows[0]).toHaveTextContent('person1@northfield.edu');
    expect(rows[0]).toHaveTextContent('Sign-in');
    expect(rows[1]).toHaveTextContent('Health record read');
    // 14:05 UTC is 09:05 in New York in March: the clinic's clock, its zone named, to the second.
    expect(within(table).getByRole('columnheader', { name: 'When (America/New_York)' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('cell', { name: 'Mon, 2 Mar 2026, 09:05:00' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('audit_entries', { page: 1, page_size: 25 });
  });

  it('sends the search, person, event and dates to the server and goes back to page 1', async () => {
    answer = () => ({ rows: [entry(1)], total: 60 });
    const user = userEvent.setup();
    render(<AuditPage />);
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rpc).toHaveBeenLastCalledWith('audit_entries', { page: 2, page_size: 25 }));

    await user.selectOptions(screen.getByLabelText('Event'), 'Failed sign-in');
    await user.type(screen.getByLabelText('Person'), 'okafor');
    await user.type(screen.getByLabelText('Search'), 'ward');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(rpc).toHaveBeenLastCalledWith('audit_entries', {
        search: 'ward',
        person: 'okafor',
        event: 'sign_in_failed',
        from_date: '2026-03-01',
        to_date: '2026-03-31',
        page: 1,
        page_size: 25,
      }),
    );
  });

  it('says when nothing has been recorded', async () => {
    answer = () => ({ rows: [], total: 0 });
    render(<AuditPage />);
    expect(await screen.findByText('Nothing has been recorded yet')).toBeInTheDocument();
  });

  it('shows a refusal for people', async () => {
    answer = () => ({ error: { code: 'P0001', message: 'Only a super admin can do this' } });
    render(<AuditPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a super admin can do this');
  });

  it('exports every page of the filtered entries as CSV', async () => {
    const firstPage = Array.from({ length: 100 }, (_, i) =>
      entry(i + 1, { summary: i === 0 ? '=cmd()' : 'Signed in' }),
    );
    answer = (args) =>
      args.page_size === 100
        ? { rows: args.page === 1 ? firstPage : [entry(101)], total: 101 }
        : { rows: [entry(1)], total: 101 };
    const user = userEvent.setup();
    render(<AuditPage />);
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    const [fileName, csv, type] = jest.mocked(downloadText).mock.calls[0];
    expect(fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(type).toBe('text/csv;charset=utf-8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(102);
    expect(lines[1]).toContain(`,"'=cmd()"`);
    expect(notifySuccess).toHaveBeenCalledWith('Exported 101 entries');
    // Two requests of the most the database serves, with the page's filter.
    expect(rpc.mock.calls.filter(([, args]) => args.page_size === 100).map(([, args]) => args.page)).toEqual([1, 2]);
  });

  it('refuses to export more than the limit, saying how to narrow it', async () => {
    answer = () => ({ rows: [entry(1)], total: AUDIT_EXPORT_LIMIT + 1 });
    const user = userEvent.setup();
    render(<AuditPage />);
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'That is 10,001 entries; narrow the filter to at most 10,000 to export.',
      ),
    );
    expect(downloadText).not.toHaveBeenCalled();
  });
});
