import {
  ApiError,
  Button,
  type CampusCareClient,
  type Column,
  DataTable,
  queryKeys,
  QueryView,
  Section,
  useApiMutation,
  usePagedQuery,
} from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { formatDateTime, useClinic } from '@campuscare/shared/scheduling';
import {
  fhirRecordFileName,
  fhirRecordJson,
  listHealthRecordViews,
  loadFhirRecord,
  loadMyData,
  MY_DATA_FILE_NAME,
  myDataHtml,
  myDataJson,
  screenLabel,
  viewerRoleLabel,
  type HealthRecordView,
} from './privacyApi';
import styles from './Privacy.module.css';

export const VIEWS_PAGE_SIZE = 10;

/** Long enough for the browser to have read the file or opened the tab; the URL is useless afterwards. */
const OBJECT_URL_LIFETIME_MS = 60_000;

const viewColumns = (zone: string): readonly Column<HealthRecordView>[] => [
  { key: 'when', header: `When (${zone})`, render: (view) => formatDateTime(view.viewed_at, zone) },
  { key: 'who', header: 'Who', render: (view) => view.viewer_name },
  { key: 'email', header: 'Email', render: (view) => view.viewer_email ?? 'Not recorded' },
  { key: 'role', header: 'Role', render: (view) => viewerRoleLabel(view.viewer_role) },
  { key: 'screen', header: 'Screen', render: (view) => screenLabel(view.screen) },
];

function objectUrl(text: string, type: string): string {
  const url = URL.createObjectURL(new Blob([text], { type }));
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return url;
}

type Format = 'json' | 'html' | 'fhir';

function saveFile(name: string, text: string, type: string): void {
  const link = document.createElement('a');
  link.href = objectUrl(text, type);
  link.download = name;
  link.click();
}

function openPrintable(html: string): void {
  // The page is our own escaped, script-free document, so the new tab may keep its opener; that lets us tell a
  // blocked pop-up from an opened one.
  if (!window.open(objectUrl(html, 'text/html'), '_blank')) {
    throw new ApiError('Your browser blocked the new tab: allow pop-ups for this site and try again');
  }
}

async function deliver(client: CampusCareClient, format: Format, zone: string): Promise<void> {
  if (format === 'fhir') {
    const record = await loadFhirRecord(client);
    saveFile(fhirRecordFileName(record, zone), fhirRecordJson(record), 'application/fhir+json');
    return;
  }
  const data = await loadMyData(client);
  if (format === 'json') saveFile(MY_DATA_FILE_NAME, myDataJson(data), 'application/json');
  else openPrintable(myDataHtml(data, zone));
}

function WhoViewed({ zone }: { readonly zone: string }) {
  const views = usePagedQuery([...queryKeys.healthRecordViews], (client, page) =>
    listHealthRecordViews(client, { page, pageSize: VIEWS_PAGE_SIZE }),
  );
  return (
    <Section title="Who viewed my health record">
      <p className={styles.intro}>
        Every time a member of staff opens your health record it is recorded here: who, when and on which screen.
      </p>
      <QueryView query={views.query}>
        {(page) => (
          <DataTable
            caption="Views of my health record, newest first"
            columns={viewColumns(zone)}
            rows={page.rows}
            rowKey={(view) => String(view.id)}
            emptyMessage="Nobody has viewed your health record yet"
            pagination={{ page: views.page, pageSize: VIEWS_PAGE_SIZE, total: page.total, onPageChange: views.setPage }}
          />
        )}
      </QueryView>
    </Section>
  );
}

function MyData({ zone }: { readonly zone: string }) {
  const download = useApiMutation((client, format: Format) => deliver(client, format, zone));
  const busy = download.isPending;
  return (
    <Section title="My data">
      <p className={styles.intro}>
        Download everything the university holds about you: your profile, health profile, appointments, visit summaries
        (with measurements, medicines and excuse letters), immunizations and who viewed your health record.
      </p>
      <div className={styles.actions}>
        <Button onClick={() => download.mutate('json')} disabled={busy}>
          Download my data (JSON)
        </Button>
        <Button variant="secondary" onClick={() => download.mutate('html')} disabled={busy}>
          Open printable copy
        </Button>
      </div>
      <p className={styles.followOn}>
        Seeing a doctor somewhere else? Take your health record with you: your allergies, the immunizations the clinic
        has accepted, and each visit with its measurements, diagnoses and medicines, in FHIR, the international standard
        for health records. Any clinic’s system can read it.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => download.mutate('fhir')} disabled={busy}>
          Download my record (FHIR)
        </Button>
      </div>
    </Section>
  );
}

/**
 * /studentprivacy: who read the student's health record, and the download of everything held about them; times on
 * the clinic's clock, which the page waits for.
 */
export function PrivacyPage() {
  const clinic = useClinic();
  return (
    <>
      <SettingsHeader />
      <QueryView query={clinic} loadingLabel="Loading your privacy settings…">
        {({ settings }) => (
          <>
            <WhoViewed zone={settings.timezone} />
            <MyData zone={settings.timezone} />
          </>
        )}
      </QueryView>
    </>
  );
}
