import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, type Member, MESSAGES, queryClient } from '@campuscare/shared';
import { DOSE_MESSAGES } from '@campuscare/shared/clinical';
import { clinic, NOW } from '../../../../test/web/appointmentsTestData';
import { memberFixture } from '../../../../test/web/fixtures';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { listVaccines } from '../../../../shared/src/clinical/vaccinesApi';
import {
  documentFixture,
  doseFixture,
  exemptionFixture,
  fileOf,
  myImmunizationsFixture,
  standingFixture,
  STUDENT_ID,
} from '../../test/immunizationsTestData';
import { loadMyImmunizations, loadMyStandings, recordDose, requestExemption } from './immunizationsApi';
import { IMMUNIZATION_MESSAGES } from './immunizationRules';
import { ImmunizationsPage } from './ImmunizationsPage';
import { ImmunizationStatusCard } from './ImmunizationStatusCard';
import { PROOF_MESSAGES } from './proofApi';

const student: Member = memberFixture('student', { id: STUDENT_ID });

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member: student }),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('../../../../shared/src/clinical/vaccinesApi', () => ({
  ...jest.requireActual('../../../../shared/src/clinical/vaccinesApi'),
  listVaccines: jest.fn(),
}));
jest.mock('./immunizationsApi', () => ({
  ...jest.requireActual('./immunizationsApi'),
  loadMyImmunizations: jest.fn(),
  loadMyStandings: jest.fn(),
  recordDose: jest.fn(),
  requestExemption: jest.fn(),
}));

const load = jest.mocked(loadMyImmunizations);
const record = jest.mocked(recordDose);
const request = jest.mocked(requestExemption);

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listVaccines).mockResolvedValue([
    { cvx_code: '03', name: 'MMR (measles, mumps and rubella)' },
    { cvx_code: '43', name: 'Hepatitis B, adult' },
  ]);
  load.mockReset().mockResolvedValue(myImmunizationsFixture());
  record.mockReset().mockResolvedValue(doseFixture({ id: 'd-new' }));
  request.mockReset().mockResolvedValue(exemptionFixture());
});

afterEach(() => {
  jest.useRealTimers();
  queryClient.clear();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/immunizations']}>
      <ImmunizationsPage />
    </MemoryRouter>,
  );
}

async function requirement(name: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name });
}

