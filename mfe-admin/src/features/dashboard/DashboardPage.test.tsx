import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardPage } from './DashboardPage';
import { fetchCounts, fetchDailyLoad } from './dashboardApi';

// The data layer inside shared reaches the client through its own module.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('@campuscare/shared/appointments', () => ({
  ...jest.requireActual('@campuscare/shared/appointments'),
  AppointmentsOverview: () => null,
  WithClinic: () => null,
}));
jest.mock('./VisitsNeedingADoctor', () => ({ VisitsNeedingADoctor: () => null }));
jest.mock('./dashboardApi', () => ({
  ...jest.requireActual('./dashboardApi'),
  fetchCounts: jest.fn(),
  fetchDailyLoad: jest.fn(),
}));

beforeEach(() => {
  jest
    .mocked(fetchCounts)
    .mockReset()
    .mockResolvedValue({ appointments: 4263, programs: 25, staff: 8, students: 4763, visits_needing_a_doctor: 2 });
  jest
    .mocked(fetchDailyLoad)
    .mockReset()
    .mockResolvedValue([
      { day: '2030-01-30', count: 1204 },
      { day: '2030-01-31', count: 1 },
    ]);
});

describe('the admin dashboard', () => {
  it("shows the university's numbers and the per-day chart the database counted", async () => {
    render(<DashboardPage />);
    const cards = screen.getByRole('region', { name: 'University at a glance' });
    expect(await within(cards).findByText('4,263')).toBeInTheDocument();
    expect(within(cards).getByText('8')).toBeInTheDocument();
    expect(within(cards).getByText('Visits that need a doctor').parentElement).toHaveTextContent('2');
    const bars = await screen.findByRole('list', { name: 'Appointments per day' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual(['Wed, 30 Jan 2030: 1,204 appointments', 'Thu, 31 Jan 2030: 1 appointment']);
    expect(fetchDailyLoad).toHaveBeenCalledWith({}, 14);
  });

  it('says when the chart could not load and loads it again on request', async () => {
    jest.mocked(fetchDailyLoad).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    render(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Appointments per day' })).toBeInTheDocument();
  });
});
