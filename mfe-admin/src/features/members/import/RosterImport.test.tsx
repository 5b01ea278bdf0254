import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLUMN_RULES, CONSTRAINT_RULES, RULE_MESSAGES } from '@campuscare/shared';
import { downloadText } from '../../../../../shared/src/ui/downloadText';
import { errorReportCsv, problemMessage, ROLE_MESSAGE } from './problems';
import { RosterImport } from './RosterImport';
import {
  allProblemRows,
  checkRows,
  confirmImport,
  latestImport,
  problemRows,
  type ProblemRow,
  type RosterImport as Import,
  sendingProgress,
} from './rosterImportApi';

jest.mock('../../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared/scheduling', () => ({
  ...jest.requireActual('@campuscare/shared/scheduling'),
  useClinic: () => ({ data: { settings: { timezone: 'UTC' } } }),
}));
jest.mock('../../../../../shared/src/ui/downloadText', () => ({ downloadText: jest.fn() }));
jest.mock('./rosterImportApi', () => ({
  ...jest.requireActual('./rosterImportApi'),
  latestImport: jest.fn(),
  checkRows: jest.fn(),
  confirmImport: jest.fn(),
  discardImport: jest.fn(),
  problemRows: jest.fn(),
  allProblemRows: jest.fn(),
  sendingProgress: jest.fn(),
}));

const previewed: Import = {
  id: 'i1',
  university_id: 'u1',
  kind: 'students',
  file_name: 'roster.csv',
  total_rows: 3,
  received_rows: 3,
  status: 'previewed',
  created_by: 'me',
  created_at: '2026-03-02T10:00:00Z',
  new_count: 1,
  member_count: 1,
  invited_count: 0,
  invalid_count: 1,
  confirmed_by: null,
  confirmed_at: null,
  queued_count: null,
  sending_until: null,
};
const BAD_ROW: ProblemRow = {
  rowNumber: 4,
  values: {
    first_name: 'Cai',
    last_name: 'Lin',
    email: 'not an address',
    reg_number: 'NFU/3',
    department: 'Law',
    year_of_study: '9',
  },
  problems: [
    { field: 'email', code: 'invalid' },
    { field: 'year_of_study', code: 'invalid' },
  ],
};

const FILE = [
  'Surname;Given name;E-mail;Matric no;Faculty;Level',
  'Obi;Ada;ada@example.edu;NFU/1;Law;1',
  'Ade;Bola;bola@example.edu;NFU/2;Law;2',
  'Lin;Cai;not an address;NFU/3;Law;9',
  '',
].join('\r\n');

// jsdom's files have no arrayBuffer(); browsers' do. Read through its FileReader instead.
beforeAll(() => {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    configurable: true,
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    },
  });
});

beforeEach(() => {
  jest.mocked(latestImport).mockReset().mockResolvedValue(null);
  jest.mocked(checkRows).mockReset();
  jest.mocked(confirmImport).mockReset();
  jest
    .mocked(problemRows)
    .mockReset()
    .mockResolvedValue({ rows: [BAD_ROW], total: 1 });
  jest.mocked(allProblemRows).mockReset().mockResolvedValue([BAD_ROW]);
  jest.mocked(sendingProgress).mockReset();
  jest.mocked(downloadText).mockReset();
});

