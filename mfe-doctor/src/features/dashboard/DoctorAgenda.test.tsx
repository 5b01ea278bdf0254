import { fireEvent, render, screen, within } from '@testing-library/react';
import { API_MESSAGES } from '@campuscare/shared';
import { DoctorAgenda } from './DoctorAgenda';
import { listAgenda, type AgendaAppointment } from './agendaApi';

jest.mock('../../../../shared/src/supabase/client', () => ({ ...jest.requireActual('../../../../shared/src/supabase/client'), getSupabase: async () => ({}) }));
jest.mock('./agendaApi', () => ({ listAgenda: jest.fn() }));

const ZONE = 'America/New_York';
const visits: AgendaAppointment[] = [
  { id: 'a2', date: '2026-11-24T21:00:00Z', duration_minutes: 30, name: 'Ben Cole', reason: 'Malaria', status: 'cancelled' },
  { id: 'a1', date: '2026-11-24T14:00:00Z', duration_minutes: 30, name: 'Ada Obi', reason: 'Check-up', status: 'scheduled' },
  { id: 'a3', date: '2026-11-30T03:00:00Z', duration_minutes: 30, name: 'Cy Dee', reason: 'Consultation', status: 'scheduled' },
];

beforeEach(() => {
  // 03:30 UTC on 25 November is still Tuesday 24 November, 22:30, at the clinic.
  jest.useFakeTimers({ now: new Date('2026-11-25T03:30:00Z'), advanceTimers: true });
  jest.mocked(listAgenda).mockReset().mockImplementation(async (_client, query) => visits.filter((visit) => visit.date >= query.from && visit.date < query.to));
});

afterEach(() => {
  jest.useRealTimers();
});

function itemsOf(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('DoctorAgenda', () => {
  it("lists the clinic's today by time with each visit's status, read for that day only", async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    expect(screen.getByRole('heading', { name: 'Tuesday, 24 November 2026' })).toBeInTheDocument();
    const day = await screen.findByRole('list', { name: 'Visits on Tuesday, 24 November 2026' });
    expect(itemsOf(day)).toEqual(['09:00–09:30Ada ObiScheduledCheck-up', '16:00–16:30Ben ColeCancelledMalaria']);
    expect(listAgenda).toHaveBeenCalledWith({}, { providerId: 'd1', from: '2026-11-24T05:00:00.000Z', to: '2026-11-25T05:00:00.000Z' });
    expect(screen.getByText(`Times are the clinic's, in ${ZONE}.`)).toBeInTheDocument();
  });

  it('moves a day at a time and back to today', async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    await screen.findByRole('list', { name: /^Visits on/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No visits on this day.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wednesday, 25 November 2026' })).toBeInTheDocument();
    expect(listAgenda).toHaveBeenLastCalledWith({}, { providerId: 'd1', from: '2026-11-25T05:00:00.000Z', to: '2026-11-26T05:00:00.000Z' });
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('list', { name: 'Visits on Tuesday, 24 November 2026' })).toBeInTheDocument();
  });

  it('shows the week Monday to Sunday, each visit in the column of its clinic day', async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    const sunday = await screen.findByRole('region', { name: 'Sunday, 29 November 2026' });
    expect(itemsOf(within(sunday).getByRole('list'))).toEqual(['22:00Cy DeeScheduled']);
    const tuesday = screen.getByRole('region', { name: 'Tuesday, 24 November 2026' });
    expect(tuesday).toHaveAttribute('aria-current', 'date');
    expect(itemsOf(within(tuesday).getByRole('list'))).toEqual(['09:00Ada ObiScheduled', '16:00Ben ColeCancelled']);
    expect(within(screen.getByRole('region', { name: 'Monday, 23 November 2026' })).getByText('No visits')).toBeInTheDocument();
    expect(listAgenda).toHaveBeenLastCalledWith({}, { providerId: 'd1', from: '2026-11-23T05:00:00.000Z', to: '2026-11-30T05:00:00.000Z' });

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('heading', { name: 'Mon, 16 Nov 2026 – Sun, 22 Nov 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Monday, 16 November 2026' })).toHaveTextContent('No visits');
  });

  it("says when the range cannot be read and reads it again on 'Try again'", async () => {
    jest.mocked(listAgenda).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Visits on Tuesday, 24 November 2026' })).toBeInTheDocument();
  });
});
