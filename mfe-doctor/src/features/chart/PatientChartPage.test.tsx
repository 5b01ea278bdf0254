import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API_MESSAGES, queryClient } from '@campuscare/shared';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { clinic } from '../../../../test/web/appointmentsTestData';
import { chartFixture, letterFixture, ROSA, visitFixture } from '../../test/clinicalTestData';
import { revokeExcuseLetter } from '../../components/clinical/lettersApi';
import { loadEarlierVisits, openPatientChart } from './chartApi';
import { PatientChartPage } from './PatientChartPage';
import { describeTrend, TREND_MEASURES, trendLines } from './vitalsTrend';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('../../components/clinical/lettersApi', () => ({
  ...jest.requireActual('../../components/clinical/lettersApi'),
  revokeExcuseLetter: jest.fn(),
}));
jest.mock('./chartApi', () => ({
  ...jest.requireActual('./chartApi'),
  openPatientChart: jest.fn(),
  loadEarlierVisits: jest.fn(),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));

const open = jest.mocked(openPatientChart);

function renderChart(path = '/patientchart?student=student-1') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PatientChartPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  open.mockReset().mockResolvedValue(chartFixture());
  jest.mocked(loadEarlierVisits).mockReset();
  jest.mocked(revokeExcuseLetter).mockReset();
});

afterEach(() => queryClient.clear());

