import { csvDocument } from '../../components/csv';
import { auditEventLabel, type AuditEntry } from './auditApi';

const AUDIT_CSV_HEADER = ['When (UTC)', 'Person', 'Email', 'Role', 'Event', 'What', 'About', 'Details'] as const;

/** The entries as a CSV document, header first, CRLF line ends. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(
    AUDIT_CSV_HEADER,
    entries.map((entry) => [
      new Date(entry.at).toISOString(),
      entry.actor_name,
      entry.actor_email ?? '',
      entry.actor_role ?? '',
      auditEventLabel(entry.event_kind),
      entry.what,
      entry.subject ?? '',
      entry.summary,
    ]),
  );
}
