import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../data/queryClient';
import { listFreeSlots, loadClinic } from '../scheduling/schedulingApi';
import { notifySuccess } from '../toast/toast';
import {
  adams,
  APPOINTMENT_TYPES,
  appointmentFixture,
  clinic,
  freeSlot,
  NOW,
} from '../../../test/web/appointmentsTestData';
import { listDoctors } from './appointmentsApi';
import { listAppointmentTypes } from './appointmentTypesApi';
import {
  BookForStudentDialog,
  STUDENT_BOOKING_MESSAGES,
  studentBooking,
  studentBookingErrors,
  type StudentBookingValues,
} from './BookForStudentDialog';
import { SLOT_MISSING } from './FreeSlotPicker';
import { bookForStudent } from './frontDeskApi';
import { searchActiveStudents } from './studentSearchApi';

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../scheduling/schedulingApi', () => ({ loadClinic: jest.fn(), listFreeSlots: jest.fn() }));
jest.mock('./appointmentsApi', () => ({ ...jest.requireActual('./appointmentsApi'), listDoctors: jest.fn() }));
jest.mock('./appointmentTypesApi', () => ({
  ...jest.requireActual('./appointmentTypesApi'),
  listAppointmentTypes: jest.fn(),
}));
jest.mock('./frontDeskApi', () => ({ ...jest.requireActual('./frontDeskApi'), bookForStudent: jest.fn() }));
jest.mock('./studentSearchApi', () => ({
  ...jest.requireActual('./studentSearchApi'),
  searchActiveStudents: jest.fn(),
}));

const bello = { id: 'doctor-2', title: 'Dr', first_name: 'Tunde', last_name: 'Bello' };
const rosa = {
  id: 'student-7',
  first_name: 'Rosa',
  last_name: 'Garcia',
  reg_number: 'NFU/2024/018',
  department: 'Law',
  year_of_study: 3,
};
const TYPES = [
  APPOINTMENT_TYPES.checkUp,
  APPOINTMENT_TYPES.counselling,
  APPOINTMENT_TYPES.vaccination,
  APPOINTMENT_TYPES.other,
];
// Tuesday 24 November 2026 at the clinic: 09:00 in New York is 14:00 UTC.
const TUESDAY = '2026-11-24';
const NINE = '2026-11-24T14:00:00+00:00';

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listDoctors).mockResolvedValue([adams, bello]);
  jest.mocked(listAppointmentTypes).mockResolvedValue(TYPES);
  jest
    .mocked(listFreeSlots)
    .mockReset()
    .mockImplementation(async (_client, query) => (query.from === TUESDAY ? [freeSlot(NINE)] : []));
  jest.mocked(searchActiveStudents).mockReset().mockResolvedValue([rosa]);
  jest.mocked(bookForStudent).mockReset();
  jest.mocked(notifySuccess).mockReset();
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

function renderDialog(props: { readonly student?: typeof rosa } = {}) {
  const onClose = jest.fn();
  render(<BookForStudentDialog onClose={onClose} {...props} />);
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }), onClose };
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseCounsellingOnTuesday(user: User) {
  const form = await screen.findByRole('form', { name: 'Book for a student' });
  await user.selectOptions(within(form).getByLabelText('Type of visit'), 'Counselling · 50 min (staff only)');
  await user.type(within(form).getByLabelText('Date'), TUESDAY);
  const time = within(form).getByLabelText('Time');
  await waitFor(() => expect(time).toBeEnabled());
  await user.selectOptions(time, '09:00 (America/New_York)');
  return form;
}

describe('studentBookingErrors', () => {
  const values: StudentBookingValues = {
    studentId: 's1',
    typeId: 'type-other',
    providerId: '',
    day: TUESDAY,
    startsAt: NINE,
    details: '',
  };

  it('wants the student, the type, a free time, and words for "Other"', () => {
    expect(
      studentBookingErrors(
        { ...values, studentId: '', typeId: '', day: '', startsAt: '' },
        { clinic, now: NOW, type: undefined },
      ),
    ).toEqual({
      studentId: STUDENT_BOOKING_MESSAGES.student,
      typeId: STUDENT_BOOKING_MESSAGES.type,
      day: SLOT_MISSING.day,
      startsAt: SLOT_MISSING.startsAt,
    });
    expect(studentBookingErrors(values, { clinic, now: NOW, type: APPOINTMENT_TYPES.other })).toEqual({
      details: 'Say what the visit is about',
    });
    expect(
      studentBookingErrors({ ...values, details: 'Sore throat' }, { clinic, now: NOW, type: APPOINTMENT_TYPES.other }),
    ).toEqual({});
    expect(studentBookingErrors(values, { clinic, now: NOW, type: APPOINTMENT_TYPES.checkUp })).toEqual({});
  });

  it('sends a doctor and words only when given', () => {
    expect(studentBooking({ ...values, details: '  Sore throat ' })).toEqual({
      studentId: 's1',
      startsAt: NINE,
      appointmentTypeId: 'type-other',
      details: 'Sore throat',
    });
    expect(studentBooking({ ...values, providerId: adams.id })).toEqual({
      studentId: 's1',
      startsAt: NINE,
      appointmentTypeId: 'type-other',
      providerId: adams.id,
    });
  });
});

