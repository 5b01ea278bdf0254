import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@campuscare/shared';
import { notifyError } from '../../../../shared/src/toast/toast';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { clinic } from '../../../../test/web/appointmentsTestData';
import {
  listHealthRecordViews,
  loadFhirRecord,
  loadMyData,
  type FhirRecord,
  type HealthRecordView,
  type MyData,
} from './privacyApi';
import { PrivacyPage } from './PrivacyPage';
import { VIEWS_PAGE_SIZE } from './privacyQueries';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifyError: jest.fn(),
}));
jest.mock('./privacyApi', () => ({
  ...jest.requireActual('./privacyApi'),
  listHealthRecordViews: jest.fn(),
  loadMyData: jest.fn(),
  loadFhirRecord: jest.fn(),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
const listViews = jest.mocked(listHealthRecordViews);
const load = jest.mocked(loadMyData);
const loadRecord = jest.mocked(loadFhirRecord);

function view(id: number, overrides: Partial<HealthRecordView> = {}): HealthRecordView {
  return {
    id,
    viewed_at: `2026-11-${String(23 - (id % 20)).padStart(2, '0')}T14:00:00.000Z`,
    viewer_name: 'Dr Amelia Adams',
    viewer_email: 'dr.adams@northfield.edu',
    viewer_role: 'doctor',
    screen: 'Patient record',
    ...overrides,
  };
}

const data: MyData = {
  exported_at: '2026-11-23T15:00:00.000Z',
  university: { name: 'Northfield University' },
  profile: { id: 's1', first_name: 'Ada', last_name: 'Okoro' },
  health_profile: null,
  appointments: [],
  visits: [],
  vital_signs: [],
  prescriptions: [],
  excuse_letters: [],
  immunizations: [],
  immunization_exemptions: [],
  health_record_views: [],
};

// 03:00 UTC on 24 November is still 23 November on the clinic's calendar (22:00 in New York).
const record: FhirRecord = {
  resourceType: 'Bundle',
  type: 'collection',
  timestamp: '2026-11-24T03:00:00Z',
  entry: [
    {
      fullUrl: 'urn:uuid:5e0b1c2d-0000-4000-8000-000000000001',
      resource: {
        resourceType: 'Patient',
        id: '5e0b1c2d-0000-4000-8000-000000000001',
        name: [{ family: 'Okoro', given: ['Ada'] }],
      },
    },
  ],
};

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

let opened: string[];
let blobs: Blob[];

beforeEach(() => {
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  listViews.mockReset();
  load.mockReset().mockResolvedValue(data);
  loadRecord.mockReset().mockResolvedValue(record);
  opened = [];
  blobs = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    }),
    revokeObjectURL: jest.fn(),
  });
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/studentprivacy']}>
      <PrivacyPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('PrivacyPage', () => {
  it('is a Settings tab and lists who viewed the record, newest first as the server sends it, with role and screen, on the clinic’s clock', async () => {
    listViews.mockResolvedValue({
      rows: [
        view(1),
        view(2, { viewer_name: 'A former staff member', viewer_email: null, viewer_role: null, screen: null }),
      ],
      total: 2,
    });
    renderPage();
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/studentprivacy');
    const table = await screen.findByRole('table', { name: 'Views of my health record, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // 14:00 UTC in November is 09:00 in New York, the clinic's zone, which the heading names.
    expect(within(table).getByRole('columnheader', { name: 'When (America/New_York)' })).toBeInTheDocument();
    expect(rows).toEqual([
      ['Sun, 22 Nov 2026, 09:00', 'Dr Amelia Adams', 'dr.adams@northfield.edu', 'Doctor', 'Patient record'],
      ['Sat, 21 Nov 2026, 09:00', 'A former staff member', 'Not recorded', 'Former staff member', 'Not recorded'],
    ]);
    expect(listViews).toHaveBeenCalledWith({}, { page: 1, pageSize: VIEWS_PAGE_SIZE });
  });

  it('pages through the views on the server', async () => {
    listViews.mockImplementation(async (_client, { page }) => ({ rows: [view(page)], total: VIEWS_PAGE_SIZE + 1 }));
    const user = renderPage();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(listViews).toHaveBeenLastCalledWith({}, { page: 2, pageSize: VIEWS_PAGE_SIZE });
  });

  it('says so when nobody has viewed the record', async () => {
    listViews.mockResolvedValue({ rows: [], total: 0 });
    renderPage();
    expect(await screen.findByText('Nobody has viewed your health record yet')).toBeInTheDocument();
  });

  it('downloads the data as a JSON file', async () => {
    listViews.mockResolvedValue({ rows: [], total: 0 });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      opened.push(`${this.download} ${this.href}`);
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download my data (JSON)' }));
    await waitFor(() => expect(opened).toEqual(['campuscare-my-data.json blob:1']));
    expect(blobs[0].type).toBe('application/json');
    expect(JSON.parse(await blobText(blobs[0]))).toEqual(data);
    click.mockRestore();
  });

  it('downloads the health record as a FHIR file named for the clinic’s day, saying what it is for', async () => {
    listViews.mockResolvedValue({ rows: [], total: 0 });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      opened.push(`${this.download} ${this.href}`);
    });
    const user = renderPage();
    expect(await screen.findByText(/Any clinic’s system can read it\./)).toHaveTextContent(
      'in FHIR, the international standard for health records',
    );
    await user.click(screen.getByRole('button', { name: 'Download my record (FHIR)' }));
    await waitFor(() => expect(opened).toEqual(['campuscare-record-2026-11-23.json blob:1']));
    expect(blobs[0].type).toBe('application/fhir+json');
    expect(JSON.parse(await blobText(blobs[0]))).toEqual(record);
    expect(load).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('says so when the record cannot be prepared, and downloads nothing', async () => {
    listViews.mockResolvedValue({ rows: [], total: 0 });
    loadRecord.mockRejectedValue(
      new ApiError('Only students can see who viewed their health record and download their data'),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Download my record (FHIR)' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'Only students can see who viewed their health record and download their data',
      ),
    );
    expect(click).not.toHaveBeenCalled();
    expect(blobs).toEqual([]);
    click.mockRestore();
  });

  it('opens the printable copy in a new tab, and says so when the browser blocks it', async () => {
    listViews.mockResolvedValue({ rows: [], total: 0 });
    const open = jest.spyOn(window, 'open').mockReturnValueOnce(window).mockReturnValueOnce(null);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Open printable copy' }));
    expect(open).toHaveBeenCalledWith('blob:1', '_blank');
    expect(blobs[0].type).toBe('text/html');
    const printable = await blobText(blobs[0]);
    expect(printable).toContain('My data — Ada Okoro');
    expect(printable).toContain('Exported Mon, 23 Nov 2026, 10:00 (America/New_York).');

    await user.click(screen.getByRole('button', { name: 'Open printable copy' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'Your browser blocked the new tab: allow pop-ups for this site and try again',
      ),
    );
    open.mockRestore();
  });

  it('shows a refusal of the server as a message', async () => {
    listViews.mockRejectedValue(
      new ApiError('Only students can see who viewed their health record and download their data'),
    );
    renderPage();
    expect(
      await screen.findByText('Only students can see who viewed their health record and download their data'),
    ).toBeInTheDocument();
  });
});
