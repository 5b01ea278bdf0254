import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES, type Appointment, CampusCareToasts, type Member, MESSAGES } from '@campuscare/shared';
import { SLOT_MISSING } from '@campuscare/shared/appointments';
import type { FreeSlotQuery } from '@campuscare/shared/scheduling';
import {
  adams,
  APPOINTMENT_TYPES,
  appointmentFixture,
  appointmentTypeFixture,
  clinic,
  freeSlot,
  NOW,
} from '../../../../test/web/appointmentsTestData';
import { listFreeSlots } from '../../../../shared/src/scheduling/schedulingApi';
import { memberFixture } from '../../../../test/web/fixtures';
import { bookAppointment } from './appointmentsApi';
import { BOOKING_MESSAGES } from './appointmentLabels';
import { BookingForm, MISSING_FIELD } from './BookingForm';

// The shared picker reads the free times through the shared modules themselves, so those are what is replaced.
jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  listFreeSlots: jest.fn(),
}));
jest.mock('./appointmentsApi', () => ({ bookAppointment: jest.fn() }));
const book = jest.mocked(bookAppointment);
const freeSlots = jest.mocked(listFreeSlots);

const student: Member = memberFixture('student', {
  id: 'student-1',
  first_name: 'Ada',
  last_name: 'Obi',
  department: 'Medicine',
  reg_number: 'NFU/2024/001',
  year_of_study: 2,
});

// Tuesday 24 November 2026 at the clinic: 09:00 and 09:30 in New York are 14:00 and 14:30 UTC.
const TUESDAY = '2026-11-24';
const NINE = '2026-11-24T14:00:00+00:00';
const NINE_THIRTY = '2026-11-24T14:30:00+00:00';
const ADAMS_TEN = '2026-11-24T15:00:00+00:00';

const bello = { id: 'doctor-2', title: 'Dr', first_name: 'Tunde', last_name: 'Bello' };
/** A type only Dr Bello offers. */
const travelHealth = appointmentTypeFixture({
  id: 'type-travel',
  name: 'Travel health',
  duration_minutes: 20,
  doctorIds: [bello.id],
});
/** What the student may book: every self-bookable type (counselling is the staff's). */
const STUDENT_TYPES = [
  APPOINTMENT_TYPES.checkUp,
  APPOINTMENT_TYPES.malaria,
  travelHealth,
  APPOINTMENT_TYPES.vaccination,
  APPOINTMENT_TYPES.other,
];

/** The database as the tests see it: any doctor is free at 09:00 and 09:30 on Tuesday, Dr Adams only at 10:00. */
function answerFreeSlots(_client: unknown, query: FreeSlotQuery) {
  if (query.from !== TUESDAY) return Promise.resolve([]);
  return Promise.resolve(
    query.doctorId === adams.id ? [freeSlot(ADAMS_TEN, adams.id)] : [freeSlot(NINE), freeSlot(NINE_THIRTY)],
  );
}

beforeEach(() => {
  // Only the clock is fixed; timers run on, so toasts and user events behave as in a browser.
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  book.mockReset();
  freeSlots.mockReset().mockImplementation(answerFreeSlots);
});

afterEach(() => {
  jest.useRealTimers();
});

const booked: Appointment = appointmentFixture();

/** A refusal as PostgREST sends it: our functions raise messages written for people. */
function refusal(message: string) {
  return Object.assign(new Error(message), { code: 'P0001' });
}

