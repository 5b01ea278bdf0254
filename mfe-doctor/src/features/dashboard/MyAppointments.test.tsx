import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampusCareClient } from '@campuscare/shared';
import { MyAppointments } from './MyAppointments';

const rpc = jest.fn();
const range = jest.fn();
const query = { select: () => query, eq: () => query, gte: () => query, order: () => query, range };
const client = { from: () => query, rpc } as unknown as CampusCareClient;

jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  getSupabase: async () => client,
  notifySuccess: jest.fn(),
}));

const ZONE = 'America/New_York';

// Today: a visit that can be started now.
const appointment = {
  id: 'appointment-1',
  university_id: 'university-1',
  student_id: 'student-1',
  provider_id: 'doctor-1',
  date: new Date().toISOString(),
  duration_minutes: 30,
  name: 'Ada Okoro',
  department: 'Medicine',
  reg: 'NFU/2025/001',
  year: 2,
  reason: 'Check-up',
  status: 'scheduled',
  cancel_reason: null,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
  provider: { id: 'doctor-1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' },
  student: { email: 'student01@northfield.edu', phone: '+1 555 0201 11' },
};

beforeEach(() => {
  rpc.mockReset();
  range.mockReset();
});

describe('MyAppointments', () => {
  it("shows 'Could not fetch appointments' with a retry that loads again", async () => {
    range.mockResolvedValueOnce({ data: null, error: { message: 'network down' }, count: null });
    range.mockResolvedValueOnce({ data: [appointment], error: null, count: 1 });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} onChanged={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch appointments: network down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'student01@northfield.edu · +1 555 0201 11' })).toBeInTheDocument();
  });

  it('starts a scheduled appointment through update_appointment and reloads', async () => {
    range.mockResolvedValue({ data: [appointment], error: null, count: 1 });
    rpc.mockResolvedValue({ data: { ...appointment, status: 'ongoing' }, error: null });
    const onChanged = jest.fn();
    render(<MyAppointments providerId="doctor-1" zone={ZONE} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Start', 'Reschedule', 'Cancel']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Start' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(rpc).toHaveBeenCalledWith('update_appointment', { id: 'appointment-1', status: 'ongoing' });
    expect(range).toHaveBeenCalledTimes(2);
  });

  it('shows the database refusal of a status change', async () => {
    range.mockResolvedValue({ data: [{ ...appointment, status: 'ongoing' }], error: null, count: 1 });
    rpc.mockResolvedValue({ data: null, error: { message: 'This appointment is already completed and can no longer change' } });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} onChanged={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ada Okoro: This appointment is already completed and can no longer change');
  });

  it("offers no Start before the visit's day on the clinic calendar, but Reschedule and Cancel", async () => {
    range.mockResolvedValue({ data: [{ ...appointment, date: '2030-01-07T14:00:00Z' }], error: null, count: 1 });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} onChanged={jest.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reschedule', 'Cancel']);
  });
});