describe('the patient chart', () => {
  it('says what to do when no patient was chosen', () => {
    renderChart('/patientchart');
    expect(screen.getByRole('heading', { level: 1, name: 'Patient chart' })).toBeInTheDocument();
    expect(screen.getByText('No patient chosen')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('says in words for people when the chart cannot be opened, and tries again', async () => {
    open.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderChart();
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rosa Garcia')).toBeInTheDocument();
  });

  it('shows the profile with the allergies highlighted, the timeline, the trend, prescriptions, letters and coming visits', async () => {
    renderChart();
    const patient = await screen.findByRole('region', { name: 'Patient' });
    expect(within(patient).getByRole('region', { name: 'Allergies' })).toHaveTextContent('Penicillin (rash)');
    expect(within(patient).getByText('NFU/2024/018')).toBeInTheDocument();
    expect(within(patient).getByText('O+')).toBeInTheDocument();
    // The front desk's count, under the name.
    expect(within(patient).getByText('2 no-shows')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith({}, 'student-1');

    const timeline = screen.getByRole('list', { name: 'Visits, newest first' });
    const [draft, signed] = within(timeline).getAllByRole('article');
    if (!draft || !signed) throw new Error('two visits');
    expect(draft).toHaveTextContent('Draft');
    expect(within(draft).getByRole('link', { name: 'Continue the visit' })).toHaveAttribute(
      'href',
      '/visit?id=visit-1',
    );
    expect(signed).toHaveTextContent('Signed');
    expect(signed).toHaveTextContent('Cough for a week');
    expect(signed).toHaveTextContent('Diagnoses: Acute bronchitis (J20.9)');
    expect(within(signed).getByRole('list', { name: 'Prescriptions' })).toHaveTextContent('Paracetamol');
    expect(within(signed).getByRole('list', { name: 'Addenda' })).toHaveTextContent('Dr Tunde Bello');
    expect(within(signed).getByRole('link', { name: 'Open the visit' })).toHaveAttribute('href', '/visit?id=visit-0');

    const trend = screen.getByRole('region', { name: 'Vital signs trend' });
    const temperature = within(trend).getByRole('img', { name: /^Temperature over time/ });
    expect(temperature).toHaveAccessibleName(expect.stringContaining('2 readings'));
    expect(temperature).toHaveAccessibleName(expect.stringContaining('highest 38.4'));
    expect(within(trend).getByRole('img', { name: /^Blood pressure over time/ })).toBeInTheDocument();
    const table = within(trend).getByRole('table', { name: 'Vital signs, oldest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Fever');

    expect(screen.getByRole('table', { name: 'Current prescriptions' })).toHaveTextContent(
      '500 mg · dose 2 tablets · by mouth · every 6 hours · for 5 days · quantity 40 tablets',
    );
    const letters = within(screen.getByRole('region', { name: 'Excuse letters' })).getByRole('list', {
      name: 'Excuse letters',
    });
    expect(letters).toHaveTextContent('Valid');
    expect(screen.getByRole('table', { name: 'Upcoming appointments' })).toHaveTextContent('Follow-up');
  });

  it('shows earlier visits a page at a time under the newest, reading each page once', async () => {
    open.mockResolvedValue(chartFixture({ earlier_visits: 3 }));
    const older = (n: number) =>
      visitFixture({
        id: `visit-old-${n}`,
        status: 'signed',
        date: `2026-0${n}-10T10:00:00Z`,
        chief_complaint: `Older complaint ${n}`,
        signed_at: `2026-0${n}-10T10:30:00Z`,
      });
    jest
      .mocked(loadEarlierVisits)
      .mockResolvedValueOnce({ visits: [older(5), older(4)], earlier_visits: 1 })
      .mockResolvedValueOnce({ visits: [older(3)], earlier_visits: 0 });
    const user = renderChart();
    const timeline = await screen.findByRole('list', { name: 'Visits, newest first' });
    expect(within(timeline).getAllByRole('article')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Show earlier visits (3 more)' }));
    expect(await within(timeline).findByRole('heading', { level: 3, name: /Older complaint 4/ })).toBeInTheDocument();
    expect(loadEarlierVisits).toHaveBeenLastCalledWith({}, { studentId: 'student-1', afterVisit: 'visit-0' });
    await user.click(screen.getByRole('button', { name: 'Show earlier visits (1 more)' }));
    expect(await within(timeline).findByRole('heading', { level: 3, name: /Older complaint 3/ })).toBeInTheDocument();
    expect(loadEarlierVisits).toHaveBeenLastCalledWith({}, { studentId: 'student-1', afterVisit: 'visit-old-4' });
    const complaints = within(timeline)
      .getAllByRole('article')
      .map((visit) => within(visit).getByRole('heading', { level: 3 }).textContent?.split(' · ')[1]);
    expect(complaints).toEqual([
      'Malaria',
      'Cough for a week',
      'Older complaint 5',
      'Older complaint 4',
      'Older complaint 3',
    ]);
    expect(screen.queryByRole('button', { name: /^Show earlier visits/ })).not.toBeInTheDocument();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('says so where there is nothing yet', async () => {
    open.mockResolvedValue(
      chartFixture({
        health_profile: null,
        allergy_terms: [],
        visits: [],
        vital_signs: [],
        current_prescriptions: [],
        excuse_letters: [],
        upcoming_appointments: [],
        no_show_count: 0,
      }),
    );
    renderChart();
    expect(await screen.findByText('No missed visits')).toBeInTheDocument();
    expect(
      await screen.findByText('Not known: the student has not filled in the health questionnaire.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No visits recorded yet')).toBeInTheDocument();
    expect(screen.getByText('No vital signs recorded yet')).toBeInTheDocument();
    expect(screen.getByText('No current prescriptions')).toBeInTheDocument();
    expect(screen.getByText('No excuse letters.')).toBeInTheDocument();
    expect(screen.getByText('No upcoming appointments')).toBeInTheDocument();
  });

  it('revokes a letter with a reason and shows it revoked', async () => {
    jest.mocked(revokeExcuseLetter).mockResolvedValue(
      letterFixture({
        id: 'letter-0',
        visit_id: 'visit-0',
        starts_on: '2026-10-20',
        ends_on: '2026-10-22',
        status: 'revoked',
        revoked_at: '2026-11-01T10:00:00Z',
        revoked_by_name: 'Dr Amelia Adams',
        revoke_reason: 'Issued for the wrong dates',
      }),
    );
    const user = renderChart();
    const section = await screen.findByRole('region', { name: 'Excuse letters' });
    await user.click(within(section).getByRole('button', { name: /^Revoke the letter for/ }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke excuse letter' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke letter' }));
    expect(within(dialog).getByLabelText('Reason for revoking')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Reason for revoking'), 'Issued for the wrong dates');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke letter' }));
    expect(await within(section).findByText('Revoked')).toBeInTheDocument();
    expect(section).toHaveTextContent('Issued for the wrong dates');
    expect(revokeExcuseLetter).toHaveBeenCalledWith({}, { letterId: 'letter-0', reason: 'Issued for the wrong dates' });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('starts a walk-in visit for the student from the chart', async () => {
    const user = renderChart();
    await user.click(await screen.findByRole('button', { name: 'Start walk-in visit' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a walk-in visit' });
    expect(dialog).toHaveTextContent(`Student: Rosa Garcia · ${ROSA.reg_number}`);
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('records a dose the clinic gave from the chart, for this student', async () => {
    const user = renderChart();
    await user.click(await screen.findByRole('button', { name: 'Record a clinic dose' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a dose given at the clinic to Rosa Garcia' });
    expect(within(dialog).getByLabelText('Day it was given')).toHaveAttribute(
      'max',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the trend in words', () => {
  it('says the count, the days on the clinic’s calendar, the lowest, highest and latest values of each line', () => {
    const pressure = TREND_MEASURES.find((measure) => measure.key === 'pressure');
    if (!pressure) throw new Error('no blood pressure');
    // Auckland is a day ahead of UTC: 13:05 UTC on 20 October is already the 21st there.
    const text = describeTrend(pressure, trendLines(pressure, chartFixture().vital_signs), 'Pacific/Auckland');
    expect(text).toBe(
      'Blood pressure, mmHg. Systolic: 2 readings from Wed, 21 Oct 2026 to Wed, 25 Nov 2026; lowest 118, highest 118, latest 118 on Wed, 25 Nov 2026. ' +
        'Diastolic: 2 readings from Wed, 21 Oct 2026 to Wed, 25 Nov 2026; lowest 76, highest 76, latest 76 on Wed, 25 Nov 2026.',
    );
  });
});
