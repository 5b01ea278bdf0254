import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient, SEARCH_DELAY_MS } from '@campuscare/shared';
import { clinic, NOW } from '../../../../test/web/appointmentsTestData';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { downloadText } from '../../../../shared/src/ui/downloadText';
import { exportHolds, type Hold, listHolds, loadCompliance } from './complianceApi';
import { CompliancePage, complianceShare } from './CompliancePage';

jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('../../../../shared/src/ui/downloadText', () => ({ downloadText: jest.fn() }));
jest.mock('./complianceApi', () => ({
  ...jest.requireActual('./complianceApi'),
  loadCompliance: jest.fn(),
  listHolds: jest.fn(),
  exportHolds: jest.fn(),
}));

const HOLD: Hold = {
  student_id: 's1',
  student_name: 'Ada Okoro',
  reg_number: 'NFU/2025/001',
  department: 'Medicine',
  year_of_study: 2,
  requirement_id: 'r1',
  requirement_name: 'Hepatitis B',
  due_on: '2026-10-01',
  missing: '3 more doses of Hepatitis B, adult (at least 28 days apart)',
};

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(loadCompliance).mockResolvedValue([
    {
      requirement_id: 'r1',
      name: 'Hepatitis B',
      students: 40,
      met: 10,
      exempt: 2,
      under_review: 3,
      due: 5,
      overdue: 20,
    },
    { requirement_id: 'r2', name: 'MMR', students: 0, met: 0, exempt: 0, under_review: 0, due: 0, overdue: 0 },
  ]);
  jest
    .mocked(listHolds)
    .mockReset()
    .mockResolvedValue({ rows: [HOLD], total: 1 });
  jest.mocked(exportHolds).mockReset().mockResolvedValue([HOLD]);
  jest.mocked(downloadText).mockReset();
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/immunization-compliance']}>
      <CompliancePage />
    </MemoryRouter>,
  );
}

describe('immunization compliance', () => {
  it('counts the students of each requirement per status', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Compliance per requirement' });
    const [, hepB, mmr] = within(table).getAllByRole('row');
    if (!hepB || !mmr) throw new Error('two requirements');
    expect(
      within(hepB)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Hepatitis B', '12 of 40 (30 %)', '10', '2', '3', '5', '20']);
    expect(within(mmr).getAllByRole('cell')[1]).toHaveTextContent('No students');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Requirement', 'Met or exempt', 'Met', 'Exempt', 'Under review', 'Due', 'Overdue']);
  });

  it('lists the overdue students, filtered by requirement, department and year in the database', async () => {
    renderPage();
    const holds = await screen.findByRole('table', { name: 'Overdue students' });
    await waitFor(() => expect(within(holds).getByText('Ada Okoro')).toBeInTheDocument());
    expect(within(holds).getAllByRole('row')[1]).toHaveTextContent('Thu, 1 Oct 2026');
    expect(listHolds).toHaveBeenLastCalledWith(
      {},
      { filter: { requirementId: '', department: '', year: '' }, page: 1, pageSize: 25 },
    );

    const filters = screen.getByRole('group', { name: 'Filter the holds list' });
    await waitFor(() => expect(within(filters).getByRole('option', { name: 'MMR' })).toBeInTheDocument());
    fireEvent.change(within(filters).getByLabelText('Requirement'), { target: { value: 'r1' } });
    fireEvent.change(within(filters).getByLabelText('Year of study'), { target: { value: '2' } });
    fireEvent.change(within(filters).getByLabelText('Department'), { target: { value: 'Medicine' } });
    act(() => jest.advanceTimersByTime(SEARCH_DELAY_MS));
    await waitFor(() =>
      expect(listHolds).toHaveBeenLastCalledWith(
        {},
        { filter: { requirementId: 'r1', department: 'Medicine', year: '2' }, page: 1, pageSize: 25 },
      ),
    );
  });

  it('exports what the filter matches as a CSV named after the clinic’s day', async () => {
    renderPage();
    const holds = await screen.findByRole('region', { name: 'Overdue students (holds)' });
    fireEvent.click(within(holds).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    const [fileName, csv, type] = jest.mocked(downloadText).mock.calls[0] ?? [];
    expect(fileName).toBe('immunization-holds-2026-11-23.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    expect(csv?.startsWith('\uFEFF"Student",')).toBe(true);
    expect(csv).toContain('"Ada Okoro","NFU/2025/001","Medicine","2","Hepatitis B","2026-10-01"');
    expect(exportHolds).toHaveBeenCalledWith({}, { requirementId: '', department: '', year: '' });
  });

  it('says the share met or exempt', () => {
    expect(complianceShare({ students: 3, met: 1, exempt: 0 })).toBe('1 of 3 (33 %)');
    expect(complianceShare({ students: 1200, met: 1200, exempt: 0 })).toBe('1,200 of 1,200 (100 %)');
  });
});
