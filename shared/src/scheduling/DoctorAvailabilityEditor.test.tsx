import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoctorTimeOff } from '../database.types';
import { notifySuccess } from '../toast/toast';
import {
  addTimeOff,
  clearDoctorHours,
  loadDoctorAvailability,
  removeTimeOff,
  saveDoctorHours,
} from './availabilityApi';
import { DoctorAvailabilityEditor } from './DoctorAvailabilityEditor';
import { loadClinic, type Clinic } from './schedulingApi';

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));
jest.mock('./schedulingApi', () => ({ loadClinic: jest.fn() }));
jest.mock('./availabilityApi', () => ({
  loadDoctorAvailability: jest.fn(),
  saveDoctorHours: jest.fn(),
  clearDoctorHours: jest.fn(),
  addTimeOff: jest.fn(),
  removeTimeOff: jest.fn(),
}));

const ZONE = 'America/New_York';
const doctor = { id: 'd1' };
const clinic = {
  settings: {
    university_id: 'u1',
    timezone: ZONE,
    slot_minutes: 30,
    min_notice_minutes: 120,
    student_change_cutoff_minutes: 720,
    staff_idle_minutes: 15,
    student_upcoming_limit: 3,
    student_daily_booking_limit: 3,
    booking_grace_minutes: 15,
    phone: null,
    email: null,
    address: null,
    updated_at: '2026-01-01T00:00:00Z',
  },
  hours: [1, 2, 3, 4, 5].map((weekday) => ({
    university_id: 'u1',
    weekday,
    opens_at: '08:00:00',
    closes_at: '17:00:00',
  })),
  closures: [],
} satisfies Clinic;
const conference: DoctorTimeOff = {
  id: 't1',
  doctor_id: 'd1',
  university_id: 'u1',
  starts_at: '2030-03-04T05:00:00Z',
  ends_at: '2030-03-05T05:00:00Z',
  reason: 'Conference',
  created_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest
    .mocked(loadDoctorAvailability)
    .mockReset()
    .mockResolvedValue({ hours: [], timeOff: [conference] });
  for (const mock of [saveDoctorHours, clearDoctorHours, addTimeOff, removeTimeOff])
    jest.mocked(mock).mockReset().mockResolvedValue(undefined);
  jest.mocked(notifySuccess).mockReset();
});

