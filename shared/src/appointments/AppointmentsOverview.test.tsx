import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Member } from '../database.types';
import { API_MESSAGES } from '../data/apiError';
import { AppointmentsOverview } from './AppointmentsOverview';
import { SEARCH_DELAY_MS } from '../ui/SearchBox';
import { listAppointments, listDoctors, updateAppointment, type OverviewAppointment } from './appointmentsApi';
import { listFreeSlots, loadClinic } from '../scheduling/schedulingApi';
import { appointmentFixture, clinic, NOW } from '../../../test/web/appointmentsTestData';

const admin = { id: 'm1', role: 'admin', university_id: 'u1' } as Member;

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../profile/UserProfileProvider', () => ({ useUserProfile: () => ({ status: 'signedIn', member: admin }) }));
jest.mock('../scheduling/schedulingApi', () => ({ loadClinic: jest.fn(), listFreeSlots: jest.fn() }));
jest.mock('./appointmentsApi', () => ({
  ...jest.requireActual('./appointmentsApi'),
  listAppointments: jest.fn(),
  listDoctors: jest.fn(),
  updateAppointment: jest.fn(),
}));

const row: OverviewAppointment = {
  ...appointmentFixture({ student_id: 's1', provider_id: null, date: '2030-03-02T09:30:00.000Z' }),
  provider: null,
};

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  // The row's time is free with every doctor: assigning one saves without a warning.
  jest
    .mocked(listFreeSlots)
    .mockImplementation(async (_client, query) => [
      { startsAt: row.date, endsAt: '2030-03-02T10:00:00.000Z', doctorId: query.doctorId ?? null, freeDoctors: 1 },
    ]);
  jest
    .mocked(listAppointments)
    .mockReset()
    .mockResolvedValue({ appointments: [row], total: 1 });
  jest.mocked(listDoctors).mockResolvedValue([{ id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }]);
  jest.mocked(updateAppointment).mockReset();
});

async function openMenuItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: /^Actions for Ada Obi/ }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
}

describe('AppointmentsOverview', () => {
  it('shows the rows with the spec columns and searches on the server after typing stops', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      render(<AppointmentsOverview />);
      const table = await screen.findByRole('table', { name: 'Appointments Overview' });
      for (const header of ['ID', 'Name', 'Date/time (America/New_York)', 'Reason', 'Provider', 'Status', 'Actions']) {
        expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
      }
      // The clinic's clock, not the computer's: 09:30 UTC is 04:30 in New York in March.
      expect(within(table).getByRole('cell', { name: 'Sat, 2 Mar 2030, 04:30' })).toBeInTheDocument();
      expect(within(table).getByText('Unassigned')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Search appointments'), { target: { value: 'Ada' } });
      await act(async () => {
        jest.advanceTimersByTime(SEARCH_DELAY_MS);
      });
      expect(listAppointments).toHaveBeenLastCalledWith({}, expect.objectContaining({ search: 'Ada', page: 1 }));
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
      await waitFor(() =>
        expect(listAppointments).toHaveBeenLastCalledWith({}, expect.objectContaining({ status: 'cancelled' })),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it("opens on the visits from the start of the clinic's today, soonest first, with the past a filter away", async () => {
    jest.useFakeTimers({ now: NOW, advanceTimers: true });
    try {
      render(<AppointmentsOverview />);
      expect(await screen.findByRole('table', { name: 'Appointments Overview' })).toBeInTheDocument();
      // Midnight in New York on Monday 23 November 2026 is 05:00 UTC.
      expect(listAppointments).toHaveBeenLastCalledWith(
        {},
        expect.objectContaining({ period: 'upcoming', from: '2026-11-23T05:00:00.000Z', order: 'asc', page: 1 }),
      );
      expect(screen.getByLabelText('When')).toHaveValue('upcoming');

      fireEvent.change(screen.getByLabelText('When'), { target: { value: 'past' } });
      await waitFor(() =>
        expect(listAppointments).toHaveBeenLastCalledWith(
          {},
          expect.objectContaining({ period: 'past', order: 'desc', page: 1 }),
        ),
      );
      expect(screen.getByLabelText('Sort by date')).toHaveValue('desc');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows an error for people with a retry when loading fails', async () => {
    jest.mocked(listAppointments).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<AppointmentsOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('assigns a doctor through Edit and shows a conflict clearly', async () => {
    jest
      .mocked(updateAppointment)
      .mockRejectedValueOnce(Object.assign(new Error('That doctor is already booked at that time'), { code: '23P01' }));
    render(<AppointmentsOverview />);
    await openMenuItem('Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit appointment' });
    await waitFor(() => expect(within(dialog).getByLabelText('Doctor')).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText('Doctor'), { target: { value: 'd1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That doctor is already booked at that time');
    const loads = jest.mocked(listAppointments).mock.calls.length;

    jest.mocked(updateAppointment).mockResolvedValueOnce({ ...row, provider_id: 'd1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updateAppointment).toHaveBeenLastCalledWith({}, { id: 'a1', providerId: 'd1' });
    // The change invalidated the appointments: the table reads its page again.
    await waitFor(() => expect(jest.mocked(listAppointments).mock.calls.length).toBeGreaterThan(loads));
  });

  it('cancels only with a reason', async () => {
    jest.mocked(updateAppointment).mockResolvedValue({ ...row, status: 'cancelled' });
    render(<AppointmentsOverview />);
    await openMenuItem('Cancel');
    const dialog = screen.getByRole('dialog', { name: 'Cancel appointment' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Give a reason for cancelling the appointment')).toBeInTheDocument();
    expect(updateAppointment).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason for cancelling'), { target: { value: 'Clinic closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() =>
      expect(updateAppointment).toHaveBeenCalledWith(
        {},
        { id: 'a1', status: 'cancelled', cancelReason: 'Clinic closed' },
      ),
    );
  });

  it('adds the configured row actions and the patient opener', async () => {
    const assign = jest.fn();
    const openPatient = jest.fn();
    render(
      <AppointmentsOverview
        extraActions={() => [{ label: 'Assign to me', onSelect: assign }]}
        onOpenPatient={openPatient}
      />,
    );
    await openMenuItem('Assign to me');
    expect(assign).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ada Obi' }));
    expect(openPatient).toHaveBeenCalledWith(row);
  });

  it("offers the front desk's check-in and no-show on the visit's day, and saves them at once", async () => {
    // Monday 23 November 2026, 10:00 in New York; the visit began at 09:00.
    jest.useFakeTimers({ now: NOW, advanceTimers: true });
    try {
      const today = { ...row, date: '2026-11-23T14:00:00.000Z' };
      jest.mocked(listAppointments).mockResolvedValue({
        appointments: [today, { ...today, id: 'a2', name: 'Ben Cole', status: 'arrived' }],
        total: 2,
      });
      jest.mocked(updateAppointment).mockResolvedValue({ ...today, status: 'no_show' });
      render(<AppointmentsOverview />);
      const table = await screen.findByRole('table', { name: 'Appointments Overview' });
      expect(within(table).getByText('Arrived')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: /^Actions for Ben Cole/ }));
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Undo check-in',
        'Edit',
        'Cancel',
      ]);
      fireEvent.click(screen.getByRole('button', { name: /^Actions for Ben Cole/ }));
      await openMenuItem('No-show');
      await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith({}, { id: 'a1', status: 'no_show' }));
    } finally {
      jest.useRealTimers();
    }
  });
});
