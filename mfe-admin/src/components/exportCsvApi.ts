import type { CampusCareClient } from '@campuscare/shared';

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
