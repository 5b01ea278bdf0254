import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { type AuditFilter, exportAuditEntries, listAuditEntries } from './auditApi';

export const AUDIT_PAGE_SIZE = 25;

/** A page of the audit log narrowed to `filter`. */
export const auditPageQuery = (filter: AuditFilter, page: number) =>
  apiQuery({
    key: [...queryKeys.audit, filter, 'page', page],
    load: (client) => listAuditEntries(client, { filter, page, pageSize: AUDIT_PAGE_SIZE }),
  });

/** The entries `filter` matches, for the CSV file: it reads, it changes nothing. */
export const auditExportMutation = apiMutation({
  run: exportAuditEntries,
  success: (entries) => `Exported ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`,
});
