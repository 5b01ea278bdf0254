import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listFreeSlots, notifySuccess } from '@campuscare/shared';
import { CANCEL_REASON_REQUIRED, CancelAppointmentDialog, CHANGE_FAILED, RescheduleAppointmentDialog } from './AppointmentDialogs';
import { changeMyAppointment } from './appointmentsApi';
import { adams, appointmentFixture, clinic, freeSlot, NOW } from './appointmentsTestData';
import { SLOT_MISSING } from './FreeSlotPicker';

jest.mock('@campuscare/shared', () => ({ ...jest.requireActual('@campuscare/shared'), getSupabase: async () => ({}), listFreeSlots: jest.fn(), notifySuccess: jest.fn() }));
jest.mock('./appointmentsApi', () => ({ changeMyAppointment: jest.fn() }));
const change = jest.mocked(changeMyAppointment);
const freeSlots = jest.mocked(listFreeSlots);

// The appointment is on Thursday 26 November 2026 at 09:00 in New York; 10:30 and 11:00 are free with its doctor.
const appointment = appointmentFixture();
const TEN_THIRTY = '2026-11-26T15:30:00+00:00';
const ELEVEN = '2026-11-26T16:00:00+00:00';
const CUTOFF_MESSAGE = 'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic to change this one.';

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  change.mockReset();
  jest.mocked(notifySuccess).mockReset();
  freeSlots.mockReset().mockResolvedValue([freeSlot(TEN_THIRTY, adams.id), freeSlot(ELEVEN, adams.id)]);
});

afterEach(() => {
  jest.useRealTimers();
});

function openReschedule(props: { readonly date?: string } = {}) {
  const onChanged = jest.fn();
  render(<RescheduleAppointmentDialog appointment={appointmentFixture(props)} clinic={clinic} doctorName="Dr Amelia Adams" onClose={jest.fn()} onChanged={onChanged} />);
  return { onChanged, dialog: screen.getByRole('dialog', { name: 'Reschedule appointment' }), user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

function openCancel(props: { readonly date?: string } = {}) {
  const onChanged = jest.fn();
  render(<CancelAppointmentDialog appointment={appointmentFixture(props)} clinic={clinic} doctorName="Dr Amelia Adams" onClose={jest.fn()} onChanged={onChanged} />);
  return { onChanged, dialog: screen.getByRole('dialog', { name: 'Cancel appointment' }), user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

async function offeredTimes(dialog: HTMLElement): Promise<string[]> {
  const time = within(dialog).getByLabelText('Time');
  await waitFor(() => expect(time).toBeEnabled());
  return within(time)
    .getAllByRole('option')
    .slice(1)
    .map((option) => option.textContent ?? '');
}

describe('RescheduleAppointmentDialog', () => {
  it("offers the free times of the appointment's doctor on its day, on the clinic's clock, and moves it", async () => {
    const { dialog, user, onChanged } = openReschedule();
    expect(within(dialog).getByText('Thu, 26 Nov 2026, 09:00 (America/New_York) · Malaria · Dr Amelia Adams')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-26');
    expect(await offeredTimes(dialog)).toEqual(['10:30 (America/New_York)', '11:00 (America/New_York)']);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-26', to: '2026-11-26', doctorId: adams.id });

    change.mockResolvedValue({ ok: true, appointment: { ...appointment, date: ELEVEN } });
    await user.selectOptions(within(dialog).getByLabelText('Time'), '11:00 (America/New_York)');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(change).toHaveBeenCalledWith({}, { kind: 'reschedule', date: ELEVEN, id: 'a1' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment rescheduled');
  });

  it('offers the free times of any doctor for an appointment no doctor was assigned to yet', async () => {
    render(<RescheduleAppointmentDialog appointment={appointmentFixture({ provider_id: null })} clinic={clinic} doctorName="Not assigned yet" onClose={jest.fn()} onChanged={jest.fn()} />);
    await offeredTimes(screen.getByRole('dialog'));
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-26', to: '2026-11-26', doctorId: null });
  });

  it('asks for a time before sending', async () => {
    const { dialog, user } = openReschedule();
    await offeredTimes(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(within(dialog).getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription(expect.stringContaining(SLOT_MISSING.time));
    expect(change).not.toHaveBeenCalled();
  });

  it("shows the database's refusal and reads the free times again", async () => {
    const { dialog, user, onChanged } = openReschedule();
    await offeredTimes(dialog);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '11:00 (America/New_York)');
    change.mockResolvedValue({ ok: false, message: 'That time is not free: choose one of the free times' });
    freeSlots.mockResolvedValue([freeSlot(TEN_THIRTY, adams.id)]);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That time is not free: choose one of the free times');
    await waitFor(() => expect(within(dialog).getByLabelText('Time')).toHaveValue(''));
    expect(await offeredTimes(dialog)).toEqual(['10:30 (America/New_York)']);
    expect(onChanged).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('says so when the change got no answer', async () => {
    const { dialog, user } = openReschedule();
    await offeredTimes(dialog);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '10:30 (America/New_York)');
    change.mockRejectedValue(new Error('TypeError: Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANGE_FAILED);
  });

  it('explains the cutoff and disables Reschedule within 12 hours of the start, without asking for free times', () => {
    // 21:00 in New York, 11 hours from now.
    const { dialog } = openReschedule({ date: '2026-11-24T02:00:00.000Z' });
    expect(within(dialog).getByText(CUTOFF_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toHaveAccessibleDescription(CUTOFF_MESSAGE);
    expect(within(dialog).queryByLabelText('Time')).not.toBeInTheDocument();
    expect(freeSlots).not.toHaveBeenCalled();
  });
});

describe('CancelAppointmentDialog', () => {
  it('needs a reason, then cancels', async () => {
    const { dialog, user, onChanged } = openCancel();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(within(dialog).getByLabelText('Reason for cancelling')).toHaveAccessibleDescription(CANCEL_REASON_REQUIRED);
    expect(change).not.toHaveBeenCalled();

    change.mockResolvedValue({ ok: true, appointment: { ...appointment, status: 'cancelled' } });
    await user.type(within(dialog).getByLabelText('Reason for cancelling'), 'Feeling better');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(change).toHaveBeenCalledWith({}, { kind: 'cancel', reason: 'Feeling better', id: 'a1' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment cancelled');
  });

  it('explains the cutoff and disables cancelling within 12 hours of the start', () => {
    const { dialog } = openCancel({ date: '2026-11-24T02:00:00.000Z' });
    expect(within(dialog).getByText(CUTOFF_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Reason for cancelling')).not.toBeInTheDocument();
  });

  it("shows the database's refusal when the cutoff passed while the dialog was open", async () => {
    const { dialog, user, onChanged } = openCancel();
    change.mockResolvedValue({ ok: false, message: CUTOFF_MESSAGE });
    await user.type(within(dialog).getByLabelText('Reason for cancelling'), 'Feeling better');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CUTOFF_MESSAGE);
    expect(onChanged).not.toHaveBeenCalled();
  });
});
