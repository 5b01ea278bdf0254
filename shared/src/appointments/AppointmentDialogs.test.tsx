import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '../data/apiError';
import { listFreeSlots, loadClinic } from '../scheduling/schedulingApi';
import { notifySuccess } from '../toast/toast';
import type { AppointmentActor } from './appointmentDialogProps';
import { CANCEL_REASON_REQUIRED, CancelAppointmentDialog } from './CancelAppointmentDialog';
import { EditAppointmentDialog } from './EditAppointmentDialog';
import { RescheduleAppointmentDialog } from './RescheduleAppointmentDialog';
import { listDoctors, updateAppointment, type OverviewAppointment } from './appointmentsApi';
import { adams, appointmentFixture, clinic, freeSlot, NOW } from '../../../test/web/appointmentsTestData';
import { SLOT_MISSING } from './FreeSlotPicker';

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../scheduling/schedulingApi', () => ({ loadClinic: jest.fn(), listFreeSlots: jest.fn() }));
jest.mock('./appointmentsApi', () => ({
  ...jest.requireActual('./appointmentsApi'),
  listDoctors: jest.fn(),
  updateAppointment: jest.fn(),
}));

const ZONE = clinic.settings.timezone;
const freeSlots = jest.mocked(listFreeSlots);
const update = jest.mocked(updateAppointment);
const CUTOFF_MESSAGE = 'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic to change this one.';

/** A refusal as PostgREST sends it: our functions raise messages written for people. */
function refusal(message: string, code = 'P0001') {
  return Object.assign(new Error(message), { code });
}

// 09:30 in New York on Monday 4 March 2030 (UTC−5): the tests run in UTC, not in New York's zone.
const staffAppointment: OverviewAppointment = { ...appointmentFixture({ student_id: 's1', date: '2030-03-04T14:30:00.000Z', department: 'Physics' }), provider: adams };

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listDoctors).mockResolvedValue([adams]);
  freeSlots.mockReset().mockResolvedValue([]);
  update.mockReset().mockImplementation(async (_client, change) => ({ ...staffAppointment, date: change.date ?? staffAppointment.date }));
  jest.mocked(notifySuccess).mockReset();
});