describe('My immunizations', () => {
  it('shows each requirement with its status, its due date and what is missing, and the clinic’s reason for a rejected dose', async () => {
    load.mockResolvedValue(
      myImmunizationsFixture({
        standings: [
          standingFixture({ status: 'overdue', dueOn: '2026-11-01' }),
          standingFixture({
            requirementId: 'r2',
            name: 'MMR',
            dosesRequired: 2,
            minIntervalDays: 0,
            status: 'met',
            dosesCounted: 2,
            missing: null,
          }),
        ],
        doses: [
          doseFixture({
            review_status: 'rejected',
            reject_reason: 'The card is unreadable',
            reviewed_at: '2026-11-03T09:00:00+00:00',
            given_at: 'City pharmacy',
            document_id: 'doc-1',
          }),
        ],
        documents: [documentFixture()],
      }),
    );
    renderPage();
    const hepB = await requirement('Hepatitis B');
    expect(hepB).toHaveTextContent('Overdue: it was due by Sun, 1 Nov 2026');
    expect(hepB).toHaveTextContent('Still missing: 2 more doses of Hepatitis B, adult (at least 28 days apart).');
    expect(hepB).toHaveTextContent('1 of 3 doses counted, at least 28 days apart.');
    expect(hepB).toHaveTextContent(
      'The dose given on Thu, 1 Oct 2026 was not accepted by the clinic: The card is unreadable',
    );
    const mmr = await requirement('MMR');
    expect(mmr).toHaveTextContent('Met');
    expect(within(mmr).queryByRole('button', { name: 'Ask for an exemption' })).not.toBeInTheDocument();

    const doses = screen.getByRole('table', { name: 'Doses you recorded, the latest first' });
    const row = within(doses).getAllByRole('row')[1];
    if (!row) throw new Error('a dose row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Hepatitis B, adult',
      'Thu, 1 Oct 2026',
      'City pharmacy',
      '—',
      'vaccination-card.jpg',
      'Not accepted: The card is unreadable',
    ]);
    expect(load).toHaveBeenCalledWith({}, STUDENT_ID);
  });

  it('says so when no requirement applies', async () => {
    load.mockResolvedValue(myImmunizationsFixture({ standings: [], terms: [] }));
    renderPage();
    expect(await screen.findByText('No immunization requirements apply to you')).toBeInTheDocument();
  });

  it('records a dose with a photo of the card, checked and previewed before it is sent', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Record a dose' });
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Hepatitis B, adult (CVX 43)' })).toBeInTheDocument(),
    );
    expect(within(form).getByLabelText('Day it was given')).toHaveAttribute('max', '2026-11-23');

    fireEvent.click(within(form).getByRole('button', { name: 'Record the dose' }));
    expect(within(form).getByLabelText('Vaccine')).toHaveAccessibleDescription(DOSE_MESSAGES.chooseVaccine);
    expect(within(form).getByLabelText('Day it was given')).toHaveAccessibleDescription(MESSAGES.required);
    expect(within(form).getByLabelText('Photo or PDF of the document')).toHaveAccessibleDescription(
      IMMUNIZATION_MESSAGES.chooseFile,
    );

    const fileInput = within(form).getByLabelText('Photo or PDF of the document');
    fireEvent.change(fileInput, { target: { files: [fileOf('card.heic', 'image/heic')] } });
    expect(within(form).getByRole('alert')).toHaveTextContent(PROOF_MESSAGES.wrongType);
    expect(within(form).queryByRole('img')).not.toBeInTheDocument();
    const card = fileOf('card.jpg', 'image/jpeg', 250_000);
    fireEvent.change(fileInput, { target: { files: [card] } });
    expect(within(form).getByRole('img', { name: 'Preview of card.jpg' })).toHaveAttribute('src', 'blob:preview');
    expect(within(form).getByText('card.jpg, 244 KB')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Vaccine'), { target: { value: '43' } });
    fireEvent.change(within(form).getByLabelText('Day it was given'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Where it was given (optional)'), {
      target: { value: ' City pharmacy ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the dose' }));
    await waitFor(() => expect(record).toHaveBeenCalledTimes(1));
    expect(record).toHaveBeenCalledWith(
      {},
      {
        studentId: STUDENT_ID,
        dose: {
          cvxCode: '43',
          givenOn: '2026-11-20',
          givenAt: 'City pharmacy',
          lot: null,
          proof: { kind: 'new', file: card },
        },
      },
    );
    await waitFor(() => expect(within(form).getByLabelText('Vaccine')).toHaveValue(''));
  });

  it('shows the database’s refusal of a dose in the form', async () => {
    record.mockRejectedValue(new ApiError('Choose one of your own documents'));
    load.mockResolvedValue(myImmunizationsFixture({ documents: [documentFixture()] }));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Record a dose' });
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Hepatitis B, adult (CVX 43)' })).toBeInTheDocument(),
    );
    fireEvent.change(within(form).getByLabelText('Vaccine'), { target: { value: '43' } });
    fireEvent.change(within(form).getByLabelText('Day it was given'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Proof'), { target: { value: 'document:doc-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the dose' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose one of your own documents');
    expect(record.mock.calls[0]?.[1].dose.proof).toEqual({ kind: 'existing', documentId: 'doc-1' });
  });

  it('asks for an exemption of a kind the requirement accepts, with the document that kind needs', async () => {
    renderPage();
    const hepB = await requirement('Hepatitis B');
    fireEvent.click(within(hepB).getByRole('button', { name: 'Ask for an exemption' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for an exemption from Hepatitis B' });
    expect(
      within(within(dialog).getByLabelText('Kind of exemption'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose the kind', 'Medical (a document is needed)', 'Religious or personal']);

    fireEvent.change(within(dialog).getByLabelText('Kind of exemption'), { target: { value: 'medical' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Allergic to a component' } });
    // A medical exemption offers no "No document yet".
    expect(within(dialog).queryByRole('option', { name: 'No document yet' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the exemption' }));
    expect(within(dialog).getByLabelText('Photo or PDF of the document')).toHaveAccessibleDescription(
      IMMUNIZATION_MESSAGES.chooseFile,
    );
    expect(request).not.toHaveBeenCalled();

    const letter = fileOf('letter.pdf', 'application/pdf');
    fireEvent.change(within(dialog).getByLabelText('Photo or PDF of the document'), { target: { files: [letter] } });
    expect(within(dialog).getByLabelText('Preview of letter.pdf')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask for the exemption' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(request).toHaveBeenCalledWith(
      {},
      {
        studentId: STUDENT_ID,
        exemption: {
          requirementId: 'r1',
          kind: 'medical',
          reason: 'Allergic to a component',
          proof: { kind: 'new', file: letter },
        },
      },
    );
  });

  it('lists exemption requests with the clinic’s answer, and offers none while one waits', async () => {
    load.mockResolvedValue(
      myImmunizationsFixture({
        standings: [standingFixture({ status: 'under_review' })],
        exemptions: [
          exemptionFixture({ id: 'e2', kind: 'personal', created_at: '2026-11-20T15:00:00+00:00' }),
          exemptionFixture({ review_status: 'rejected', reject_reason: 'A doctor’s letter is needed' }),
        ],
      }),
    );
    renderPage();
    const hepB = await requirement('Hepatitis B');
    expect(within(hepB).queryByRole('button', { name: 'Ask for an exemption' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your exemption requests, the latest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Hepatitis BReligious or personalFri, 20 Nov 2026Waiting for the clinic',
      'Hepatitis BMedicalMon, 2 Nov 2026Not accepted: A doctor’s letter is needed',
    ]);
  });
});

describe('the dashboard’s immunization card', () => {
  it('sums the statuses up, names no vaccine, and links to the page', async () => {
    jest
      .mocked(loadMyStandings)
      .mockResolvedValue([
        standingFixture({ status: 'overdue' }),
        standingFixture({ requirementId: 'r2', name: 'MMR', status: 'met', missing: null }),
      ]);
    render(
      <MemoryRouter>
        <ImmunizationStatusCard />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: 'Immunizations' });
    expect(card).toHaveTextContent('2 requirements: 1 overdue, 1 met. See my immunizations');
    expect(card).not.toHaveTextContent(/hepatitis|mmr/i);
    expect(within(card).getByRole('link', { name: 'See my immunizations' })).toHaveAttribute('href', '/immunizations');
  });
});
