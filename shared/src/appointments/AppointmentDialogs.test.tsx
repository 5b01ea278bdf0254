import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listFreeSlots, loadClinic, type Clinic } from '../scheduling/schedulingApi';
import { notifySuccess } from '../toast/toast';
import { EditAppointmentDialog } from './AppointmentDialogs';
import { listDoctors, updateAppointment, type OverviewAppointment } from './appointmentsApi';

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));
jest.mock('../scheduling/schedulingApi', () => ({ loadClinic: jest.fn(), listFreeSlots: jest.fn() }));
jest.mock('./appointmentsApi', () => ({
  ...jest.requireActual('./appointmentsApi'),
  listDoctors: jest.fn(),
  updateAppointment: jest.fn(),
}));

const ZONE = 'America/New_York';
const adams = { id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' };
const clinic = {
  settings: { university_id: 'u1', timezone: ZONE, slot_minutes: 30, min_notice_minutes: 120, student_change_cutoff_minutes: 720, updated_at: '2026-01-01T00:00:00Z' },
  hours: [],
  closures: [],
} satisfies Clinic;

// 09:30 in New York on Monday 4 March 2030 (UTC−5): the tests run with the machine's zone, which is not New York's.
const appointment: OverviewAppointment = {
  id: 'a1',
  university_id: 'u1',
  student_id: 's1',
  provider_id: 'd1',
  provider: adams,
  date: '2030-03-04T14:30:00.000Z',
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

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listDoctors).mockResolvedValue([adams]);
  jest.mocked(listFreeSlots).mockReset().mockResolvedValue([]);
  jest.mocked(updateAppointment).mockReset().mockImplementation(async (_client, _id, change) => ({ ...appointment, date: change.date ?? appointment.date }));
  jest.mocked(notifySuccess).mockReset();
});

function openDialog(props: Partial<Parameters<typeof EditAppointmentDialog>[0]> = {}) {
  const onChanged = jest.fn();
  render(<EditAppointmentDialog appointment={appointment} viewerRole="admin" onClose={jest.fn()} onChanged={onChanged} {...props} />);
  return { onChanged, dialog: screen.getByRole('dialog', { name: 'Edit appointment' }) };
}

describe('EditAppointmentDialog', () => {
  it("shows and takes the time on the clinic's clock, naming the zone", async () => {
    const { dialog } = openDialog();
    const when = await within(dialog).findByLabelText('Date and time');
    expect(when).toHaveValue('2030-03-04T09:30');
    expect(when).toHaveAccessibleDescription(`Clinic time (${ZONE})`);
    expect(within(dialog).getByText(/Ada Obi \(NFU\/2024\/001\) · Mon, 4 Mar 2030, 09:30 \(America\/New_York\)/)).toBeInTheDocument();
  });

  it("warns when the new time is not one of the doctor's free slots and saves only after 'Save anyway'", async () => {
    const user = userEvent.setup();
    const { dialog, onChanged } = openDialog();
    const when = await within(dialog).findByLabelText('Date and time');
    await user.clear(when);
    await user.type(when, '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside Dr Amelia Adams's hours or already taken — save anyway?");
    expect(listFreeSlots).toHaveBeenCalledWith({}, { from: '2030-03-04', to: '2030-03-04', doctorId: 'd1' });
    expect(updateAppointment).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    // 07:00 in New York is 12:00 UTC.
    expect(updateAppointment).toHaveBeenCalledWith({}, 'a1', { date: '2030-03-04T12:00:00.000Z' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment updated');
  });

  it('drops the warning when the time is changed again, and saves a free slot without asking', async () => {
    jest.mocked(listFreeSlots).mockResolvedValue([{ startsAt: '2030-03-04T15:00:00.000Z', endsAt: '2030-03-04T15:30:00.000Z', doctorId: 'd1', freeDoctors: 1 }]);
    const user = userEvent.setup();
    const { dialog, onChanged } = openDialog();
    const when = await within(dialog).findByLabelText('Date and time');
    await user.clear(when);
    await user.type(when, '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Save anyway' })).toBeInTheDocument();

    await user.clear(when);
    await user.type(when, '2030-03-04T10:00');
    expect(within(dialog).queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(updateAppointment).toHaveBeenCalledWith({}, 'a1', { date: '2030-03-04T15:00:00.000Z' });
  });

  it('names no doctor when the appointment has none, checking every doctor', async () => {
    const user = userEvent.setup();
    const { dialog } = openDialog({ appointment: { ...appointment, provider_id: null, provider: null } });
    const when = await within(dialog).findByLabelText('Date and time');
    await user.clear(when);
    await user.type(when, '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside the clinic's hours or no doctor is free then — save anyway?");
    expect(listFreeSlots).toHaveBeenCalledWith({}, { from: '2030-03-04', to: '2030-03-04', doctorId: null });
  });

  it('offers a doctor Start only on the day of the visit', async () => {
    openDialog({ viewerRole: 'doctor' });
    const later = await screen.findByLabelText('Status');
    expect(within(later).getAllByRole('option').map((option) => option.textContent)).toEqual(['Scheduled']);
    expect(later).toHaveAccessibleDescription('Start and Complete are offered on the day of the visit');
  });

  it("offers Start on the visit's day and shows the database's refusal", async () => {
    jest.mocked(updateAppointment).mockRejectedValue(new Error('A visit can be started or completed on its day, not before'));
    const user = userEvent.setup();
    const { dialog, onChanged } = openDialog({ viewerRole: 'doctor', appointment: { ...appointment, date: new Date().toISOString() } });
    const status = await within(dialog).findByLabelText('Status');
    await user.selectOptions(status, 'ongoing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A visit can be started or completed on its day, not before');
    expect(listFreeSlots).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
