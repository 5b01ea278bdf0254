import { render, screen, within } from '@testing-library/react';
import { queryClient } from '../data/queryClient';
import { adams, NOW, ZONE } from '../../../test/web/appointmentsTestData';
import { listWaiting, type WaitingVisit } from './frontDeskApi';
import { WaitingList } from './WaitingList';

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('./frontDeskApi', () => ({ ...jest.requireActual('./frontDeskApi'), listWaiting: jest.fn() }));

/** A student checked in `minutesAgo` before NOW (Monday 23 November 2026, 10:00 in New York) for a visit at `at` UTC. */
function waiting(id: string, name: string, minutesAgo: number, at: string): WaitingVisit {
  return {
    id,
    student_id: `student-${id}`,
    provider_id: adams.id,
    date: at,
    duration_minutes: 30,
    name,
    reg: 'NFU/2024/001',
    reason: 'Check-up',
    arrived_at: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
    provider: adams,
  };
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  // The database's order: who arrived first, whatever their booked time.
  jest
    .mocked(listWaiting)
    .mockResolvedValue([
      waiting('a2', 'Ben Cole', 25, '2026-11-23T15:30:00Z'),
      waiting('a1', 'Ada Obi', 3, '2026-11-23T15:00:00Z'),
    ]);
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

describe('WaitingList', () => {
  it("lists the clinic's students waiting today in arrival order, how long each has waited, their time and doctor", async () => {
    render(<WaitingList zone={ZONE} />);
    const list = await screen.findByRole('list', { name: 'Waiting, in order of arrival' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Ben Cole, Waiting 25 min',
      'Ada Obi, Waiting 3 min',
    ]);
    expect(items[0]).toHaveTextContent('Waiting 25 min · booked for 10:30 with Dr Amelia Adams');
    expect(listWaiting).toHaveBeenCalledWith({}, expect.objectContaining({ zone: ZONE, providerId: null }));
  });

  it("shows one doctor's students with what can be done for each", async () => {
    render(
      <WaitingList
        zone={ZONE}
        providerId={adams.id}
        actions={(visit) => <button type="button">Start {visit.name}</button>}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Waiting, in order of arrival' });
    expect(within(list).getByRole('button', { name: 'Start Ben Cole' })).toBeInTheDocument();
    expect(list).not.toHaveTextContent('with Dr Amelia Adams');
    expect(listWaiting).toHaveBeenCalledWith({}, expect.objectContaining({ providerId: adams.id }));
  });

  it('says when nobody is waiting', async () => {
    jest.mocked(listWaiting).mockResolvedValue([]);
    render(<WaitingList zone={ZONE} />);
    expect(await screen.findByText('Nobody is waiting.')).toBeInTheDocument();
  });
});