describe('DoctorAvailabilityEditor', () => {
  it("sets own hours within the clinic's, refusing hours outside them before anything is sent", async () => {
    const user = userEvent.setup();
    render(<DoctorAvailabilityEditor doctor={doctor} />);
    const form = await screen.findByRole('form', { name: 'Weekly hours' });
    expect(within(form).getByRole('radio', { name: 'Whenever the clinic is open' })).toBeChecked();
    expect(screen.getByText(`Days and times are the clinic's, in ${ZONE}.`)).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Only on these days and hours' }));
    // Own hours start from the clinic's week.
    expect(within(form).getByRole('checkbox', { name: 'Working on Friday' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Working on Tuesday' }));
    await user.clear(within(form).getByLabelText('Monday until'));
    await user.type(within(form).getByLabelText('Monday until'), '18:00');
    await user.click(within(form).getByRole('button', { name: 'Save weekly hours' }));
    expect(within(form).getByText("Hours must be within the clinic's: 08:00–17:00")).toBeInTheDocument();
    expect(saveDoctorHours).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Monday until'));
    await user.type(within(form).getByLabelText('Monday until'), '12:00');
    await user.click(within(form).getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() => expect(saveDoctorHours).toHaveBeenCalled());
    const { week } = jest.mocked(saveDoctorHours).mock.calls[0][1];
    expect(week.filter((day) => day.open).map((day) => [day.weekday, day.opensAt, day.closesAt])).toEqual([
      [1, '08:00', '12:00'],
      [3, '08:00', '17:00'],
      [4, '08:00', '17:00'],
      [5, '08:00', '17:00'],
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Weekly hours saved');
    expect(loadDoctorAvailability).toHaveBeenCalledTimes(2);
  });

  it("goes back to the clinic's hours and shows the server's refusal in words for people, without a success toast", async () => {
    jest.mocked(loadDoctorAvailability).mockResolvedValue({
      hours: [{ doctor_id: 'd1', university_id: 'u1', weekday: 1, opens_at: '09:00:00', closes_at: '13:00:00' }],
      timeOff: [],
    });
    jest.mocked(clearDoctorHours).mockRejectedValue({
      code: '42501',
      message: 'new row violates row-level security policy for table "doctor_hours"',
    });
    const user = userEvent.setup();
    render(<DoctorAvailabilityEditor doctor={doctor} />);
    const form = await screen.findByRole('form', { name: 'Weekly hours' });
    expect(within(form).getByLabelText('Monday until')).toHaveValue('13:00');
    await user.click(within(form).getByRole('radio', { name: 'Whenever the clinic is open' }));
    await user.click(within(form).getByRole('button', { name: 'Save weekly hours' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You are not allowed to do that.');
    expect(clearDoctorHours).toHaveBeenCalledWith({}, 'd1');
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('lists upcoming time off on the clinic clock, adds whole days and removes an entry', async () => {
    const user = userEvent.setup();
    render(<DoctorAvailabilityEditor doctor={doctor} />);
    const list = await screen.findByRole('list', { name: 'Upcoming time off' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Mon, 4 Mar 2030 (all day) · Conference');

    const form = screen.getByRole('form', { name: 'Add time off' });
    await user.type(within(form).getByLabelText('First day'), '2030-03-11');
    expect(within(form).getByLabelText('Last day')).toHaveValue('2030-03-11');
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Training');
    await user.click(within(form).getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(addTimeOff).toHaveBeenCalled());
    // Midnight to midnight in New York (UTC−4 from 10 March 2030).
    expect(addTimeOff).toHaveBeenCalledWith(
      {},
      { doctor, startsAt: '2030-03-11T04:00:00.000Z', endsAt: '2030-03-12T04:00:00.000Z', reason: 'Training' },
    );
    expect(notifySuccess).toHaveBeenCalledWith('Time off added');

    expect(within(form).getByLabelText('First day')).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: 'Remove time off Mon, 4 Mar 2030 (all day)' }));
    await waitFor(() => expect(removeTimeOff).toHaveBeenCalledWith({}, 't1'));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Time off removed'));
  });

  it('asks about the booked visits before saving hours or time off, and saves nothing when staff go back', async () => {
    const confirmChange = jest.fn().mockResolvedValue(false);
    const user = userEvent.setup();
    render(<DoctorAvailabilityEditor doctor={doctor} confirmChange={confirmChange} />);
    const hours = await screen.findByRole('form', { name: 'Weekly hours' });
    await user.click(within(hours).getByRole('radio', { name: 'Only on these days and hours' }));
    await user.click(within(hours).getByRole('checkbox', { name: 'Working on Friday' }));
    await user.click(within(hours).getByRole('button', { name: 'Save weekly hours' }));
    await waitFor(() =>
      expect(confirmChange).toHaveBeenCalledWith({
        kind: 'doctor_hours',
        doctor_id: 'd1',
        hours: [1, 2, 3, 4].map((weekday) => ({ weekday, opens_at: '08:00', closes_at: '17:00' })),
      }),
    );
    const timeOff = screen.getByRole('form', { name: 'Add time off' });
    await user.type(within(timeOff).getByLabelText('First day'), '2030-03-11');
    await user.click(within(timeOff).getByRole('button', { name: 'Add time off' }));
    // Whole days on the clinic's clock: New York's midnight to the next.
    await waitFor(() =>
      expect(confirmChange).toHaveBeenLastCalledWith({
        kind: 'time_off',
        doctor_id: 'd1',
        starts_at: '2030-03-11T04:00:00.000Z',
        ends_at: '2030-03-12T04:00:00.000Z',
      }),
    );
    expect(saveDoctorHours).not.toHaveBeenCalled();
    expect(addTimeOff).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(within(timeOff).getByLabelText('First day')).toHaveValue('2030-03-11');

    confirmChange.mockResolvedValue(true);
    await user.click(within(timeOff).getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(addTimeOff).toHaveBeenCalled());
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Time off added'));
  });

  it('shows a refused time off on the form and keeps what was typed', async () => {
    jest.mocked(addTimeOff).mockRejectedValue({
      code: '23514',
      message: 'new row for relation "doctor_time_off" violates check constraint "doctor_time_off_span"',
    });
    const user = userEvent.setup();
    render(<DoctorAvailabilityEditor doctor={doctor} />);
    const form = await screen.findByRole('form', { name: 'Add time off' });
    await user.type(within(form).getByLabelText('First day'), '2030-03-11');
    await user.click(within(form).getByRole('button', { name: 'Add time off' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Time off can last at most a year');
    expect(within(form).getByLabelText('First day')).toHaveValue('2030-03-11');
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