type User = ReturnType<typeof userEvent.setup>;

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('EditAppointmentDialog', () => {
  function openEdit(props: Partial<Parameters<typeof EditAppointmentDialog>[0]> = {}) {
    const onClose = jest.fn();
    render(<EditAppointmentDialog appointment={staffAppointment} viewerRole="admin" onClose={onClose} {...props} />);
    return { onClose, dialog: screen.getByRole('dialog', { name: 'Edit appointment' }), user: userEvent.setup() };
  }

  it("shows and takes the time on the clinic's clock, naming the zone", async () => {
    const { dialog } = openEdit();
    const when = await within(dialog).findByLabelText('Date and time');
    expect(when).toHaveValue('2030-03-04T09:30');
    expect(when).toHaveAccessibleDescription(`Clinic time (${ZONE})`);
    expect(within(dialog).getByText(/Ada Obi \(NFU\/2024\/001\) · Mon, 4 Mar 2030, 09:30 \(America\/New_York\)/)).toBeInTheDocument();
  });

  it("warns when the new time is not one of the doctor's free slots and saves only after 'Save anyway'", async () => {
    const { dialog, onClose, user } = openEdit();
    await retype(user, await within(dialog).findByLabelText('Date and time'), '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside Dr Amelia Adams's hours or already taken — save anyway?");
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2030-03-04', to: '2030-03-04', doctorId: adams.id });
    expect(update).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // 07:00 in New York is 12:00 UTC.
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: '2030-03-04T12:00:00.000Z' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment updated');
  });

  it('drops the warning when the time is changed again, and saves a free slot without asking', async () => {
    freeSlots.mockResolvedValue([freeSlot('2030-03-04T15:00:00.000Z', adams.id)]);
    const { dialog, onClose, user } = openEdit();
    const when = await within(dialog).findByLabelText('Date and time');
    await retype(user, when, '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('button', { name: 'Save anyway' })).toBeInTheDocument();

    await retype(user, when, '2030-03-04T10:00');
    expect(within(dialog).queryByRole('button', { name: 'Save anyway' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: '2030-03-04T15:00:00.000Z' });
  });

  it('names no doctor when the appointment has none, checking every doctor', async () => {
    const { dialog, user } = openEdit({ appointment: { ...staffAppointment, provider_id: null, provider: null } });
    await retype(user, await within(dialog).findByLabelText('Date and time'), '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside the clinic's hours or no doctor is free then — save anyway?");
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2030-03-04', to: '2030-03-04', doctorId: null });
  });

  it('says what to change when nothing was', async () => {
    const { dialog, user } = openEdit();
    await within(dialog).findByLabelText('Date and time');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Change the date, the doctor or the status first');
    expect(update).not.toHaveBeenCalled();
  });

  it('offers a doctor Start only on the day of the visit', async () => {
    openEdit({ viewerRole: 'doctor' });
    const later = await screen.findByLabelText('Status');
    expect(within(later).getAllByRole('option').map((option) => option.textContent)).toEqual(['Scheduled']);
    expect(later).toHaveAccessibleDescription('Start is offered on the day of the visit; signing the visit completes it');
  });

  it("offers Start on the visit's day and shows the database's refusal", async () => {
    update.mockRejectedValue(refusal('A visit can be started or completed on its day, not before'));
    const { dialog, onClose, user } = openEdit({ viewerRole: 'doctor', appointment: { ...staffAppointment, date: new Date().toISOString() } });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'ongoing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A visit can be started or completed on its day, not before');
    expect(freeSlots).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('hands a visit started from Edit on to where it is written, once saved', async () => {
    const today = { ...staffAppointment, date: new Date().toISOString() };
    update.mockImplementation(async (_client, change) => ({ ...today, status: change.status ?? today.status }));
    const onVisitStarted = jest.fn();
    const { dialog, onClose, user } = openEdit({ viewerRole: 'doctor', appointment: today, onVisitStarted });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'ongoing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onVisitStarted).toHaveBeenCalledWith(today));
    expect(onClose).toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith({}, { id: today.id, status: 'ongoing' });
  });
});

describe('RescheduleAppointmentDialog for staff', () => {
  function openStaffReschedule() {
    const onClose = jest.fn();
    render(<RescheduleAppointmentDialog appointment={staffAppointment} actor="staff" doctorName="Dr Amelia Adams" onClose={onClose} />);
    return { onClose, dialog: screen.getByRole('dialog', { name: 'Reschedule appointment' }), user: userEvent.setup() };
  }

  it("takes any time on the clinic's clock and asks before saving outside the doctor's free slots", async () => {
    const { dialog, onClose, user } = openStaffReschedule();
    const when = await within(dialog).findByLabelText('New date and time');
    expect(when).toHaveValue('2030-03-04T09:30');
    expect(when).toHaveAccessibleDescription(`Clinic time (${ZONE})`);

    await retype(user, when, '2030-03-05T07:30');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Outside Dr Amelia Adams's hours or already taken — save anyway?");
    expect(update).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Choose another time' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: '2030-03-05T12:30:00.000Z' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment rescheduled');
  });

  it("saves a free slot at once and shows the database's refusal", async () => {
    freeSlots.mockResolvedValue([freeSlot('2030-03-05T15:00:00.000Z', adams.id)]);
    // Overlaps keep their SQLSTATE (23P01), worded for people by update_appointment.
    update.mockRejectedValue(refusal('That doctor is already booked at that time', '23P01'));
    const { dialog, onClose, user } = openStaffReschedule();
    const when = await within(dialog).findByLabelText('New date and time');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(when).toHaveAccessibleDescription(expect.stringContaining('Choose a different date or time'));
    await retype(user, when, '2030-03-05T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That doctor is already booked at that time');
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: '2030-03-05T15:00:00.000Z' });
    expect(onClose).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});

describe('the student dialogs', () => {
  // The appointment is on Thursday 26 November 2026 at 09:00 in New York; 10:30 and 11:00 are free with its doctor.
  const appointment = appointmentFixture();
  const TEN_THIRTY = '2026-11-26T15:30:00+00:00';
  const ELEVEN = '2026-11-26T16:00:00+00:00';
  // 21:00 in New York on Monday 23 November, 11 hours after NOW: within the clinic's 12-hour cutoff.
  const SOON = '2026-11-24T02:00:00.000Z';

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, advanceTimers: true });
    freeSlots.mockResolvedValue([freeSlot(TEN_THIRTY, adams.id), freeSlot(ELEVEN, adams.id)]);
    update.mockResolvedValue(appointment);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  function open(Dialog: typeof RescheduleAppointmentDialog, overrides: Parameters<typeof appointmentFixture>[0] = {}, actor: AppointmentActor = 'student') {
    const onClose = jest.fn();
    render(<Dialog appointment={appointmentFixture(overrides)} actor={actor} doctorName="Dr Amelia Adams" onClose={onClose} />);
    return { onClose, dialog: screen.getByRole('dialog'), user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
  }

  async function offeredTimes(dialog: HTMLElement): Promise<string[]> {
    const time = await within(dialog).findByLabelText('Time');
    await waitFor(() => expect(time).toBeEnabled());
    return within(time)
      .getAllByRole('option')
      .slice(1)
      .map((option) => option.textContent ?? '');
  }

  it("offers the free times of the appointment's doctor on its day, on the clinic's clock, and moves it", async () => {
    const { dialog, user, onClose } = open(RescheduleAppointmentDialog);
    expect(await within(dialog).findByText('Thu, 26 Nov 2026, 09:00 (America/New_York) · Malaria · Dr Amelia Adams')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-26');
    expect(await offeredTimes(dialog)).toEqual(['10:30 (America/New_York)', '11:00 (America/New_York)']);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-26', to: '2026-11-26', doctorId: adams.id });

    await user.selectOptions(within(dialog).getByLabelText('Time'), '11:00 (America/New_York)');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: ELEVEN });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment rescheduled');
  });

  it('offers the free times of any doctor for an appointment no doctor was assigned to yet', async () => {
    const { dialog } = open(RescheduleAppointmentDialog, { provider_id: null });
    await offeredTimes(dialog);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-26', to: '2026-11-26', doctorId: null });
  });

  it('asks for a time before sending', async () => {
    const { dialog, user } = open(RescheduleAppointmentDialog);
    await offeredTimes(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(within(dialog).getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription(expect.stringContaining(SLOT_MISSING.startsAt));
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the database's refusal and reads the free times again", async () => {
    const { dialog, user, onClose } = open(RescheduleAppointmentDialog);
    await offeredTimes(dialog);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '11:00 (America/New_York)');
    update.mockRejectedValue(refusal('That time is not free: choose one of the free times'));
    freeSlots.mockResolvedValue([freeSlot(TEN_THIRTY, adams.id)]);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That time is not free: choose one of the free times');
    await waitFor(() => expect(within(dialog).getByLabelText('Time')).toHaveValue(''));
    expect(await offeredTimes(dialog)).toEqual(['10:30 (America/New_York)']);
    expect(onClose).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('says so in words for people when the change got no answer', async () => {
    const { dialog, user } = open(RescheduleAppointmentDialog);
    await offeredTimes(dialog);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '10:30 (America/New_York)');
    update.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
  });

  it('explains the cutoff and disables Reschedule within 12 hours of the start, without asking for free times', async () => {
    const { dialog } = open(RescheduleAppointmentDialog, { date: SOON });
    expect(await within(dialog).findByText(CUTOFF_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toHaveAccessibleDescription(CUTOFF_MESSAGE);
    expect(within(dialog).queryByLabelText('Time')).not.toBeInTheDocument();
    expect(freeSlots).not.toHaveBeenCalled();
  });

  it('needs a reason, then cancels', async () => {
    const { dialog, user, onClose } = open(CancelAppointmentDialog);
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel appointment' }));
    expect(within(dialog).getByLabelText('Reason for cancelling')).toHaveAccessibleDescription(CANCEL_REASON_REQUIRED);
    expect(update).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Reason for cancelling'), '  Feeling better ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', status: 'cancelled', cancelReason: 'Feeling better' });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment cancelled');
  });

  it('explains the cutoff and disables cancelling within 12 hours of the start', async () => {
    const { dialog } = open(CancelAppointmentDialog, { date: SOON });
    expect(await within(dialog).findByText(CUTOFF_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('Reason for cancelling')).not.toBeInTheDocument();
  });

  it('lets staff cancel within the cutoff, and shows a refusal without the raw database text', async () => {
    update.mockRejectedValue(refusal('new row for relation "appointments" violates check constraint "appointments_cancel_reason_length"', '23514'));
    const { dialog, user, onClose } = open(CancelAppointmentDialog, { date: SOON }, 'staff');
    await user.type(await within(dialog).findByLabelText('Reason for cancelling'), 'Doctor away');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toBeEnabled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', status: 'cancelled', cancelReason: 'Doctor away' });
    expect(dialog).not.toHaveTextContent(/violates|constraint|appointments_/);
    expect(onClose).not.toHaveBeenCalled();
  });
});
