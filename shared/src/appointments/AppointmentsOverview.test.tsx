import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Member } from '../database.types';
import { AppointmentsOverview, SEARCH_DELAY_MS } from './AppointmentsOverview';
import { listAppointments, listDoctors, updateAppointment, type OverviewAppointment } from './appointmentsApi';
import { listFreeSlots, loadClinic, type Clinic } from '../scheduling/schedulingApi';

const admin = { id: 'm1', role: 'admin', university_id: 'u1' } as Member;

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));
jest.mock('../profile/UserProfileProvider', () => ({ useUserProfile: () => ({ status: 'signedIn', member: admin }) }));
jest.mock('../scheduling/schedulingApi', () => ({ loadClinic: jest.fn(), listFreeSlots: jest.fn() }));
jest.mock('./appointmentsApi', () => ({
  ...jest.requireActual('./appointmentsApi'),
  listAppointments: jest.fn(),
  listDoctors: jest.fn(),
  updateAppointment: jest.fn(),
}));

const row: OverviewAppointment = {
  id: 'a1',
  university_id: 'u1',
  student_id: 's1',
  provider_id: null,
  provider: null,
  date: '2030-03-02T09:30:00.000Z',
  duration_minutes: 30,
  name: 'Ada Obi',
  department: 'Physics',
  reg: 'NFU/2024/001',
  year: 2,
  reason: 'Malaria',
  status: 'scheduled',
  cancel_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const clinic = {
  settings: { university_id: 'u1', timezone: 'America/New_York', slot_minutes: 30, min_notice_minutes: 120, student_change_cutoff_minutes: 720, updated_at: '2026-01-01T00:00:00Z' },
  hours: [],
  closures: [],
} satisfies Clinic;

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  // The row's time is free with every doctor: assigning one saves without a warning.
  jest.mocked(listFreeSlots).mockImplementation(async (_client, query) => [{ startsAt: row.date, endsAt: '2030-03-02T10:00:00.000Z', doctorId: query.doctorId ?? null, freeDoctors: 1 }]);
  jest.mocked(listAppointments).mockReset().mockResolvedValue({ appointments: [row], total: 1 });
  jest.mocked(listDoctors).mockResolvedValue([{ id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }]);
  jest.mocked(updateAppointment).mockReset();
});

async function openMenuItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: /^Actions for Ada Obi/ }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
}

describe('AppointmentsOverview', () => {
  it('shows the rows with the spec columns and searches on the server after typing stops', async () => {
    jest.useFakeTimers();
    try {
      render(<AppointmentsOverview />);
      await act(async () => undefined);
      const table = screen.getByRole('table', { name: 'Appointments Overview' });
      for (const header of ['ID', 'Name', 'Date/time', 'Reason', 'Provider', 'Status', 'Actions']) {
        expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
      }
      expect(within(table).getByText('Unassigned')).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText('Search appointments'), { target: { value: 'Ada' } });
      await act(async () => {
        jest.advanceTimersByTime(SEARCH_DELAY_MS);
      });
      expect(listAppointments).toHaveBeenLastCalledWith({}, expect.objectContaining({ search: 'Ada', page: 1 }));
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
      await act(async () => undefined);
      expect(listAppointments).toHaveBeenLastCalledWith({}, expect.objectContaining({ status: 'cancelled' }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows an error with a retry when loading fails', async () => {
    jest.mocked(listAppointments).mockRejectedValueOnce(new Error('network down'));
    render(<AppointmentsOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch appointments: network down');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('assigns a doctor through Edit and shows a conflict clearly', async () => {
    jest.mocked(updateAppointment).mockRejectedValueOnce(new Error('That doctor is already booked at that time'));
    const onChanged = jest.fn();
    render(<AppointmentsOverview onChanged={onChanged} />);
    await openMenuItem('Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit appointment' });
    await waitFor(() => expect(within(dialog).getByLabelText('Doctor')).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText('Doctor'), { target: { value: 'd1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That doctor is already booked at that time');
    expect(onChanged).not.toHaveBeenCalled();

    jest.mocked(updateAppointment).mockResolvedValueOnce({ ...row, provider_id: 'd1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(updateAppointment).toHaveBeenLastCalledWith({}, 'a1', { providerId: 'd1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels only with a reason', async () => {
    jest.mocked(updateAppointment).mockResolvedValue({ ...row, status: 'cancelled' });
    render(<AppointmentsOverview />);
    await openMenuItem('Cancel');
    const dialog = screen.getByRole('dialog', { name: 'Cancel appointment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(within(dialog).getByText('Give a reason for cancelling the appointment')).toBeInTheDocument();
    expect(updateAppointment).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason for cancelling'), { target: { value: 'Clinic closed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith({}, 'a1', { status: 'cancelled', cancelReason: 'Clinic closed' }));
  });

  it('adds the configured row actions and the patient opener', async () => {
    const assign = jest.fn();
    const openPatient = jest.fn();
    render(<AppointmentsOverview extraActions={() => [{ label: 'Assign to me', onSelect: assign }]} onOpenPatient={openPatient} />);
    await openMenuItem('Assign to me');
    expect(assign).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ada Obi' }));
    expect(openPatient).toHaveBeenCalledWith(row);
  });
});
