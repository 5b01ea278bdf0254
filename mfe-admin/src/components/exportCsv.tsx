import { Button, type CampusCareClient, useApiMutation } from '@campuscare/shared';
import { downloadText } from './csv';

export type ExportReport = 'students' | 'staff' | 'programs' | 'appointments';

export interface ExportRequest {
  readonly report: ExportReport;
  /** Clinic days (YYYY-MM-DD), for appointments. */
  readonly from?: string;
  readonly to?: string;
}

/** A refusal of the export, as the gateway words it (PostgREST's shape), or the error itself. */
async function refusalOf(error: unknown): Promise<unknown> {
  // supabase-js hands over the answer of a refused call as the error's `context`, a fetch Response.
  const context = (error as { readonly context?: { readonly json?: unknown } }).context;
  if (typeof context?.json !== 'function') return error;
  try {
    return (await (context as Pick<Response, 'json'>).json()) as unknown;
  } catch {
    return error;
  }
}

/**
 * One of the registrar's CSV files, which the gateway streams from the database (server/src/gateway/exports.ts) under
 * the caller's own rights, reached as supabase-js reaches an Edge Function.
 */
export async function exportCsv(client: CampusCareClient, request: ExportRequest): Promise<string> {
  const { data, error } = await client.functions.invoke<string>('export', { body: request });
  if (error) throw await refusalOf(error);
  return typeof data === 'string' ? data : '';
}

/** Downloads the export as a file; with a byte order mark, so spreadsheets read its names as UTF-8. */
export function ExportButton({
  request,
  label = 'Export CSV',
  disabled = false,
}: {
  readonly request: ExportRequest;
  readonly label?: string;
  readonly disabled?: boolean;
}) {
  const run = useApiMutation(exportCsv, {
    success: 'Your CSV file is ready',
    onSuccess: (text, done) =>
      downloadText(
        `${done.report}-${new Date().toISOString().slice(0, 10)}.csv`,
        `\uFEFF${text}`,
        'text/csv;charset=utf-8',
      ),
  });
  return (
    <Button variant="secondary" disabled={disabled || run.isPending} onClick={() => run.mutate(request)}>
      {run.isPending ? 'Exporting…' : label}
    </Button>
  );
}
