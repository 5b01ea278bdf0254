import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '../data/apiError';
import { loadDoctorAvailability } from '../scheduling/availabilityApi';
import { listFreeSlots, loadClinic } from '../scheduling/schedulingApi';
import { formatDay } from '../scheduling/zonedTime';
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
jest.mock('../scheduling/availabilityApi', () => ({ loadDoctorAvailability: jest.fn() }));
jest.mock('./appointmentsApi', () => ({
  ...jest.requireActual('./appointmentsApi'),
  listDoctors: jest.fn(),
  updateAppointment: jest.fn(),
}));

const ZONE = clinic.settings.timezone;
const freeSlots = jest.mocked(listFreeSlots);
const update = jest.mocked(updateAppointment);
const CUTOFF_MESSAGE =
  'Appointments can be cancelled or moved up to 12 hours before they start. Please call the clinic to change this one.';

/** A refusal as PostgREST sends it: our functions raise messages written for people. */
function refusal(message: string, code = 'P0001') {
  return Object.assign(new Error(message), { code });
}

// 09:30 in New York on Monday 4 March 2030 (UTC−5): the tests run in UTC, not in New York's zone.
const staffAppointment: OverviewAppointment = {
  ...appointmentFixture({ student_id: 's1', date: '2030-03-04T14:30:00.000Z', department: 'Physics' }),
  provider: adams,
};

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listDoctors).mockResolvedValue([adams]);
  jest.mocked(loadDoctorAvailability).mockReset().mockResolvedValue({ hours: [], timeOff: [] });
  freeSlots.mockReset().mockResolvedValue([]);
  update.mockReset().mockImplementation(async (_client, change) => ({
    ...staffAppointment,
    date: change.date ?? staffAppointment.date,
  }));
  jest.mocked(notifySuccess).mockReset();
});

type User = ReturnType<typeof userEvent.setup>;