describe('BookForStudentDialog', () => {
  it('finds the student, offers every type with the doctors who offer it, then the free times of that type, and books', async () => {
    jest.mocked(bookForStudent).mockResolvedValue(appointmentFixture({ name: 'Rosa Garcia' }));
    const { user, onClose } = renderDialog();
    const form = await screen.findByRole('form', { name: 'Book for a student' });
    await user.click(within(form).getByRole('button', { name: 'Book the visit' }));
    expect(screen.getByText(STUDENT_BOOKING_MESSAGES.student)).toBeInTheDocument();
    expect(within(form).getByLabelText('Type of visit')).toHaveAccessibleDescription(STUDENT_BOOKING_MESSAGES.type);
    expect(bookForStudent).not.toHaveBeenCalled();

    await user.type(screen.getByRole('searchbox', { name: 'Find the student' }), 'garcia');
    await user.click(await screen.findByRole('radio', { name: 'Rosa Garcia · NFU/2024/018 · Law, year 3' }));
    expect(searchActiveStudents).toHaveBeenLastCalledWith({}, 'garcia');
    expect(within(form).getByText(/Rosa Garcia · NFU\/2024\/018/)).toBeInTheDocument();

    const types = within(within(form).getByLabelText('Type of visit')).getAllByRole('option');
    expect(types.map((option) => option.textContent)).toEqual([
      'Choose a type',
      'Check-up · 30 min',
      'Counselling · 50 min (staff only)',
      'Vaccination · 15 min',
      'Other · 30 min',
    ]);
    await chooseCounsellingOnTuesday(user);
    const doctors = within(within(form).getByLabelText('Doctor')).getAllByRole('option');
    expect(doctors.map((option) => option.textContent)).toEqual(['First available doctor', 'Dr Amelia Adams']);
    expect(listFreeSlots).toHaveBeenLastCalledWith(
      {},
      { from: TUESDAY, to: TUESDAY, doctorId: null, appointmentTypeId: APPOINTMENT_TYPES.counselling.id },
    );

    await user.type(within(form).getByLabelText('Details (optional)'), 'Exam stress');
    await user.click(within(form).getByRole('button', { name: 'Book the visit' }));
    await waitFor(() =>
      expect(bookForStudent).toHaveBeenCalledWith(
        {},
        {
          studentId: rosa.id,
          startsAt: NINE,
          appointmentTypeId: APPOINTMENT_TYPES.counselling.id,
          details: 'Exam stress',
        },
      ),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifySuccess).toHaveBeenCalledWith('Visit booked for Rosa Garcia: they are emailed the time');
  });

  it("starts from the student's row, and shows the database's refusal, reading the free times again", async () => {
    jest
      .mocked(bookForStudent)
      .mockRejectedValue(
        Object.assign(new Error('The student already has an appointment at that time'), { code: '23P01' }),
      );
    const { user, onClose } = renderDialog({ student: rosa });
    const form = await chooseCounsellingOnTuesday(user);
    expect(screen.queryByRole('searchbox', { name: 'Find the student' })).not.toBeInTheDocument();
    expect(within(form).getByText(/Rosa Garcia · NFU\/2024\/018/)).toBeInTheDocument();
    const readsBefore = jest.mocked(listFreeSlots).mock.calls.length;
    await user.click(within(form).getByRole('button', { name: 'Book the visit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The student already has an appointment at that time',
    );
    await waitFor(() => expect(jest.mocked(listFreeSlots).mock.calls.length).toBeGreaterThan(readsBefore));
    expect(onClose).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('lets go of a doctor who does not offer the type chosen next', async () => {
    const { user } = renderDialog({ student: rosa });
    const form = await screen.findByRole('form', { name: 'Book for a student' });
    await user.selectOptions(within(form).getByLabelText('Doctor'), 'Dr Tunde Bello');
    await user.selectOptions(within(form).getByLabelText('Type of visit'), 'Counselling · 50 min (staff only)');
    expect(within(form).getByLabelText('Doctor')).toHaveDisplayValue('First available doctor');
    await user.selectOptions(within(form).getByLabelText('Type of visit'), 'Other · 30 min');
    expect(within(form).getByLabelText('What is the visit about?')).toBeInTheDocument();
  });
});
