import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { StorageError } from '../storage/errors';
import { asCaller, callerFromRequest } from '../storage/rls';
import type { GatewayContext } from './context';
import { answerUnavailable, isDatabaseUnavailable } from './unavailable';

/**
 * The registrar's CSV exports, `POST /functions/v1/export` with `{ report, from?, to? }` — where Supabase serves Edge
 * Functions, so supabase-js's `functions.invoke('export', …)` reaches it (on a hosted project, an Edge Function of that
 * name does the same). The database decides everything: the gateway acts as the caller named by the bearer token
 * (their role, claims and the request gate, as PostgREST does) and reads one of the `exports` functions
 * (supabase/migrations/20260125000000_roster_import.sql), which refuse anyone but the university's administrators and
 * read under the caller's RLS. The rows come through a cursor, a batch at a time, and go out as they come: 100,000
 * students never sit in the gateway's memory, and the whole file is one snapshot of committed data.
 */
const REPORTS = {
  students: { sql: 'select line from exports.students()', days: false },
  staff: { sql: 'select line from exports.staff()', days: false },
  programs: { sql: 'select line from exports.programs()', days: false },
  appointments: { sql: 'select line from exports.appointments($1::date, $2::date)', days: true },
} as const;
type Report = keyof typeof REPORTS;

/** Lines per fetch from the cursor: small enough to keep memory flat, large enough to keep round trips few. */
const BATCH_LINES = 2000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Each statement of an export (the first fetch sorts the file) may take this long, where an API call may take 8 s. */
const EXPORT_STATEMENT_TIMEOUT = '60s';

interface ExportRequest {
  report: Report;
  params: string[];
}

/** PostgREST's error shape, so the browser reads a refusal here as it reads one from the REST API. */
function refusal(code: string, message: string) {
  return { code, message, details: null, hint: null };
}

class BadExport extends Error {}

function readRequest(body: unknown): ExportRequest {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const report = input.report;
  if (typeof report !== 'string' || !Object.hasOwn(REPORTS, report)) {
    throw new BadExport(`Choose what to export: ${Object.keys(REPORTS).join(', ')}`);
  }
  if (!REPORTS[report as Report].days) return { report: report as Report, params: [] };
  const { from, to } = input;
  if (typeof from !== 'string' || typeof to !== 'string' || !DAY.test(from) || !DAY.test(to)) {
    throw new BadExport('Choose the first and last day to export (YYYY-MM-DD)');
  }
  return { report: report as Report, params: [from, to] };
}

/** The cursor's lines as CSV text, a batch at a time, only as fast as the client takes them. */
async function* csvBatches(client: PoolClient, first: string[]): AsyncGenerator<string> {
  let batch = first;
  while (batch.length > 0) {
    yield `${batch.join('\r\n')}\r\n`;
    if (batch.length < BATCH_LINES) return;
    batch = (await client.query<{ line: string }>(`fetch ${BATCH_LINES} from export_lines`)).rows.map(
      (row) => row.line,
    );
  }
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof BadExport) return reply.code(400).send(refusal('PGRST100', error.message));
  if (error instanceof StorageError)
    return reply.code(Number(error.statusCode) || 403).send(refusal(error.code, error.message));
  const code = (error as { code?: unknown }).code;
  const message = (error as { message?: unknown }).message;
  if (code === 'P0001' && typeof message === 'string') return reply.code(400).send(refusal(code, message));
  if (code === '42501') return reply.code(403).send(refusal(code, 'You are not allowed to export this'));
  if (code === '57014') return reply.code(503).send(refusal(code, 'The export took too long; try again'));
  if (isDatabaseUnavailable(error))
    return answerUnavailable(reply, refusal('PGRST000', 'The database cannot be reached right now; try again shortly'));
  reply.log.error({ err: error }, 'export failed');
  return reply.code(500).send(refusal('PGRST000', 'The export failed'));
}

export function exportRoutes(ctx: GatewayContext): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.post('/export', { bodyLimit: 4096 }, async (request, reply) => {
      let streaming = false;
      try {
        const { report, params } = readRequest(request.body);
        const caller = callerFromRequest(request, ctx.secrets.jwtSecret, ctx.requestGate);
        await asCaller(ctx.adminPool, caller, async (client) => {
          // Reading only, and longer than an API call may: the first fetch sorts the whole file (100,000 rows).
          await client.query(
            `select set_config('transaction_read_only', 'on', true), set_config('statement_timeout', $1, true)`,
            [EXPORT_STATEMENT_TIMEOUT],
          );
          await client.query(`declare export_lines no scroll cursor for ${REPORTS[report].sql}`, params);
          // The first batch before the answer starts: a refusal is still an error status, not a cut-off file.
          const first = (await client.query<{ line: string }>(`fetch ${BATCH_LINES} from export_lines`)).rows.map(
            (row) => row.line,
          );
          // One batch waits at most while the client reads the one before.
          const body = Readable.from(csvBatches(client, first), { highWaterMark: 1 });
          streaming = true;
          void reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${report}.csv"`)
            .header('cache-control', 'no-store')
            .send(body);
          // The transaction (and its snapshot) lasts until the last line is out, or the client goes away.
          await finished(body);
        });
      } catch (error) {
        if (streaming) {
          request.log.warn({ err: error }, 'export stopped before its end');
          return reply;
        }
        return sendError(reply, error);
      }
      return reply;
    });
  };
}
