import { ApiError, type CampusCareClient, type PagedRows, unwrap } from '@campuscare/shared';
import { formatCount } from '@campuscare/shared/scheduling';

/** The kinds of event the audit log is filtered by (private.audit_event in the database), with their labels. */
export const AUDIT_EVENTS = [
  { value: 'sign_in', label: 'Sign-in' },
  { value: 'sign_in_failed', label: 'Failed sign-in' },
  { value: 'health_record_read', label: 'Health record read' },
  { value: 'health_record_change', label: 'Health record change' },
  { value: 'member_change', label: 'Member, role or status change' },
  { value: 'invitation', label: 'Invitation' },
  { value: 'appointment_change', label: 'Appointment change' },
  { value: 'program_change', label: 'Program change' },
  { value: 'settings_change', label: 'Settings change' },
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number]['value'];

export function auditEventLabel(kind: string): string {
  return AUDIT_EVENTS.find((event) => event.value === kind)?.label ?? kind;
}

/** One entry as public.audit_entries describes it. */
export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  readonly event_kind: string;
  readonly actor_id: string | null;
  /** The actor as they were named when the entry was written, with their email then (null: no actor, or recorded before emails were). */
  readonly actor_name: string;
  readonly actor_email: string | null;
  readonly actor_role: string | null;
  readonly what: string;
  readonly subject: string | null;
  readonly summary: string;
}

/** What the list is narrowed to; '' means "any". Dates are 'YYYY-MM-DD' days of the clinic's calendar. */
export interface AuditFilter {
  readonly search: string;
  readonly person: string;
  readonly event: AuditEvent | '';
  readonly fromDate: string;
  readonly toDate: string;
}

/** The database serves at most this many entries per request. */
const AUDIT_MAX_PAGE_SIZE = 100;
/** An export stops here, so one click cannot pull a whole university's history into the browser. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const blankToNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export async function listAuditEntries(
  client: CampusCareClient,
  input: { readonly filter: AuditFilter; readonly page: number; readonly pageSize: number },
): Promise<PagedRows<AuditEntry>> {
  const { filter } = input;
  const rows = unwrap(
    await client.rpc('audit_entries', {
      search: blankToNull(filter.search) ?? undefined,
      event: blankToNull(filter.event) ?? undefined,
      person: blankToNull(filter.person) ?? undefined,
      from_date: blankToNull(filter.fromDate) ?? undefined,
      to_date: blankToNull(filter.toDate) ?? undefined,
      page: input.page,
      page_size: input.pageSize,
    }),
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Every entry the filter matches, newest first, fetched page by page up to AUDIT_EXPORT_LIMIT. */
export async function exportAuditEntries(
  client: CampusCareClient,
  filter: AuditFilter,
): Promise<readonly AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (let page = 1; all.length < AUDIT_EXPORT_LIMIT; page += 1) {
    const { rows, total } = await listAuditEntries(client, { filter, page, pageSize: AUDIT_MAX_PAGE_SIZE });
    if (page === 1 && total > AUDIT_EXPORT_LIMIT) {
      throw new ApiError(
        `That is ${formatCount(total)} entries; narrow the filter to at most ${formatCount(AUDIT_EXPORT_LIMIT)} to export.`,
      );
    }
    all.push(...rows);
    if (rows.length < AUDIT_MAX_PAGE_SIZE) break;
  }
  return all;
}
