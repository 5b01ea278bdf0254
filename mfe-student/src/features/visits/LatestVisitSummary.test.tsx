import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient } from '@campuscare/shared';
import { clinic } from '../../../../test/web/appointmentsTestData';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { LatestVisitSummary } from './LatestVisitSummary';
import { loadMyVisits } from './visitsApi';
import { myVisitsQuery } from './visitsQueries';
import { myVisits } from '../../test/visitsTestData';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('./visitsApi', () => ({ ...jest.requireActual('./visitsApi'), loadMyVisits: jest.fn() }));

beforeEach(() => {
  queryClient.clear();
  jest.mocked(loadClinic).mockResolvedValue(clinic);
});

function renderCard() {
  return render(
    <MemoryRouter>
      <LatestVisitSummary />
    </MemoryRouter>,
  );
}

describe('LatestVisitSummary', () => {
  it('points to the latest visit’s summary by its day and doctor, without its content', async () => {
    jest.mocked(loadMyVisits).mockResolvedValue(myVisits);
    renderCard();
    const card = await screen.findByRole('region', { name: 'Latest visit summary' });
    expect(card).toHaveTextContent(
      'Your visit on Tue, 3 Mar 2026 with Dr Amelia Adams, with an excuse letter. Read the summary',
    );
    expect(screen.getByRole('link', { name: 'Read the summary' })).toHaveAttribute('href', '/studentvisits');
    expect(card).not.toHaveTextContent(/malaria/i);
  });

  it('shows nothing before the first visit', async () => {
    jest.mocked(loadMyVisits).mockResolvedValue({ ...myVisits, visits: [] });
    const { container } = renderCard();
    await waitFor(() => expect(queryClient.getQueryState(myVisitsQuery().queryKey)?.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
  });
});
