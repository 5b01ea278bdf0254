import {
  Button,
  type Column,
  DataTable,
  PageHeader,
  QueryView,
  SearchBox,
  Section,
  SelectField,
  TextField,
  useApiMutation,
  usePagedQuery,
  useSearchTerm,
  downloadText,
} from '@campuscare/shared';
import { formatDateTime, useClinic } from '@campuscare/shared/scheduling';
import { useState } from 'react';
import { AUDIT_EVENTS, auditEventLabel, type AuditEntry, type AuditEvent, type AuditFilter } from './auditApi';
import { auditCsv } from './auditCsv';
import { AUDIT_PAGE_SIZE, auditExportMutation, auditPageQuery } from './auditQueries';
import styles from './audit.module.css';

const EVENT_OPTIONS = [{ value: '', label: 'Any event' }, ...AUDIT_EVENTS];

function isAuditEvent(value: string): value is AuditEvent {
  return AUDIT_EVENTS.some((event) => event.value === value);
}

function columns(zone: string): readonly Column<AuditEntry>[] {
  return [
    // To the second: entries of one minute stay apart.
    {
      key: 'when',
      header: `When (${zone})`,
      render: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, zone, { seconds: true })}</time>,
    },
    {
      key: 'person',
      header: 'Person',
      render: (entry) => (
        <span className={styles.person}>
          {entry.actor_name}
          {entry.actor_email && <span className={styles.muted}>{entry.actor_email}</span>}
          {entry.actor_role && <span className={styles.muted}>{entry.actor_role}</span>}
        </span>
      ),
    },
    { key: 'event', header: 'Event', render: (entry) => auditEventLabel(entry.event_kind) },
    {
      key: 'what',
      header: 'What',
      render: (entry) => (
        <span className={styles.person}>
          {entry.what}
          {entry.subject && <span className={styles.muted}>{entry.subject}</span>}
        </span>
      ),
    },
    { key: 'details', header: 'Details', render: (entry) => entry.summary },
  ];
}

/** /adminaudit: the university's audit trail for super admins, searched, filtered and paged on the server; CSV export. */
export function AuditPage() {
  const words = useSearchTerm();
  const person = useSearchTerm();
  const [event, setEvent] = useState<AuditEvent | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const filter: AuditFilter = { search: words.appliedSearch, person: person.appliedSearch, event, fromDate, toDate };
  const list = usePagedQuery((page) => auditPageQuery(filter, page));
  const clinic = useClinic();
  const filtered = Object.values(filter).some((value) => value.trim() !== '');

  const exportCsv = useApiMutation(auditExportMutation, {
    onSuccess: (entries) =>
      downloadText(
        `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
        auditCsv(entries),
        'text/csv;charset=utf-8',
      ),
  });

  return (
    <>
      <PageHeader
        title="Audit log"
        actions={
          <Button variant="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
            {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
        }
      />
      <Section title="Who did what">
        <p className={styles.hint}>
          Sign-ins, health-record reads, member, invitation, appointment and settings changes at your university.
          Entries can never be changed or deleted. Dates and times are the clinic&apos;s.
        </p>
        <div className={styles.filters} aria-label="Filter the audit log" role="group">
          <SearchBox label="Search" value={words.search} onChange={words.setSearch} placeholder="Any word shown" />
          <TextField
            label="Person"
            value={person.search}
            onChange={(changed) => person.setSearch(changed.target.value)}
            placeholder="Name or email"
            autoComplete="off"
          />
          <SelectField
            label="Event"
            value={event}
            options={EVENT_OPTIONS}
            onChange={(changed) => setEvent(isAuditEvent(changed.target.value) ? changed.target.value : '')}
          />
          <TextField
            label="From"
            type="date"
            value={fromDate}
            max={toDate || undefined}
            onChange={(changed) => setFromDate(changed.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={toDate}
            min={fromDate || undefined}
            onChange={(changed) => setToDate(changed.target.value)}
          />
        </div>
        <QueryView query={clinic}>
          {({ settings }) => (
            <QueryView query={list.query}>
              {(page) => (
                <DataTable
                  caption="Audit log"
                  columns={columns(settings.timezone)}
                  rows={page.rows}
                  rowKey={(entry) => String(entry.id)}
                  emptyMessage={filtered ? 'No entries match these filters' : 'Nothing has been recorded yet'}
                  pagination={{
                    page: list.page,
                    pageSize: AUDIT_PAGE_SIZE,
                    total: page.total,
                    onPageChange: list.setPage,
                  }}
                />
              )}
            </QueryView>
          )}
        </QueryView>
      </Section>
    </>
  );
}