describe('importing students', () => {
  it('reads a file whose headers differ, maps its columns and sends the rows to be checked', async () => {
    jest.mocked(checkRows).mockImplementation(async (_client, input) => {
      input.onProgress(input.rows.length);
      jest.mocked(latestImport).mockResolvedValue(previewed);
      return previewed;
    });
    const user = userEvent.setup();
    render(<RosterImport kind="students" />);

    await user.upload(
      await screen.findByLabelText('Roster file (CSV)'),
      new File([FILE], 'roster.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/roster\.csv: 3 rows, UTF-8, separated by ";"/)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveDisplayValue('Given name');
    expect(screen.getByLabelText('Year of study')).toHaveDisplayValue('Level');
    expect(screen.getByLabelText('Phone (optional)')).toHaveDisplayValue('— Not in the file —');

    await user.selectOptions(screen.getByLabelText('Department'), '— Not in the file —');
    expect(screen.getByText('Choose a column for: Department.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check 3 rows' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Department'), 'Faculty');
    await user.click(screen.getByRole('button', { name: 'Check 3 rows' }));

    await waitFor(() => expect(checkRows).toHaveBeenCalledTimes(1));
    const sent = jest.mocked(checkRows).mock.calls[0][1];
    expect(sent).toMatchObject({ kind: 'students', fileName: 'roster.csv' });
    expect(sent.rows[0]).toEqual({
      row: 2,
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@example.edu',
      reg_number: 'NFU/1',
      department: 'Law',
      year_of_study: '1',
      phone: '',
    });
    expect(await screen.findByRole('region', { name: 'What the file holds' })).toHaveTextContent('New invitations1');
  });

  it('shows the preview the database keeps, its rows with errors and their report, and confirms', async () => {
    jest.mocked(latestImport).mockResolvedValue(previewed);
    jest.mocked(confirmImport).mockResolvedValue({ ...previewed, status: 'confirmed', queued_count: 1 });
    const user = userEvent.setup();
    render(<RosterImport kind="students" />);
    const summary = await screen.findByRole('region', { name: 'What the file holds' });
    expect(summary).toHaveTextContent('Already members1');
    expect(summary).toHaveTextContent('Rows with errors1');
    const errors = await screen.findByRole('table', { name: 'Rows with errors' });
    expect(errors).toHaveTextContent('Email: Enter a valid email address');
    expect(errors).toHaveTextContent('Year of study: Year of study must be a whole number from 1 to 8');

    await user.click(screen.getByRole('button', { name: 'Download the error report (CSV)' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    expect(jest.mocked(downloadText).mock.calls[0][0]).toBe('import-errors-roster.csv');
    expect(jest.mocked(downloadText).mock.calls[0][1]).toContain(
      '"4","Email","Enter a valid email address","Cai","Lin","not an address"',
    );

    await user.click(screen.getByRole('button', { name: 'Invite 1 students' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite 1 students' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitations' }));
    await waitFor(() => expect(confirmImport).toHaveBeenCalledWith({}, 'i1'));
  });

  it('refuses a workbook saved under a .csv name with what to do, sending nothing', async () => {
    const user = userEvent.setup();
    render(<RosterImport kind="students" />);
    const workbook = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])], 'roster.csv', {
      type: 'text/csv',
    });
    await user.upload(await screen.findByLabelText('Roster file (CSV)'), workbook);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is an Excel workbook (or another zip file), not a CSV file.',
    );
    expect(checkRows).not.toHaveBeenCalled();
  });

  it('reads pasted rows too', async () => {
    const user = userEvent.setup();
    render(<RosterImport kind="staff" />);
    await user.click(await screen.findByLabelText('Or paste the rows, header first'));
    await user.paste('Email,Role\nnia@example.edu,Doctor\n');
    await user.click(screen.getByRole('button', { name: 'Read the pasted rows' }));
    expect(await screen.findByText(/Pasted rows: 1 row, UTF-8, separated by ","/)).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Role');
  });

  it('shows a confirmed import’s result again after a reload, with how many invitations went out', async () => {
    jest.mocked(latestImport).mockResolvedValue({
      ...previewed,
      status: 'confirmed',
      confirmed_at: '2026-03-02T10:05:00Z',
      queued_count: 2,
      new_count: 2,
    });
    jest.mocked(sendingProgress).mockResolvedValue({ queued: 2, sent: 1 });
    render(<RosterImport kind="students" />);
    expect(await screen.findByText('Sending the invitations: 1 of 2 sent')).toBeInTheDocument();
    expect(screen.getByText(/2 students invited/)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Rows with errors' })).toBeInTheDocument();
  });
});

describe('what a row’s problems say', () => {
  it('uses the forms’ words for the same rules', () => {
    expect(problemMessage({ field: 'first_name', code: 'required' })).toBe(RULE_MESSAGES.required);
    expect(problemMessage({ field: 'first_name', code: 'invalid' })).toBe(
      COLUMN_RULES.members_first_name_length.message,
    );
    expect(problemMessage({ field: 'reg_number', code: 'invalid' })).toBe(
      COLUMN_RULES.members_reg_number_format.message,
    );
    expect(problemMessage({ field: 'phone', code: 'invalid' })).toBe(COLUMN_RULES.members_phone_format.message);
    expect(problemMessage({ field: 'email', code: 'invalid' })).toBe(RULE_MESSAGES.invalidEmail);
    expect(problemMessage({ field: 'year_of_study', code: 'invalid' })).toBe(RULE_MESSAGES.invalidYear);
    expect(problemMessage({ field: 'role', code: 'invalid' })).toBe(ROLE_MESSAGE);
    expect(problemMessage({ field: 'reg_number', code: 'reg_number_taken' })).toBe(
      CONSTRAINT_RULES.members_university_reg_number_key.message,
    );
    expect(problemMessage({ field: 'email', code: 'duplicate', row: 7 })).toBe('The same address as row 7');
    expect(problemMessage({ field: 'reg_number', code: 'duplicate', row: 3 })).toBe(
      'The same registration number as row 3',
    );
  });

  it('writes one line per problem in the error report, values formula-safe', () => {
    const csv = errorReportCsv('students', [{ ...BAD_ROW, values: { ...BAD_ROW.values, first_name: '=cmd' } }]);
    expect(csv.split('\r\n')).toEqual([
      '"Row","Field","Problem","First name","Last name","Email","Registration number","Department","Year of study","Phone"',
      `"4","Email","Enter a valid email address","'=cmd","Lin","not an address","NFU/3","Law","9",""`,
      `"4","Year of study","Year of study must be a whole number from 1 to 8","'=cmd","Lin","not an address","NFU/3","Law","9",""`,
      '',
    ]);
  });
});
