import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '@campuscare/shared';
import { adams, appointmentFixture, clinic, NOW } from '../../../../test/web/appointmentsTestData';
import { listFreeSlots, loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { listMyAppointments, type MyAppointmentQuery } from './appointmentsApi';
import { MyAppointments } from './MyAppointments';

// The shared dialogs read the clinic and the free times through the shared modules themselves.
jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  listFreeSlots: jest.fn(),
  loadClinic: jest.fn(),
}));
jest.mock('./appointmentsApi', () => ({ ...jest.requireActual('./appointmentsApi'), listMyAppointments: jest.fn() }));
const listMine = jest.mocked(listMyAppointments);

const upcoming = [
  appointmentFixture({ id: 'a1' }),
  appointmentFixture({ id: 'a2', date: '2026-11-24T02:00:00.000Z', reason: 'Vaccination', provider_id: null }),
];
const past = [
  appointmentFixture({
    id: 'a3',
    date: '2026-11-02T14:00:00.000Z',
    status: 'cancelled',
    cancel_reason: 'Clashed with an exam',
  }),
];

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(listFreeSlots).mockResolvedValue([]);
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  listMine.mockReset().mockImplementation(async (_client, query: MyAppointmentQuery) => {
    const rows = query.period === 'upcoming' ? upcoming : past;
    return { rows, total: rows.length };
  });
});

afterEach(() => {
  jest.useRealTimers();
});

function renderList() {
  render(<MyAppointments studentId="student-1" clinic={clinic} doctors={[adams]} />);
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

describe('MyAppointments', () => {
  it("asks the server for each period and shows the times on the clinic's clock, the zone named", async () => {
    renderList();
    const upcomingTable = await screen.findByRole('table', { name: 'Upcoming appointments' });
    const rows = within(upcomingTable).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Thu, 26 Nov 2026, 09:00 (America/New_York)',
      'Mon, 23 Nov 2026, 21:00 (America/New_York)',
    ]);
    expect(within(rows[1]).getByText('Not assigned yet')).toBeInTheDocument();

    const pastTable = await screen.findByRole('table', { name: 'Past appointments' });
    expect(within(pastTable).getByText('Mon, 2 Nov 2026, 09:00 (America/New_York)')).toBeInTheDocument();
    expect(within(pastTable).getByText('Clashed with an exam')).toBeInTheDocument();
    expect(within(pastTable).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();

    expect(listMine).toHaveBeenCalledWith(
      {},
      { studentId: 'student-1', period: 'upcoming', page: 1, pageSize: 5, now: expect.any(Date) },
    );
    expect(listMine).toHaveBeenCalledWith(
      {},
      { studentId: 'student-1', period: 'past', page: 1, pageSize: 5, now: expect.any(Date) },
    );
  });

  it('opens the dialogs of a row with its doctor, and locks them within the cutoff', async () => {
    const user = renderList();
    const upcomingTable = await screen.findByRole('table', { name: 'Upcoming appointments' });
    await user.click(
      within(upcomingTable).getByRole('button', {
        name: 'Actions for the appointment on Thu, 26 Nov 2026, 09:00 (America/New_York)',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Reschedule' }));
    const reschedule = screen.getByRole('dialog', { name: 'Reschedule appointment' });
    expect(await within(reschedule).findByText(/Dr Amelia Adams$/)).toBeInTheDocument();
    expect(within(reschedule).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await user.click(within(reschedule).getByRole('button', { name: 'Keep current time' }));

    await user.click(
      within(upcomingTable).getByRole('button', {
        name: 'Actions for the appointment on Mon, 23 Nov 2026, 21:00 (America/New_York)',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Cancel' }));
    const cancel = screen.getByRole('dialog', { name: 'Cancel appointment' });
    expect(await within(cancel).findByRole('button', { name: 'Cancel appointment' })).toBeDisabled();
    expect(within(cancel).getByText(/Please call the clinic to change this one\.$/)).toBeInTheDocument();
  });

  it('says when the appointments cannot be read, without the raw error, and reads them again on Try again', async () => {
    listMine
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderList();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      `${API_MESSAGES.unreachable}Try again`,
      `${API_MESSAGES.unreachable}Try again`,
    ]);
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    expect(await screen.findByRole('table', { name: 'Upcoming appointments' })).toBeInTheDocument();
  });
});
