import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isFreeSlot, notifySuccess, updateAppointment, type OverviewAppointment } from '@campuscare/shared';
import { RescheduleDialog } from './RescheduleDialog';

jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  getSupabase: async () => ({}),
  notifySuccess: jest.fn(),
  isFreeSlot: jest.fn(),
  updateAppointment: jest.fn(),
}));

const ZONE = 'Europe/London';
// 14:00 in London on Monday 1 July 2030 (UTC+1).
const appointment: OverviewAppointment = {
  id: 'a1',
  university_id: 'u1',
  student_id: 's1',
  provider_id: 'd1',
  provider: { id: 'd1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' },
  date: '2030-07-01T13:00:00.000Z',
  duration_minutes: 30,
  name: 'Ada Obi',
  department: 'Physics',
  reg: 'SBU/2024/001',
  year: 2,
  reason: 'Malaria',
  status: 'scheduled',
  cancel_reason: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  jest.mocked(isFreeSlot).mockReset();
  jest.mocked(updateAppointment).mockReset().mockResolvedValue(appointment);
  jest.mocked(notifySuccess).mockReset();
});

describe('RescheduleDialog', () => {
  it("takes the new time on the clinic's clock and asks before saving outside the doctor's free slots", async () => {
    jest.mocked(isFreeSlot).mockResolvedValue(false);
    const onChanged = jest.fn();
    const user = userEvent.setup();
    render(<RescheduleDialog appointment={appointment} zone={ZONE} onClose={jest.fn()} onChanged={onChanged} />);
    const dialog = screen.getByRole('dialog', { name: 'Reschedule appointment' });
    const when = within(dialog).getByLabelText('New date and time');
    expect(when).toHaveValue('2030-07-01T14:00');
    expect(when).toHaveAccessibleDescription(`Clinic time (${ZONE})`);

    await user.clear(when);
    await user.type(when, '2030-07-02T07:30');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside Dr Amelia Adams's hours or already taken — save anyway?");
    expect(isFreeSlot).toHaveBeenCalledWith({}, { startsAt: '2030-07-02T06:30:00.000Z', doctorId: 'd1', zone: ZONE });
    expect(updateAppointment).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Choose another time' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(updateAppointment).toHaveBeenCalledWith({}, 'a1', { date: '2030-07-02T06:30:00.000Z' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment rescheduled');
  });

  it("saves a free slot at once and shows the database's refusal", async () => {
    jest.mocked(isFreeSlot).mockResolvedValue(true);
    jest.mocked(updateAppointment).mockRejectedValue(new Error('That doctor is already booked at that time'));
    const user = userEvent.setup();
    render(<RescheduleDialog appointment={appointment} zone={ZONE} onClose={jest.fn()} onChanged={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Reschedule appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(within(dialog).getByText('Choose a different date or time')).toBeInTheDocument();
    const when = within(dialog).getByLabelText('New date and time');
    await user.clear(when);
    await user.type(when, '2030-07-02T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That doctor is already booked at that time');
    expect(updateAppointment).toHaveBeenCalledWith({}, 'a1', { date: '2030-07-02T09:00:00.000Z' });
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
