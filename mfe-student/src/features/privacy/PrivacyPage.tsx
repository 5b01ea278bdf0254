import { Button, type Column, DataTable, QueryView, Section, useApiMutation, usePagedQuery } from '@campuscare/shared';
import { SettingsHeader } from '@campuscare/shared/account';
import { formatDateTime, useClinic } from '@campuscare/shared/scheduling';
import { screenLabel, viewerRoleLabel, type HealthRecordView } from './privacyApi';
import { healthRecordViewsPageQuery, myDataDownloadMutation, VIEWS_PAGE_SIZE } from './privacyQueries';
import styles from './Privacy.module.css';

const viewColumns = (zone: string): readonly Column<HealthRecordView>[] => [
  { key: 'when', header: `When (${zone})`, render: (view) => formatDateTime(view.viewed_at, zone) },
  { key: 'who', header: 'Who', render: (view) => view.viewer_name },
  { key: 'email', header: 'Email', render: (view) => view.viewer_email ?? 'Not recorded' },
  { key: 'role', header: 'Role', render: (view) => viewerRoleLabel(view.viewer_role) },
  { key: 'screen', header: 'Screen', render: (view) => screenLabel(view.screen) },
];

function WhoViewed({ zone }: { readonly zone: string }) {
  const views = usePagedQuery(healthRecordViewsPageQuery);
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
  const download = useApiMutation(myDataDownloadMutation);
  const busy = download.isPending;
  return (
    <Section title="My data">
      <p className={styles.intro}>
        Download everything the university holds about you: your profile, health profile, appointments, visit summaries
        (with measurements, medicines and excuse letters), immunizations and who viewed your health record.
      </p>
      <div className={styles.actions}>
        <Button onClick={() => download.mutate({ format: 'json', zone })} disabled={busy}>
          Download my data (JSON)
        </Button>
        <Button variant="secondary" onClick={() => download.mutate({ format: 'html', zone })} disabled={busy}>
          Open printable copy
        </Button>
      </div>
      <p className={styles.followOn}>
        Seeing a doctor somewhere else? Take your health record with you: your allergies, the immunizations the clinic
        has accepted, and each visit with its measurements, diagnoses and medicines, in FHIR, the international standard
        for health records. Any clinic’s system can read it.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => download.mutate({ format: 'fhir', zone })} disabled={busy}>
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