function renderForm() {
  render(
    <>
      <CampusCareToasts />
      <BookingForm member={student} clinic={clinic} types={STUDENT_TYPES} doctors={[adams, bello]} />
    </>,
  );
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseDay(user: User, day: string) {
  const date = screen.getByLabelText('Date');
  if ((date as HTMLInputElement).value !== '') await user.clear(date);
  await user.type(date, day);
}

/** The offered times, as the student reads them. */
async function offeredTimes(): Promise<string[]> {
  const time = screen.getByLabelText('Time');
  await waitFor(() => expect(time).toBeEnabled());
  return within(time)
    .getAllByRole('option')
    .slice(1)
    .map((option) => option.textContent ?? '');
}

async function fillSlotAndReason(user: User) {
  await user.selectOptions(screen.getByLabelText('Reason'), 'Malaria · 30 min');
  await chooseDay(user, TUESDAY);
  await offeredTimes();
  await user.selectOptions(screen.getByLabelText('Time'), '09:30 (America/New_York)');
}

/** Waits until the form has taken a booking's answer in full: emptied and ready for the next one. */
async function formReadyAgain() {
  await waitFor(() => expect(screen.getByLabelText('Reason')).toHaveValue(''));
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
}

describe('BookingForm', () => {
  it('prefills the student fields from the profile and starts with the first available doctor', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Department')).toHaveValue('Medicine');
    expect(screen.getByLabelText('Registration number')).toHaveValue('NFU/2024/001');
    // The patient is the student as the profile names them: nothing to type there.
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Registration number')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Year of study')).toHaveValue('2');
    expect(screen.getByLabelText('Doctor')).toHaveDisplayValue('First available doctor');
    expect(screen.getByLabelText('Time')).toBeDisabled();
  });

  it("lets the student pick a day from the clinic's today to a year ahead and names the closed days", () => {
    renderForm();
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-11-23');
    expect(date).toHaveAttribute('max', '2027-11-22');
    expect(date).toHaveAccessibleDescription('Open Monday to Friday; closed Thu, 10 Dec 2026 (University holiday).');
  });

  it("offers only that day's free times of any doctor, on the clinic's clock with the zone named", async () => {
    const { user } = renderForm();
    await chooseDay(user, TUESDAY);
    expect(await offeredTimes()).toEqual(['09:00 (America/New_York)', '09:30 (America/New_York)']);
    expect(freeSlots).toHaveBeenCalledTimes(1);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: TUESDAY, to: TUESDAY, doctorId: null });
    expect(screen.getByRole('status')).toHaveTextContent('2 free times on Tue, 24 Nov 2026.');
  });

  it("offers the chosen doctor's free times and books with that doctor; the first available books with none", async () => {
    book.mockResolvedValue(booked);
    const { user } = renderForm();
    await fillSlotAndReason(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(book).toHaveBeenCalledWith(
        {},
        expect.objectContaining({
          date: NINE_THIRTY,
          appointmentTypeId: APPOINTMENT_TYPES.malaria.id,
          providerId: undefined,
        }),
      ),
    );
    await formReadyAgain();

    await user.selectOptions(screen.getByLabelText('Reason'), 'Check-up · 30 min');
    await chooseDay(user, TUESDAY);
    await user.selectOptions(screen.getByLabelText('Doctor'), 'Dr Amelia Adams');
    expect(await offeredTimes()).toEqual(['10:00 (America/New_York)']);
    expect(freeSlots).toHaveBeenLastCalledWith(
      {},
      { from: TUESDAY, to: TUESDAY, doctorId: adams.id, appointmentTypeId: APPOINTMENT_TYPES.checkUp.id },
    );
    await user.selectOptions(screen.getByLabelText('Time'), '10:00 (America/New_York)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(book).toHaveBeenLastCalledWith(
        {},
        {
          date: ADAMS_TEN,
          appointmentTypeId: APPOINTMENT_TYPES.checkUp.id,
          details: '',
          providerId: adams.id,
          department: 'Medicine',
          year: 2,
        },
      ),
    );
    await formReadyAgain();
  });

  it('offers the types the student may book with their length, and free times as long as the type chosen', async () => {
    const { user } = renderForm();
    const reasons = within(screen.getByLabelText('Reason'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(reasons).toEqual([
      'Choose a reason',
      'Check-up · 30 min',
      'Malaria · 30 min',
      'Travel health · 20 min',
      'Vaccination · 15 min',
      'Other · 30 min',
    ]);
    await user.selectOptions(screen.getByLabelText('Reason'), 'Vaccination · 15 min');
    await chooseDay(user, TUESDAY);
    await offeredTimes();
    expect(freeSlots).toHaveBeenLastCalledWith(
      {},
      { from: TUESDAY, to: TUESDAY, doctorId: null, appointmentTypeId: APPOINTMENT_TYPES.vaccination.id },
    );
  });

  it('offers only the doctors who offer the type, and lets go of a doctor chosen who does not', async () => {
    const { user } = renderForm();
    const doctorNames = () =>
      within(screen.getByLabelText('Doctor'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(doctorNames()).toEqual(['First available doctor', 'Dr Amelia Adams', 'Dr Tunde Bello']);
    await user.selectOptions(screen.getByLabelText('Doctor'), 'Dr Amelia Adams');
    await user.selectOptions(screen.getByLabelText('Reason'), 'Travel health · 20 min');
    expect(doctorNames()).toEqual(['First available doctor', 'Dr Tunde Bello']);
    expect(screen.getByLabelText('Doctor')).toHaveDisplayValue('First available doctor');
  });

  it('sends the student\'s words after the type: optional for most types, asked for "Other", within what the reason holds', async () => {
    book.mockResolvedValue(booked);
    const { user } = renderForm();
    await fillSlotAndReason(user);
    expect(screen.getByLabelText('Details (optional)')).toHaveAttribute(
      'maxLength',
      String(200 - 2 - 'Malaria'.length),
    );
    await user.type(screen.getByLabelText('Details (optional)'), ' Fever since Sunday ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(book).toHaveBeenCalledWith(
        {},
        expect.objectContaining({ appointmentTypeId: APPOINTMENT_TYPES.malaria.id, details: 'Fever since Sunday' }),
      ),
    );
    await formReadyAgain();

    await user.selectOptions(screen.getByLabelText('Reason'), 'Other · 30 min');
    await chooseDay(user, TUESDAY);
    await offeredTimes();
    await user.selectOptions(screen.getByLabelText('Time'), '09:00 (America/New_York)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('What is the visit about?')).toHaveAccessibleDescription(MISSING_FIELD.details);
    expect(book).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('What is the visit about?'), 'Sports injury');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(book).toHaveBeenLastCalledWith(
        {},
        expect.objectContaining({ appointmentTypeId: APPOINTMENT_TYPES.other.id, details: 'Sports injury' }),
      ),
    );
    await formReadyAgain();
  });

  it('marks each invalid field with its own message, sends nothing and focuses the first one', async () => {
    const { user } = renderForm();
    await user.clear(screen.getByLabelText('Department'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllCorrectly);
    const invalid: Array<[string, string]> = [
      ['Date', SLOT_MISSING.day],
      ['Time', SLOT_MISSING.startsAt],
      ['Department', MISSING_FIELD.department],
      ['Reason', MISSING_FIELD.typeId],
    ];
    for (const [label, message] of invalid) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Year of study')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Reason')).toHaveFocus();

    // Fixing a field clears its mark; an "Other" reason needs its text.
    await fillSlotAndReason(user);
    await user.selectOptions(screen.getByLabelText('Reason'), 'Other · 30 min');
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('What is the visit about?')).toHaveAccessibleDescription(MISSING_FIELD.details);
    expect(book).not.toHaveBeenCalled();
  });

  it('says a closed day is closed without asking for its times, and offers the next day with free times', async () => {
    freeSlots.mockImplementation((_client, query) =>
      Promise.resolve(query.from === TUESDAY || query.from === '2026-11-30' ? [freeSlot('2026-11-30T13:00:00Z')] : []),
    );
    const { user } = renderForm();
    await chooseDay(user, '2026-11-29');
    expect(await screen.findByRole('button', { name: 'Show Mon, 30 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(
      expect.stringContaining('The clinic is closed on Sundays: it is open Monday to Friday'),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The next free time is Mon, 30 Nov 2026, 08:00 (America/New_York).',
    );
    expect(freeSlots).toHaveBeenCalledTimes(1);
    expect(freeSlots).toHaveBeenCalledWith({}, { from: '2026-11-30', to: '2026-12-13', doctorId: null });

    await user.click(screen.getByRole('button', { name: 'Show Mon, 30 Nov 2026' }));
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-30');
    expect(await offeredTimes()).toEqual(['08:00 (America/New_York)']);
  });

  it('says when an open day has no free times and looks two weeks further in one request', async () => {
    freeSlots.mockResolvedValue([]);
    const { user } = renderForm();
    await chooseDay(user, '2026-11-25');
    expect(await screen.findByText(/No free times in the 14 days after it: try a later day\./)).toHaveTextContent(
      'No free times on Wed, 25 Nov 2026.',
    );
    expect(freeSlots.mock.calls.map(([, query]) => query)).toEqual([
      { from: '2026-11-25', to: '2026-11-25', doctorId: null },
      { from: '2026-11-26', to: '2026-12-09', doctorId: null },
    ]);
    expect(screen.getByLabelText('Time')).toHaveDisplayValue('No free times on this day');
  });

  it('shows Sending... while booking, then the success toast, and resets the form', async () => {
    let answer: (appointment: Appointment) => void = () => undefined;
    book.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderForm();
    await fillSlotAndReason(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(booked);
    expect(await screen.findByText(BOOKING_MESSAGES.booked)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Reason')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("shows the database's refusal, reads the free times again and offers only those, with no success toast", async () => {
    book.mockRejectedValue(refusal('That time is not free: choose one of the free times'));
    const { user } = renderForm();
    await fillSlotAndReason(user);
    // Someone else took 09:30 meanwhile.
    freeSlots.mockImplementation(() => Promise.resolve([freeSlot(NINE)]));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That time is not free: choose one of the free times');
    await waitFor(() => expect(screen.getByLabelText('Time')).toHaveValue(''));
    expect(await offeredTimes()).toEqual(['09:00 (America/New_York)']);
    expect(freeSlots).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(BOOKING_MESSAGES.booked)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveDisplayValue('Malaria · 30 min');
  });

  it('reports a request that failed outright in words for people', async () => {
    book.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderForm();
    await fillSlotAndReason(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    expect(screen.queryByText(BOOKING_MESSAGES.booked)).not.toBeInTheDocument();
  });

  it('says when the free times cannot be read, and reads them again on Try again', async () => {
    freeSlots.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderForm();
    await chooseDay(user, TUESDAY);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await offeredTimes()).toEqual(['09:00 (America/New_York)', '09:30 (America/New_York)']);
  });
});
