import { auditEventLabel, type AuditEntry } from './auditApi';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A value a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return) gets a leading apostrophe, so it stays text: names,
 * emails and summaries in the audit log come from people.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const AUDIT_CSV_HEADER = ['When (UTC)', 'Person', 'Role', 'Event', 'What', 'About', 'Details'] as const;

/** The entries as a CSV document, header first, CRLF line ends. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [AUDIT_CSV_HEADER.map(csvCell).join(',')];
  for (const entry of entries) {
    lines.push(
      [new Date(entry.at).toISOString(), entry.actor_name, entry.actor_role ?? '', auditEventLabel(entry.event_kind), entry.what, entry.subject ?? '', entry.summary]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands `text` to the browser as a file download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
