import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CampusCareToasts, MESSAGES, type Member } from '@campuscare/shared';
import { memberFixture } from '../../../../shell/src/test/fixtures';
import { bookAppointment, type BookingOutcome } from './appointmentsApi';
import { BOOKING_MESSAGES } from './appointmentLabels';
import { BookingForm } from './BookingForm';
import { CLINIC_CLOSED_MESSAGE, toDateInputValue } from './clinicHours';

jest.mock('./appointmentsApi', () => ({ bookAppointment: jest.fn() }));
const book = jest.mocked(bookAppointment);

const student: Member = memberFixture('student', {
  id: 'student-1',
  first_name: 'Ada',
  last_name: 'Obi',
  department: 'Medicine',
  reg_number: 'NFU/2024/001',
  year_of_study: 2,
});
const doctors = [{ id: 'doctor-1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' }];

/** A weekday at least a week ahead, so every slot of it is bookable. */
function nextWeekday(fromDaysAhead = 7): string {
  const day = new Date();
  day.setDate(day.getDate() + fromDaysAhead);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  return toDateInputValue(day);
}

function nextWeekend(): string {
  const day = new Date();
  day.setDate(day.getDate() + 7);
  while (day.getDay() !== 6) day.setDate(day.getDate() + 1);
  return toDateInputValue(day);
}

function renderForm(onBooked = jest.fn()) {
  render(
    <>
      <CampusCareToasts />
      <BookingForm member={student} doctors={doctors} onBooked={onBooked} />
    </>,
  );
  return { onBooked, form: screen.getByRole('form', { name: 'Book an appointment' }) };
}

async function fillSlotAndReason(user: ReturnType<typeof userEvent.setup>, date = nextWeekday()) {
  await user.type(screen.getByLabelText('Date'), date);
  await user.selectOptions(screen.getByLabelText('Time'), '09:30');
  await user.selectOptions(screen.getByLabelText('Reason'), 'Malaria');
}

beforeEach(() => book.mockReset());

describe('BookingForm', () => {
  it('prefills the student fields from the profile', () => {
    renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Department')).toHaveValue('Medicine');
    expect(screen.getByLabelText('Registration number')).toHaveValue('NFU/2024/001');
    expect(screen.getByLabelText('Year of study')).toHaveValue('2');
  });

  it('sends nothing while a field is empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllCorrectly);

    await fillSlotAndReason(user);
    await user.clear(screen.getByLabelText('Department'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllCorrectly);
    expect(book).not.toHaveBeenCalled();
  });

  it('needs the text of an "Other" reason', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillSlotAndReason(user);
    await user.selectOptions(screen.getByLabelText('Reason'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fillAllCorrectly);
    expect(book).not.toHaveBeenCalled();

    book.mockResolvedValue({ ok: true, appointment: {} as never });
    await user.type(screen.getByLabelText('Other reason'), 'Sports injury');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(book).toHaveBeenCalledWith(expect.objectContaining({ reason: 'Other: Sports injury' })));
  });

  it('refuses weekends before sending', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Date'), nextWeekend());
    expect(screen.getByText(CLINIC_CLOSED_MESSAGE)).toBeInTheDocument();
    expect(within(screen.getByLabelText('Time')).getAllByRole('option')).toHaveLength(1);
  });

  it('shows Sending... while booking, then the success toast, and resets the form', async () => {
    const user = userEvent.setup();
    let answer: (outcome: BookingOutcome) => void = () => undefined;
    book.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { onBooked } = renderForm();
    const date = nextWeekday();
    await fillSlotAndReason(user, date);
    await user.selectOptions(screen.getByLabelText('Doctor'), 'doctor-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    const [year, month, day] = date.split('-').map(Number);
    expect(book).toHaveBeenCalledWith({
      date: new Date(year, month - 1, day, 9, 30).toISOString(),
      reason: 'Malaria',
      providerId: 'doctor-1',
      name: 'Ada Obi',
      department: 'Medicine',
      reg: 'NFU/2024/001',
      year: 2,
    });

    answer({ ok: true, appointment: {} as never });
    expect(await screen.findByText(BOOKING_MESSAGES.booked)).toBeInTheDocument();
    expect(onBooked).toHaveBeenCalled();
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Reason')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("shows the database's refusal in the red bar and no success toast", async () => {
    const user = userEvent.setup();
    book.mockResolvedValue({ ok: false, message: 'You already have an appointment at that time' });
    const { onBooked } = renderForm();
    await fillSlotAndReason(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an appointment at that time');
    expect(screen.queryByText(BOOKING_MESSAGES.booked)).not.toBeInTheDocument();
    expect(onBooked).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Reason')).toHaveValue('Malaria');
  });

  it('reports a request that failed outright', async () => {
    const user = userEvent.setup();
    book.mockRejectedValue(new Error('TypeError: Failed to fetch'));
    renderForm();
    await fillSlotAndReason(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.failed);
    expect(screen.queryByText(BOOKING_MESSAGES.booked)).not.toBeInTheDocument();
  });
});
