import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, MESSAGES, queryClient, queryKeys } from '@campuscare/shared';
import { DOSE_MESSAGES } from '@campuscare/shared/clinical';
import { clinic, NOW } from '../../../../test/web/appointmentsTestData';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { listVaccines } from '../../../../shared/src/clinical/vaccinesApi';
import { recordClinicDose } from '../../components/clinical/clinicDoseApi';
import { doseRow, exemptionRow } from '../../test/immunizationTestData';
import { decide, loadReviewQueue, openDocument, readReviewQueue } from './reviewApi';
import { ReviewQueuePage } from './ReviewQueuePage';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('../../../../shared/src/clinical/vaccinesApi', () => ({
  ...jest.requireActual('../../../../shared/src/clinical/vaccinesApi'),
  listVaccines: jest.fn(),
}));
jest.mock('../../components/clinical/clinicDoseApi', () => ({ recordClinicDose: jest.fn() }));
jest.mock('./reviewApi', () => ({
  ...jest.requireActual('./reviewApi'),
  loadReviewQueue: jest.fn(),
  decide: jest.fn(),
  openDocument: jest.fn(),
}));

const queue = jest.mocked(loadReviewQueue);

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:document'), revokeObjectURL: jest.fn() });
});

beforeEach(() => {
  jest.useFakeTimers({ now: NOW, advanceTimers: true });
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listVaccines).mockResolvedValue([{ cvx_code: '43', name: 'Hepatitis B, adult' }]);
  queue.mockReset().mockResolvedValue(readReviewQueue([doseRow(), exemptionRow()]));
  jest.mocked(decide).mockReset().mockResolvedValue(undefined);
  jest
    .mocked(openDocument)
    .mockReset()
    .mockResolvedValue({ blob: new Blob(['png']), fileName: 'card.png', contentType: 'image/png' });
  jest.mocked(recordClinicDose).mockReset();
  jest.spyOn(queryClient, 'invalidateQueries');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  queryClient.clear();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/immunization-review']}>
      <ReviewQueuePage />
    </MemoryRouter>,
  );
}

async function items(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Waiting for review, the oldest first' });
  return within(list).getAllByRole('article');
}

describe('the immunization review queue', () => {
  it('lists what students sent, the oldest first, each with what was entered and the series so far', async () => {
    renderPage();
    const [dose, exemption] = await items();
    if (!dose || !exemption) throw new Error('two items');
    expect(dose).toHaveAccessibleName('Ada Okoro: Hepatitis B, adult dose');
    expect(dose).toHaveTextContent(
      'NFU/2025/001 · Medicine · year 2 · sent Fri, 20 Nov 2026, 09:30 (America/New_York)',
    );
    expect(dose).toHaveTextContent('City pharmacy');
    expect(dose).toHaveTextContent('Thu, 1 Oct 2026 · Hepatitis B, adult — Given at the clinic');
    expect(dose).toHaveTextContent('Mon, 2 Nov 2026 · Hepatitis B, adult · City pharmacy — this one');
    expect(within(dose).getByRole('link', { name: 'Patient chart' })).toHaveAttribute(
      'href',
      '/patientchart?student=student-1',
    );
    expect(exemption).toHaveAccessibleName('Bayo Smith: Medical exemption');
    expect(exemption).toHaveTextContent('Allergic to yeast');
    expect(exemption).toHaveTextContent('No document was sent with it.');
  });

  it('opens the document only when asked, beside the entered dose', async () => {
    renderPage();
    const [dose] = await items();
    if (!dose) throw new Error('a dose');
    expect(openDocument).not.toHaveBeenCalled();
    fireEvent.click(within(dose).getByRole('button', { name: 'Open the document from Ada Okoro' }));
    expect(await within(dose).findByRole('img', { name: 'Document from Ada Okoro: card.png' })).toHaveAttribute(
      'src',
      'blob:document',
    );
    expect(within(dose).getByRole('link', { name: 'Download card.png' })).toHaveAttribute('download', 'card.png');
    expect(openDocument).toHaveBeenCalledWith({}, 'doc-1');
  });

  it('says why a document cannot be opened', async () => {
    jest.mocked(openDocument).mockRejectedValue(new ApiError('Document not found'));
    renderPage();
    const [dose] = await items();
    if (!dose) throw new Error('a dose');
    fireEvent.click(within(dose).getByRole('button', { name: 'Open the document from Ada Okoro' }));
    expect(await within(dose).findByRole('alert')).toHaveTextContent('Document not found');
  });

  it('approves an item, and the queue reloads', async () => {
    renderPage();
    const [dose] = await items();
    if (!dose) throw new Error('a dose');
    fireEvent.click(
      within(dose).getByRole('button', {
        name: 'Approve the dose of Hepatitis B, adult given on Mon, 2 Nov 2026 for Ada Okoro',
      }),
    );
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(
        {},
        { item: expect.objectContaining({ kind: 'dose', id: 'dose-2' }), approve: true },
      ),
    );
    await waitFor(() =>
      expect(
        jest.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => filters?.queryKey),
      ).toContainEqual([...queryKeys.immunizations, 'review']),
    );
  });

  it('rejects an item only with the reason the student reads', async () => {
    renderPage();
    const [, exemption] = await items();
    if (!exemption) throw new Error('an exemption');
    fireEvent.click(within(exemption).getByRole('button', { name: 'Reject…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the medical exemption from Hepatitis B' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason the student reads')).toHaveAccessibleDescription(MESSAGES.required);
    expect(decide).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason the student reads'), {
      target: { value: '  A doctor’s letter is needed  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decide).toHaveBeenCalledWith(
      {},
      {
        item: expect.objectContaining({ kind: 'exemption', id: 'exemption-1' }),
        approve: false,
        reason: 'A doctor’s letter is needed',
      },
    );
  });

  it('records a dose the clinic gave the student, on the clinic’s today at the latest', async () => {
    jest.mocked(recordClinicDose).mockResolvedValue({} as Awaited<ReturnType<typeof recordClinicDose>>);
    renderPage();
    const [dose] = await items();
    if (!dose) throw new Error('a dose');
    fireEvent.click(within(dose).getByRole('button', { name: 'Record a clinic dose' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a dose given at the clinic to Ada Okoro' });
    const day = within(dialog).getByLabelText('Day it was given');
    expect(day).toHaveValue('2026-11-23');
    expect(day).toHaveAttribute('max', '2026-11-23');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the dose' }));
    expect(within(dialog).getByLabelText('Vaccine')).toHaveAccessibleDescription(DOSE_MESSAGES.chooseVaccine);
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Hepatitis B, adult (CVX 43)' })).toBeInTheDocument(),
    );
    fireEvent.change(within(dialog).getByLabelText('Vaccine'), { target: { value: '43' } });
    fireEvent.change(within(dialog).getByLabelText('Lot number (optional)'), { target: { value: ' HB77 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record the dose' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(recordClinicDose).toHaveBeenCalledWith(
      {},
      { studentId: 'student-1', cvxCode: '43', givenOn: '2026-11-23', lot: 'HB77' },
    );
  });

  it('says when nothing waits', async () => {
    queue.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('Nothing waits for review')).toBeInTheDocument();
  });
});