async function retype(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('EditAppointmentDialog', () => {
  // Friday 1 March 2030, 10:00 in New York: the appointment (Monday 4 March, 09:30) is a few days ahead.
  const EDIT_NOW = new Date('2030-03-01T15:00:00Z');

  beforeEach(() => {
    jest.useFakeTimers({ now: EDIT_NOW, advanceTimers: true });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  function openEdit(props: Partial<Parameters<typeof EditAppointmentDialog>[0]> = {}) {
    const onClose = jest.fn();
    render(<EditAppointmentDialog appointment={staffAppointment} viewerRole="admin" onClose={onClose} {...props} />);
    return {
      onClose,
      dialog: screen.getByRole('dialog', { name: 'Edit appointment' }),
      user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }),
    };
  }

  it("shows and takes the time on the clinic's clock, naming the zone", async () => {
    const { dialog } = openEdit();
    const when = await within(dialog).findByLabelText('Date and time');
    expect(when).toHaveValue('2030-03-04T09:30');
    expect(when).toHaveAccessibleDescription(`Clinic time (${ZONE})`);
    expect(
      within(dialog).getByText(/Ada Obi \(NFU\/2024\/001\) · Mon, 4 Mar 2030, 09:30 \(America\/New_York\)/),
    ).toBeInTheDocument();
  });

  it("warns when the new time is not one of the doctor's free slots and saves only after 'Save anyway'", async () => {
    const { dialog, onClose, user } = openEdit();
    await retype(user, await within(dialog).findByLabelText('Date and time'), '2030-03-04T07:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Outside the clinic's opening hours (Monday 08:00–17:00) — save anyway?",
    );
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
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Outside the clinic's opening hours (Monday 08:00–17:00) — save anyway?",
    );
    expect(loadDoctorAvailability).not.toHaveBeenCalled();
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2030-03-04', to: '2030-03-04', doctorId: null });
  });

  describe('says which rule of the free slots the time breaks', () => {
    // Dr Adams works Monday 09:00–13:00, Wednesday and Friday 08:00–17:00, and is away on Wednesday 6 March from 14:00.
    const ownHours = [1, 3, 5].map((weekday) => ({
      doctor_id: adams.id,
      university_id: 'u1',
      weekday,
      opens_at: weekday === 1 ? '09:00:00' : '08:00:00',
      closes_at: weekday === 1 ? '13:00:00' : '17:00:00',
    }));
    const conference = {
      id: 't1',
      doctor_id: adams.id,
      university_id: 'u1',
      starts_at: '2030-03-06T19:00:00.000Z',
      ends_at: '2030-03-07T05:00:00.000Z',
      reason: 'Conference',
      created_at: '2030-01-01T00:00:00Z',
    };
    const holiday = {
      id: 'c2',
      university_id: 'u1',
      starts_on: '2030-03-05',
      ends_on: '2030-03-05',
      reason: 'University holiday',
      created_at: '2030-01-01T00:00:00Z',
    };

    it.each([
      ['outside the opening hours', '2030-03-04T17:00', "Outside the clinic's opening hours (Monday 08:00–17:00)"],
      ['a closed weekday', '2030-03-09T10:00', 'The clinic is closed on Saturdays'],
      ['a closure', '2030-03-05T10:00', `The clinic is closed on ${formatDay('2030-03-05')} (University holiday)`],
      ["outside the doctor's hours", '2030-03-04T13:00', "Outside Dr Amelia Adams's hours (Monday 09:00–13:00)"],
      ['a day the doctor does not work', '2030-03-07T10:00', 'Dr Amelia Adams does not work on Thursdays'],
      ["the doctor's time off", '2030-03-06T14:30', 'Dr Amelia Adams is away then (Conference)'],
      ['between two slots', '2030-03-04T10:15', 'Not the start of a slot: visits start every 30 minutes from 09:00'],
      ["sooner than the clinic's notice", '2030-03-01T11:00', "Sooner than the clinic's notice of 2 hours"],
      ['already taken', '2030-03-04T10:00', 'Already taken: Dr Amelia Adams has a visit then'],
    ])('%s', async (_rule, when, words) => {
      jest.mocked(loadClinic).mockResolvedValue({ ...clinic, closures: [...clinic.closures, holiday] });
      jest.mocked(loadDoctorAvailability).mockResolvedValue({ hours: ownHours, timeOff: [conference] });
      const { dialog, user } = openEdit();
      await retype(user, await within(dialog).findByLabelText('Date and time'), when);
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${words} — save anyway?`);
      expect(loadDoctorAvailability).toHaveBeenCalledWith({}, adams.id);
      expect(update).not.toHaveBeenCalled();
    });

    it('says no doctor is free when the visit has none and every doctor is taken', async () => {
      const { dialog, user } = openEdit({ appointment: { ...staffAppointment, provider_id: null, provider: null } });
      await retype(user, await within(dialog).findByLabelText('Date and time'), '2030-03-04T10:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'No doctor is free then: each is booked, away or off — save anyway?',
      );
    });

    it("names the newly chosen doctor's rule when the visit moves to another doctor", async () => {
      const chen = { id: 'doctor-3', title: 'Dr', first_name: 'Wei', last_name: 'Chen' };
      jest.mocked(listDoctors).mockResolvedValue([adams, chen]);
      jest.mocked(loadDoctorAvailability).mockResolvedValue({
        hours: [{ doctor_id: chen.id, university_id: 'u1', weekday: 1, opens_at: '10:00:00', closes_at: '13:00:00' }],
        timeOff: [],
      });
      const { dialog, user } = openEdit();
      await within(dialog).findByRole('option', { name: 'Dr Wei Chen' });
      await user.selectOptions(within(dialog).getByLabelText('Doctor'), chen.id);
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        "Outside Dr Wei Chen's hours (Monday 10:00–13:00) — save anyway?",
      );
      expect(loadDoctorAvailability).toHaveBeenCalledWith({}, chen.id);
    });

    it("saves without asking when the time only overlaps the visit's own current time", async () => {
      // An hour-long visit at 09:30 moved to 10:00 with the same doctor: the database counts 10:00 as taken by itself.
      const { dialog, onClose, user } = openEdit({ appointment: { ...staffAppointment, duration_minutes: 60 } });
      await retype(user, await within(dialog).findByLabelText('Date and time'), '2030-03-04T10:00');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: '2030-03-04T15:00:00.000Z' });
    });
  });

  it('says what to change when nothing was', async () => {
    const { dialog, user } = openEdit();
    await within(dialog).findByLabelText('Date and time');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Change the date, the doctor or the status first',
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('offers a doctor Start only on the day of the visit', async () => {
    openEdit({ viewerRole: 'doctor' });
    const later = await screen.findByLabelText('Status');
    expect(
      within(later)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Scheduled']);
    expect(later).toHaveAccessibleDescription(
      'Start is offered on the day of the visit; signing the visit completes it',
    );
  });

  it("offers Start on the visit's day and shows the database's refusal", async () => {
    update.mockRejectedValue(refusal('A visit can be started or completed on its day, not before'));
    const { dialog, onClose, user } = openEdit({
      viewerRole: 'doctor',
      appointment: { ...staffAppointment, date: new Date().toISOString() },
    });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'ongoing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A visit can be started or completed on its day, not before',
    );
    expect(freeSlots).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('hands a visit started from Edit on to where it is written, once saved', async () => {
    const today = { ...staffAppointment, date: new Date().toISOString() };
    // The save answers when the test says, inside act: the form's last update (no longer submitting) lands there.
    let answerSave = () => {};
    update.mockImplementation(
      (_client, change) =>
        new Promise((resolve) => {
          answerSave = () => resolve({ ...today, status: change.status ?? today.status });
        }),
    );
    const onVisitStarted = jest.fn();
    const { dialog, onClose, user } = openEdit({ viewerRole: 'doctor', appointment: today, onVisitStarted });
    await user.selectOptions(await within(dialog).findByLabelText('Status'), 'ongoing');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(onVisitStarted).not.toHaveBeenCalled();
    await act(async () => answerSave());
    expect(onVisitStarted).toHaveBeenCalledWith(today);
    expect(onClose).toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith({}, { id: today.id, status: 'ongoing' });
  });
});

describe("the doctor's reschedule dialog", () => {
  // The appointment is on Thursday 26 November 2026 at 09:00 in New York, three days after NOW.
  const TEN_THIRTY = '2026-11-26T15:30:00+00:00';
  const ELEVEN = '2026-11-26T16:00:00+00:00';

  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, advanceTimers: true });
    freeSlots.mockResolvedValue([freeSlot(TEN_THIRTY, adams.id), freeSlot(ELEVEN, adams.id)]);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  function openDoctorReschedule(overrides: Parameters<typeof appointmentFixture>[0] = {}) {
    const onClose = jest.fn();
    render(
      <RescheduleAppointmentDialog
        appointment={appointmentFixture(overrides)}
        actor="staff"
        doctorName="Dr Amelia Adams"
        onClose={onClose}
      />,
    );
    return {
      onClose,
      dialog: screen.getByRole('dialog', { name: 'Reschedule appointment' }),
      user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }),
    };
  }

  it("offers the doctor's free times on the appointment's day, as the student's dialog does, and moves it there", async () => {
    const { dialog, onClose, user } = openDoctorReschedule();
    expect(await within(dialog).findByText(/^Ada Obi \(NFU\/2024\/001\) · .* · Dr Amelia Adams$/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-26');
    const time = within(dialog).getByLabelText('Time');
    await waitFor(() => expect(time).toBeEnabled());
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', TEN_THIRTY, ELEVEN]);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-26', to: '2026-11-26', doctorId: adams.id });
    expect(within(dialog).queryByLabelText('New date and time')).not.toBeInTheDocument();

    await user.selectOptions(time, ELEVEN);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', date: ELEVEN });
    expect(notifySuccess).toHaveBeenCalledWith('Appointment rescheduled');
  });

  it("offers times of the appointment's own type, so a long visit is offered only times it fits in", async () => {
    const { dialog } = openDoctorReschedule({ appointment_type_id: 'type-50-minutes' });
    await waitFor(() => expect(within(dialog).getByLabelText('Time')).toBeEnabled());
    expect(freeSlots).toHaveBeenCalledWith(
      {},
      { from: '2026-11-26', to: '2026-11-26', doctorId: adams.id, appointmentTypeId: 'type-50-minutes' },
    );
  });

  it("asks for one of the free times, and keeps offering them within the students' cutoff", async () => {
    // 21:00 in New York on Monday 23 November, 11 hours after NOW: a student could no longer move it.
    const { dialog, user } = openDoctorReschedule({ date: '2026-11-24T02:00:00.000Z' });
    const time = await within(dialog).findByLabelText('Time');
    await waitFor(() => expect(time).toBeEnabled());
    expect(within(dialog).queryByText(/Please call the clinic/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(time).toHaveAccessibleDescription(expect.stringContaining(SLOT_MISSING.startsAt));
    expect(update).not.toHaveBeenCalled();
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

  function open(
    Dialog: typeof RescheduleAppointmentDialog,
    overrides: Parameters<typeof appointmentFixture>[0] = {},
    actor: AppointmentActor = 'student',
  ) {
    const onClose = jest.fn();
    render(
      <Dialog
        appointment={appointmentFixture(overrides)}
        actor={actor}
        doctorName="Dr Amelia Adams"
        onClose={onClose}
      />,
    );
    return {
      onClose,
      dialog: screen.getByRole('dialog'),
      user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }),
    };
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
    expect(
      await within(dialog).findByText('Thu, 26 Nov 2026, 09:00 (America/New_York) · Malaria · Dr Amelia Adams'),
    ).toBeInTheDocument();
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
    expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription(
      expect.stringContaining(SLOT_MISSING.startsAt),
    );
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the database's refusal and reads the free times again", async () => {
    const { dialog, user, onClose } = open(RescheduleAppointmentDialog);
    await offeredTimes(dialog);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '11:00 (America/New_York)');
    update.mockRejectedValue(refusal('That time is not free: choose one of the free times'));
    freeSlots.mockResolvedValue([freeSlot(TEN_THIRTY, adams.id)]);
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That time is not free: choose one of the free times',
    );
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

  describe('a booking made a minute ago, within the cutoff', () => {
    const justBooked = { date: SOON, created_at: new Date(NOW.getTime() - 60_000).toISOString() };

    beforeEach(() => {
      jest
        .mocked(loadClinic)
        .mockResolvedValue({ ...clinic, settings: { ...clinic.settings, phone: '+1 212 555 0100' } });
    });

    it('may still be cancelled in the grace period', async () => {
      const { dialog, user, onClose } = open(CancelAppointmentDialog, justBooked);
      await user.type(await within(dialog).findByLabelText('Reason for cancelling'), 'Booked the wrong day');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(update).toHaveBeenCalledWith({}, { id: 'a1', status: 'cancelled', cancelReason: 'Booked the wrong day' });
    });

    it("may not be moved: the explanation names the clinic's phone", async () => {
      const { dialog } = open(RescheduleAppointmentDialog, justBooked);
      expect(
        await within(dialog).findByText(/Please call the clinic on \+1 212 555 0100 to change this one\.$/),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    });
  });

  it('lets staff cancel within the cutoff, and shows a refusal without the raw database text', async () => {
    update.mockRejectedValue(
      refusal(
        'new row for relation "appointments" violates check constraint "appointments_cancel_reason_length"',
        '23514',
      ),
    );
    const { dialog, user, onClose } = open(CancelAppointmentDialog, { date: SOON }, 'staff');
    await user.type(await within(dialog).findByLabelText('Reason for cancelling'), 'Doctor away');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toBeEnabled());
    expect(update).toHaveBeenCalledWith({}, { id: 'a1', status: 'cancelled', cancelReason: 'Doctor away' });
    expect(dialog).not.toHaveTextContent(/violates|constraint|appointments_/);
    expect(onClose).not.toHaveBeenCalled();
  });
});
