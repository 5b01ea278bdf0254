import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, MESSAGES, queryClient } from '@campuscare/shared';
import { adams, clinic, NOW } from '../../../../test/web/appointmentsTestData';
import { listDoctors } from '../../../../shared/src/appointments/appointmentsApi';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { joinWaitlist, leaveWaitlist, loadLatestWaitlistEntry, type WaitlistEntry } from './waitlistApi';
import { Waitlist } from './Waitlist';
import { WAITLIST_MESSAGES } from './waitlistForm';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('../../../../shared/src/appointments/appointmentsApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/appointmentsApi'),
  listDoctors: jest.fn(),
}));
jest.mock('./waitlistApi', () => ({
  ...jest.requireActual('./waitlistApi'),
  loadLatestWaitlistEntry: jest.fn(),
  joinWaitlist: jest.fn(),
  leaveWaitlist: jest.fn(),
}));

const latest = jest.mocked(loadLatestWaitlistEntry);
const join = jest.mocked(joinWaitlist);
const leave = jest.mocked(leaveWaitlist);

function entry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 'w1',
    position: 1,
    university_id: 'u1',
    student_id: 'student-1',
    provider_id: null,
    from_day: '2026-11-30',
    to_day: '2026-12-04',
    created_at: NOW.toISOString(),
    ended_at: null,
    end_reason: null,
    ...overrides,
  };
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listDoctors).mockResolvedValue([adams]);
  latest.mockReset().mockResolvedValue(null);
  join.mockReset();
  leave.mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

async function requestForm() {
  render(<Waitlist studentId="student-1" />);
  return screen.findByRole('form', { name: 'Tell me if an earlier time frees up' });
}

describe('Waitlist', () => {
  it('asks for the days on the clinic’s calendar and a bookable doctor, then shows the request', async () => {
    const form = await requestForm();
    expect(jest.mocked(listDoctors)).toHaveBeenCalledWith({}, 'bookable');
    // The clinic's today (Monday 23 November in New York) is the first day a request may start.
    expect(within(form).getByLabelText('First day')).toHaveAttribute('min', '2026-11-23');

    fireEvent.click(within(form).getByRole('button', { name: 'Tell me' }));
    expect(within(form).getByLabelText('First day')).toHaveAccessibleDescription(MESSAGES.required);
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-12-04' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tell me' }));
    expect(within(form).getByLabelText('Last day')).toHaveAccessibleDescription(WAITLIST_MESSAGES.lastDayBeforeFirst);
    expect(join).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2026-12-04' } });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Dr Amelia Adams' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText('Doctor'), { target: { value: adams.id } });
    join.mockResolvedValue(entry({ provider_id: adams.id }));
    latest.mockResolvedValue(entry({ provider_id: adams.id }));
    fireEvent.click(within(form).getByRole('button', { name: 'Tell me' }));

    expect(await screen.findByText('Mon, 30 Nov 2026 – Fri, 4 Dec 2026, with Dr Amelia Adams')).toBeInTheDocument();
    expect(join).toHaveBeenCalledWith({}, { fromDay: '2026-11-30', toDay: '2026-12-04', doctorId: adams.id });
    expect(screen.queryByRole('form', { name: 'Tell me if an earlier time frees up' })).not.toBeInTheDocument();
  });

  it('shows the database’s refusal in the form', async () => {
    const form = await requestForm();
    fireEvent.change(within(form).getByLabelText('First day'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText('Last day'), { target: { value: '2027-03-01' } });
    join.mockRejectedValue(new ApiError('Choose a range of at most 61 days'));
    fireEvent.click(within(form).getByRole('button', { name: 'Tell me' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a range of at most 61 days');
    expect(join).toHaveBeenCalledWith({}, { fromDay: '2026-11-30', toDay: '2027-03-01', doctorId: undefined });
  });

  it('leaves the waitlist, and offers the form again', async () => {
    latest.mockResolvedValue(entry());
    render(<Waitlist studentId="student-1" />);
    expect(await screen.findByText('Mon, 30 Nov 2026 – Fri, 4 Dec 2026, with any doctor')).toBeInTheDocument();
    latest.mockResolvedValue(entry({ ended_at: NOW.toISOString(), end_reason: 'left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('form', { name: 'Tell me if an earlier time frees up' })).toBeInTheDocument();
    expect(leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(WAITLIST_MESSAGES.endedByBooking)).not.toBeInTheDocument();
  });

  it('says when the last request ended with a booking', async () => {
    latest.mockResolvedValue(entry({ ended_at: NOW.toISOString(), end_reason: 'booked' }));
    await requestForm();
    expect(screen.getByText(WAITLIST_MESSAGES.endedByBooking)).toBeInTheDocument();
  });
});
