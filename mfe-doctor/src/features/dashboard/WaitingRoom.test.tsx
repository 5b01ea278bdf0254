import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from '@campuscare/shared';
import { listWaiting } from '../../../../shared/src/appointments/frontDeskApi';
import { adams, NOW, ZONE } from '../../../../test/web/appointmentsTestData';
import { startAppointmentVisit } from '../../components/clinical/visitStartApi';
import { WaitingRoom } from './WaitingRoom';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/appointments/frontDeskApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/frontDeskApi'),
  listWaiting: jest.fn(),
}));
jest.mock('../../components/clinical/visitStartApi', () => ({
  ...jest.requireActual('../../components/clinical/visitStartApi'),
  startAppointmentVisit: jest.fn(),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(listWaiting).mockResolvedValue([
    {
      id: 'a1',
      student_id: 's1',
      provider_id: adams.id,
      date: '2026-11-23T15:00:00Z',
      duration_minutes: 30,
      name: 'Ada Obi',
      reg: 'NFU/2024/001',
      reason: 'Check-up',
      arrived_at: new Date(NOW.getTime() - 7 * 60_000).toISOString(),
      provider: adams,
    },
  ]);
  jest.mocked(startAppointmentVisit).mockReset().mockResolvedValue('visit-1');
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

describe('WaitingRoom', () => {
  it("lists the doctor's own students waiting today and starts the visit of the one called in", async () => {
    render(
      <MemoryRouter initialEntries={['/dashboarrd']}>
        <Routes>
          <Route path="*" element={<WaitingRoom providerId={adams.id} zone={ZONE} />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Waiting, in order of arrival' });
    expect(within(list).getByRole('listitem', { name: 'Ada Obi, Waiting 7 min' })).toBeInTheDocument();
    expect(listWaiting).toHaveBeenCalledWith({}, expect.objectContaining({ zone: ZONE, providerId: adams.id }));
    fireEvent.click(within(list).getByRole('button', { name: 'Start the visit of Ada Obi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-1'));
    expect(startAppointmentVisit).toHaveBeenCalledWith({}, 'a1');
  });
});
