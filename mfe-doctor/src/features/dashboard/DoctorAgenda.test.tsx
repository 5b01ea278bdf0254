import { fireEvent, render as renderInDom, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { API_MESSAGES } from '@campuscare/shared';
import { appointmentFixture } from '../../../../test/web/appointmentsTestData';
import { updateAppointment } from '../../../../shared/src/appointments/appointmentsApi';
import { startAppointmentVisit, visitIdOfAppointment } from '../../components/clinical/visitStartApi';
import { DoctorAgenda } from './DoctorAgenda';
import { listAgenda, type AgendaAppointment } from './agendaApi';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../components/clinical/visitStartApi', () => ({
  ...jest.requireActual('../../components/clinical/visitStartApi'),
  startAppointmentVisit: jest.fn(),
  visitIdOfAppointment: jest.fn(),
}));
jest.mock('./agendaApi', () => ({ listAgenda: jest.fn() }));
jest.mock('../../../../shared/src/appointments/appointmentsApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/appointmentsApi'),
  updateAppointment: jest.fn(),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function render(agenda: JSX.Element) {
  return renderInDom(
    <MemoryRouter initialEntries={['/dashboarrd']}>
      <Routes>
        <Route path="*" element={agenda} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const ZONE = 'America/New_York';
const visits: AgendaAppointment[] = [
  {
    id: 'a2',
    student_id: 's2',
    date: '2026-11-24T21:00:00Z',
    duration_minutes: 30,
    name: 'Ben Cole',
    reason: 'Malaria',
    status: 'cancelled',
  },
  {
    id: 'a1',
    student_id: 's1',
    date: '2026-11-24T14:00:00Z',
    duration_minutes: 30,
    name: 'Ada Obi',
    reason: 'Check-up',
    status: 'scheduled',
  },
  {
    id: 'a3',
    student_id: 's3',
    date: '2026-11-30T03:00:00Z',
    duration_minutes: 30,
    name: 'Cy Dee',
    reason: 'Consultation',
    status: 'scheduled',
  },
  {
    id: 'a4',
    student_id: 's4',
    date: '2026-11-24T15:00:00Z',
    duration_minutes: 30,
    name: 'Di Eze',
    reason: 'Malaria',
    status: 'ongoing',
  },
];

beforeEach(() => {
  // 03:30 UTC on 25 November is still Tuesday 24 November, 22:30, at the clinic.
  jest.useFakeTimers({ now: new Date('2026-11-25T03:30:00Z'), advanceTimers: true });
  jest
    .mocked(listAgenda)
    .mockReset()
    .mockImplementation(async (_client, query) =>
      visits.filter((visit) => visit.date >= query.from && visit.date < query.to),
    );
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
    expect(screen.getByRole('heading', { name: 'Tue, 24 Nov 2026' })).toBeInTheDocument();
    const day = await screen.findByRole('list', { name: 'Visits on Tue, 24 Nov 2026' });
    expect(itemsOf(day)).toEqual([
      // Its start has passed (it is 22:30 at the clinic): the front desk may check the student in or mark a no-show.
      '09:00–09:30Ada ObiScheduledCheck-upCheck inNo-showStartPatient chart',
      '10:00–10:30Di EzeOngoingMalariaOpen visitPatient chart',
      '16:00–16:30Ben ColeCancelledMalaria',
    ]);
    expect(listAgenda).toHaveBeenCalledWith(
      {},
      { providerId: 'd1', from: '2026-11-24T05:00:00.000Z', to: '2026-11-25T05:00:00.000Z' },
    );
    expect(screen.getByText(`Times are the clinic's, in ${ZONE}.`)).toBeInTheDocument();
  });

  it('moves a day at a time and back to today', async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    await screen.findByRole('list', { name: /^Visits on/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No visits on this day.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wed, 25 Nov 2026' })).toBeInTheDocument();
    expect(listAgenda).toHaveBeenLastCalledWith(
      {},
      { providerId: 'd1', from: '2026-11-25T05:00:00.000Z', to: '2026-11-26T05:00:00.000Z' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('list', { name: 'Visits on Tue, 24 Nov 2026' })).toBeInTheDocument();
  });

  it('shows the week Monday to Sunday, each visit in the column of its clinic day', async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    const sunday = await screen.findByRole('region', { name: 'Sun, 29 Nov 2026' });
    expect(itemsOf(within(sunday).getByRole('list'))).toEqual(['22:00Cy DeeScheduled']);
    const tuesday = screen.getByRole('region', { name: 'Tue, 24 Nov 2026' });
    expect(tuesday).toHaveAttribute('aria-current', 'date');
    expect(itemsOf(within(tuesday).getByRole('list'))).toEqual([
      '09:00Ada ObiScheduled',
      '10:00Di EzeOngoing',
      '16:00Ben ColeCancelled',
    ]);
    expect(within(tuesday).getByRole('link', { name: 'Ada Obi: patient chart' })).toHaveAttribute(
      'href',
      '/patientchart?student=s1',
    );
    expect(within(screen.getByRole('region', { name: 'Mon, 23 Nov 2026' })).getByText('No visits')).toBeInTheDocument();
    expect(listAgenda).toHaveBeenLastCalledWith(
      {},
      { providerId: 'd1', from: '2026-11-23T05:00:00.000Z', to: '2026-11-30T05:00:00.000Z' },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('heading', { name: 'Mon, 16 Nov 2026 – Sun, 22 Nov 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Mon, 16 Nov 2026' })).toHaveTextContent('No visits');
  });

  it("says when the range cannot be read and reads it again on 'Try again'", async () => {
    jest.mocked(listAgenda).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Visits on Tue, 24 Nov 2026' })).toBeInTheDocument();
  });

  it('starts a visit of the day and opens it, opens an ongoing one, and links each patient to their chart', async () => {
    jest.mocked(startAppointmentVisit).mockResolvedValue('visit-1');
    jest.mocked(visitIdOfAppointment).mockResolvedValue('visit-4');
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    await screen.findByRole('list', { name: 'Visits on Tue, 24 Nov 2026' });
    expect(screen.getByRole('link', { name: 'Patient chart of Di Eze' })).toHaveAttribute(
      'href',
      '/patientchart?student=s4',
    );
    expect(screen.queryByRole('button', { name: /visit of Ben Cole/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start the visit of Ada Obi at 09:00' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-1'));
    expect(startAppointmentVisit).toHaveBeenCalledWith({}, 'a1');

    fireEvent.click(screen.getByRole('button', { name: 'Open the visit of Di Eze at 10:00' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-4'));
    expect(visitIdOfAppointment).toHaveBeenCalledWith({}, 'a4');
  });

  it('offers no Start on a later day', async () => {
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    await screen.findByRole('list', { name: /^Visits on/ });
    for (let day = 0; day < 5; day += 1) fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const later = await screen.findByRole('list', { name: 'Visits on Sun, 29 Nov 2026' });
    expect(itemsOf(later)).toEqual(['22:00–22:30Cy DeeScheduledConsultationPatient chart']);
  });

  it("checks a student in on the visit's day, starts a checked-in visit, and takes back a no-show for a late arrival", async () => {
    jest.mocked(listAgenda).mockResolvedValue([
      {
        id: 'a5',
        student_id: 's5',
        date: '2026-11-24T16:00:00Z',
        duration_minutes: 30,
        name: 'Eve Fox',
        reason: 'Check-up',
        status: 'arrived',
      },
      {
        id: 'a6',
        student_id: 's6',
        date: '2026-11-24T17:00:00Z',
        duration_minutes: 30,
        name: 'Gus Hall',
        reason: 'Malaria',
        status: 'scheduled',
      },
      {
        id: 'a7',
        student_id: 's7',
        date: '2026-11-24T18:00:00Z',
        duration_minutes: 30,
        name: 'Ivy Jones',
        reason: 'Malaria',
        status: 'no_show',
      },
    ]);
    jest.mocked(updateAppointment).mockResolvedValue(appointmentFixture({ id: 'a6', status: 'arrived' }));
    jest.mocked(startAppointmentVisit).mockResolvedValue('visit-5');
    render(<DoctorAgenda providerId="d1" zone={ZONE} />);
    const day = await screen.findByRole('list', { name: 'Visits on Tue, 24 Nov 2026' });
    expect(itemsOf(day)).toEqual([
      '11:00–11:30Eve FoxArrivedCheck-upUndo check-inStartPatient chart',
      '12:00–12:30Gus HallScheduledMalariaCheck inNo-showStartPatient chart',
      '13:00–13:30Ivy JonesNo-showMalariaCheck inPatient chart',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Check in: Gus Hall at 12:00' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenCalledWith({}, { id: 'a6', status: 'arrived' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check in: Ivy Jones at 13:00' }));
    await waitFor(() => expect(updateAppointment).toHaveBeenLastCalledWith({}, { id: 'a7', status: 'arrived' }));

    fireEvent.click(screen.getByRole('button', { name: 'Start the visit of Eve Fox at 11:00' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-5'));
    expect(startAppointmentVisit).toHaveBeenCalledWith({}, 'a5');
  });
});
