import { render as renderInDom, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { API_MESSAGES, type CampusCareClient } from '@campuscare/shared';
import { notifyError, notifySuccess } from '../../../../shared/src/toast/toast';
import { MyAppointments } from './MyAppointments';

const rpc = jest.fn();
const range = jest.fn();
const maybeSingle = jest.fn();
const query = { select: () => query, eq: () => query, gte: () => query, order: () => query, range, maybeSingle };
const client = { from: () => query, rpc } as unknown as CampusCareClient;

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => client,
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
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

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function render(list: JSX.Element) {
  return renderInDom(
    <MemoryRouter initialEntries={['/dashboarrd']}>
      <Routes>
        <Route path="*" element={list} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  rpc.mockReset();
  range.mockReset();
  maybeSingle.mockReset();
  jest.mocked(notifySuccess).mockReset();
  jest.mocked(notifyError).mockReset();
});

describe('MyAppointments', () => {
  it('says in words for people when the list cannot be read, with a retry that loads again', async () => {
    range.mockResolvedValueOnce({
      data: null,
      error: { message: 'TypeError: Failed to fetch', details: '', hint: '', code: '' },
      count: null,
    });
    range.mockResolvedValueOnce({ data: [appointment], error: null, count: 1 });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'student01@northfield.edu · +1 555 0201 11' })).toBeInTheDocument();
  });

  it('starts a scheduled appointment through update_appointment and opens its visit', async () => {
    range.mockResolvedValue({ data: [appointment], error: null, count: 1 });
    rpc.mockResolvedValue({ data: { ...appointment, status: 'ongoing' }, error: null });
    maybeSingle.mockResolvedValue({ data: { id: 'visit-1' }, error: null });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    const menu = screen.getByRole('menu');
    // The visit is today and its start has just passed: the front desk's steps come first.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Check in', 'No-show', 'Start', 'Reschedule', 'Cancel', 'Patient chart']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-1'));
    expect(notifySuccess).toHaveBeenCalledWith('Visit started');
    expect(rpc).toHaveBeenCalledWith('update_appointment', { id: 'appointment-1', status: 'ongoing' });
    await waitFor(() => expect(range).toHaveBeenCalledTimes(2));
  });

  it('checks the student in from the row, and starts a checked-in visit or takes the check-in back', async () => {
    // Read once as booked, then, after the check-in, as the database has it.
    range
      .mockResolvedValueOnce({ data: [appointment], error: null, count: 1 })
      .mockResolvedValue({ data: [{ ...appointment, status: 'arrived' }], error: null, count: 1 });
    rpc.mockResolvedValue({ data: { ...appointment, status: 'arrived' }, error: null });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Check in' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Checked in'));
    expect(rpc).toHaveBeenCalledWith('update_appointment', { id: 'appointment-1', status: 'arrived' });
    expect(await screen.findByRole('cell', { name: 'Arrived' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Actions for Ada Okoro/ }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Undo check-in', 'Start', 'Cancel', 'Patient chart']);
  });

  it('offers an ongoing appointment its visit instead of Complete: signing the visit completes it', async () => {
    range.mockResolvedValue({ data: [{ ...appointment, status: 'ongoing' }], error: null, count: 1 });
    maybeSingle.mockResolvedValue({ data: { id: 'visit-2' }, error: null });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Open visit', 'Cancel', 'Patient chart']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Open visit' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-2'));
    expect(rpc).not.toHaveBeenCalled();
  });

  it("opens the student's chart from the row", async () => {
    range.mockResolvedValue({ data: [{ ...appointment, status: 'completed' }], error: null, count: 1 });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Patient chart']);
    await user.click(screen.getByRole('menuitem', { name: 'Patient chart' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/patientchart?student=student-1');
  });

  it('toasts the database refusal to start, and stays', async () => {
    range.mockResolvedValue({ data: [appointment], error: null, count: 1 });
    rpc.mockResolvedValue({
      data: null,
      error: { code: 'P0001', message: 'A visit can be started or completed on its day, not before' },
    });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Ada Okoro/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Start' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('A visit can be started or completed on its day, not before'),
    );
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboarrd');
  });

  it("offers no Start before the visit's day on the clinic calendar, but Reschedule, Cancel and the chart", async () => {
    range.mockResolvedValue({ data: [{ ...appointment, date: '2030-01-07T14:00:00Z' }], error: null, count: 1 });
    render(<MyAppointments providerId="doctor-1" zone={ZONE} />);
    // The clinic's clock whatever the computer's, the zone named: 14:00 UTC is 09:00 in New York.
    expect(await screen.findByRole('columnheader', { name: 'Date/time (America/New_York)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Mon, 7 Jan 2030, 09:00' })).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Actions for Ada Okoro, Mon, 7 Jan 2030, 09:00' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Reschedule', 'Cancel', 'Patient chart']);
  });
});
