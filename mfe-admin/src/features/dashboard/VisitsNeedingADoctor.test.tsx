import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ApiError, type Member, queryClient } from '@campuscare/shared';
import {
  listVisitsNeedingADoctor,
  VISITS_NEEDING_A_DOCTOR_KEY,
  type VisitNeedingAction,
} from '@campuscare/shared/appointments';
import type { Clinic } from '@campuscare/shared/scheduling';
import { adams, appointmentFixture, clinic } from '../../../../test/web/appointmentsTestData';
import { VisitsNeedingADoctor } from './VisitsNeedingADoctor';

const rpc = jest.fn();
// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({ rpc }) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({
    status: 'signedIn',
    member: { id: 'm1', role: 'admin', is_super_admin: true, university_id: 'u1' } as Member,
  }),
}));
jest.mock('@campuscare/shared/appointments', () => ({
  ...jest.requireActual('@campuscare/shared/appointments'),
  listVisitsNeedingADoctor: jest.fn(),
}));
jest.mock('@campuscare/shared/scheduling', () => ({
  ...jest.requireActual('@campuscare/shared/scheduling'),
  useClinic: () =>
    ({ data: clinic, isError: false, error: null, refetch: jest.fn() }) as unknown as UseQueryResult<Clinic, ApiError>,
}));

const closedDay: VisitNeedingAction = {
  appointment: { ...appointmentFixture(), provider: adams },
  doctorName: 'Dr Amelia Adams',
  problem: 'The clinic is closed that day (Water outage)',
};
const noDoctor: VisitNeedingAction = {
  // Friday 27 November 2026, 14:30 in New York.
  appointment: {
    ...appointmentFixture({
      id: 'a2',
      name: 'Bola Ade',
      reg: 'NFU/2024/002',
      provider_id: null,
      date: '2026-11-27T19:30:00.000Z',
    }),
    provider: null,
  },
  doctorName: null,
  problem: 'No doctor is assigned',
};

beforeEach(() => {
  rpc.mockReset();
  jest
    .mocked(listVisitsNeedingADoctor)
    .mockReset()
    .mockResolvedValue({ rows: [closedDay, noDoctor], total: 2 });
});

describe('visits that need a doctor', () => {
  it("lists each visit on the clinic's clock with its student, doctor and problem, and what can be done about it", async () => {
    render(<VisitsNeedingADoctor />);
    const list = await screen.findByRole('list', { name: 'Visits that need a doctor' });
    const first = within(list).getByRole('listitem', { name: 'Ada Obi, Thu, 26 Nov 2026, 09:00' });
    expect(first).toHaveTextContent('Ada Obi (NFU/2024/001) · Dr Amelia Adams');
    expect(first).toHaveTextContent('The clinic is closed that day (Water outage)');
    expect(
      within(first)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Another doctor', 'New time', 'Cancel visit']);
    // A new time keeps the visit's doctor: one with none is given a doctor or cancelled.
    const second = within(list).getByRole('listitem', { name: 'Bola Ade, Fri, 27 Nov 2026, 14:30' });
    expect(second).toHaveTextContent('Bola Ade (NFU/2024/002) · No doctor assigned');
    expect(
      within(second)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Another doctor', 'Cancel visit']);
  });

  it('cancels a visit with a reason through the shared dialog, and reads the list again', async () => {
    rpc.mockResolvedValue({ data: { ...closedDay.appointment, status: 'cancelled' }, error: null });
    const user = userEvent.setup();
    render(<VisitsNeedingADoctor />);
    const row = await screen.findByRole('listitem', { name: 'Ada Obi, Thu, 26 Nov 2026, 09:00' });
    jest.mocked(listVisitsNeedingADoctor).mockResolvedValue({ rows: [noDoctor], total: 1 });
    await user.click(within(row).getByRole('button', { name: 'Cancel visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await user.type(within(dialog).getByLabelText('Reason for cancelling'), 'The clinic is closed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('update_appointment', {
      id: 'a1',
      status: 'cancelled',
      cancel_reason: 'The clinic is closed',
    });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Ada Obi/ })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: /^Bola Ade/ })).toBeInTheDocument();
  });

  it('opens the edit dialog to give a visit another doctor', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    const user = userEvent.setup();
    render(<VisitsNeedingADoctor />);
    const row = await screen.findByRole('listitem', { name: /^Bola Ade/ });
    await user.click(within(row).getByRole('button', { name: 'Another doctor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit appointment' });
    expect(within(dialog).getByLabelText('Doctor')).toHaveDisplayValue('Unassigned');
  });

  it('shows ten visits a page, the next page on request, and the page before once fixes empty the last one', async () => {
    const user = userEvent.setup();
    const visitOn = (day: number): VisitNeedingAction => ({
      ...noDoctor,
      appointment: {
        ...noDoctor.appointment,
        id: `v${day}`,
        name: `Student ${day}`,
        date: `2026-12-${String(day).padStart(2, '0')}T15:00:00.000Z`,
      },
    });
    jest
      .mocked(listVisitsNeedingADoctor)
      .mockImplementation(async (_client, { page }) =>
        page === 1
          ? { rows: Array.from({ length: 10 }, (_, i) => visitOn(i + 1)), total: 12 }
          : { rows: [visitOn(11), visitOn(12)], total: 12 },
      );
    render(<VisitsNeedingADoctor />);
    const pages = await screen.findByRole('navigation', { name: 'Visits that need a doctor pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(10);
    expect(listVisitsNeedingADoctor).toHaveBeenLastCalledWith(expect.anything(), { page: 1, pageSize: 10 });

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: /^Student 12/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Visits that need a doctor pages' })).toHaveTextContent(
      'Page 2 of 2',
    );

    // Both visits of page 2 fixed elsewhere: the list is read again, page 2 is empty, page 1 holds what is left.
    jest
      .mocked(listVisitsNeedingADoctor)
      .mockImplementation(async (_client, { page }) =>
        page === 1 ? { rows: Array.from({ length: 10 }, (_, i) => visitOn(i + 1)), total: 10 } : { rows: [], total: 0 },
      );
    await queryClient.invalidateQueries({ queryKey: VISITS_NEEDING_A_DOCTOR_KEY });
    expect(await screen.findByRole('listitem', { name: /^Student 1,/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Visits that need a doctor pages' })).not.toBeInTheDocument(),
    );
    expect(listVisitsNeedingADoctor).toHaveBeenLastCalledWith(expect.anything(), { page: 1, pageSize: 10 });
  });

  it('says so when every booked visit has a doctor', async () => {
    jest.mocked(listVisitsNeedingADoctor).mockResolvedValue({ rows: [], total: 0 });
    render(<VisitsNeedingADoctor />);
    expect(await screen.findByText('Every booked visit has a doctor who can see it.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
