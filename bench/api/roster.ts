/**
 * The onboarding scenarios (`BENCH_MODES=roster`), end to end through the gateway as the big university's admin:
 *
 * - importing a roster of 20,000 rows as the admin screen does: start_roster_import, the rows in parts of 1,000
 *   (each checked as it arrives, the whole file classified with the last part), then confirm_roster_import, which
 *   records the students and queues their invitations in one transaction. Goal: ≤ 60 s in all.
 * - exporting the university's 100,000 students as CSV (`POST /functions/v1/export`), read as it streams. Goal:
 *   ≤ 10 s, with the gateway's memory flat: this process runs the gateway, and its resident memory is sampled while curl
 *   downloads the file in a process of its own.
 *
 * What the import wrote (roster, outbox, the import and its allowance) is deleted afterwards, so the data set stays as
 * loaded; its audit entry stays, as the audit log is append-only.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Pool } from 'pg';
import { BIG_UNIVERSITY, adminEmail, adminId } from './dataset';
import { accessToken, type ScenarioContext } from './scenarios';

export const ROSTER_GOALS = { importSeconds: 60, exportSeconds: 10 } as const;
const IMPORT_ROWS = 20_000;
const ROWS_PER_REQUEST = 1000;
/** One row in a hundred has a mistake a registrar's file would have: it is found, not imported. */
const INVALID_EVERY = 100;
const MEMORY_SAMPLE_MS = 50;

export interface RosterBenchResult {
  import: {
    rows: number;
    invited: number;
    invalid: number;
    seconds: number;
    checkSeconds: number;
    confirmSeconds: number;
  };
  export: { lines: number; megabytes: number; seconds: number; rssBeforeMb: number; rssPeakMb: number };
}

const mb = (bytes: number) => bytes / 2 ** 20;

async function rpc<T>(baseUrl: string, apiKey: string, token: string, name: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: apiKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${answer.message ?? ''}`);
  return answer;
}

function rosterRows(run: string): Record<string, string | number>[] {
  return Array.from({ length: IMPORT_ROWS }, (_, index) => ({
    row: index + 2,
    first_name: `Bench${index}`,
    last_name: `Importer${String(index).padStart(5, '0')}`,
    email: `bench-import-${run}-${index}@roster.bench`,
    reg_number: `BIMP${run.slice(0, 6)}/${index}`,
    department: 'Computer Science',
    year_of_study: index % INVALID_EVERY === 0 ? '9' : String(1 + (index % 4)),
    phone: '',
  }));
}

async function measureImport(baseUrl: string, apiKey: string, token: string, run: string) {
  const rows = rosterRows(run);
  const started = performance.now();
  const created = await rpc<{ id: string }>(baseUrl, apiKey, token, 'start_roster_import', {
    kind: 'students',
    file_name: 'bench-roster.csv',
    total_rows: rows.length,
  });
  let checked: { new_count: number; invalid_count: number } = { new_count: 0, invalid_count: 0 };
  for (let from = 0; from < rows.length; from += ROWS_PER_REQUEST) {
    checked = await rpc(baseUrl, apiKey, token, 'add_roster_import_rows', {
      import_id: created.id,
      rows: rows.slice(from, from + ROWS_PER_REQUEST),
    });
  }
  const checkedAt = performance.now();
  const confirmed = await rpc<{ queued_count: number }>(baseUrl, apiKey, token, 'confirm_roster_import', {
    import_id: created.id,
  });
  const done = performance.now();
  return {
    importId: created.id,
    result: {
      rows: rows.length,
      invited: confirmed.queued_count,
      invalid: checked.invalid_count,
      seconds: (done - started) / 1000,
      checkSeconds: (checkedAt - started) / 1000,
      confirmSeconds: (done - checkedAt) / 1000,
    },
  };
}

/**
 * The export as a client downloads it, by curl in a process of its own (its buffers are not the gateway's): this
 * process is then only the gateway, whose resident memory is sampled meanwhile.
 */
async function measureExport(baseUrl: string, apiKey: string, token: string): Promise<RosterBenchResult['export']> {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, MEMORY_SAMPLE_MS);
  const started = performance.now();
  try {
    const curl = spawn('curl', [
      '--silent',
      '--show-error',
      '--fail',
      '--request',
      'POST',
      '--header',
      `apikey: ${apiKey}`,
      '--header',
      `authorization: Bearer ${token}`,
      '--header',
      'content-type: application/json',
      '--data',
      JSON.stringify({ report: 'students' }),
      `${baseUrl}/functions/v1/export`,
    ]);
    let bytes = 0;
    let lines = 0;
    let error = '';
    curl.stderr.on('data', (chunk: Buffer) => (error += chunk.toString()));
    for await (const chunk of curl.stdout as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    const [code] = (await once(curl, 'close')) as [number | null];
    if (code !== 0) throw new Error(`export: curl exited ${code}: ${error}`);
    return {
      lines,
      megabytes: mb(bytes),
      seconds: (performance.now() - started) / 1000,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function deleteImport(pool: Pool, importId: string): Promise<void> {
  await pool.query(
    'delete from public.email_outbox o using public.student_roster s where s.import_id = $1 and o.id = s.last_outbox_id',
    [importId],
  );
  await pool.query('delete from public.student_roster where import_id = $1', [importId]);
  await pool.query('delete from public.roster_imports where id = $1', [importId]);
  await pool.query('delete from private.bulk_invitations where university_id = $1', [BIG_UNIVERSITY.id]);
  await pool.query('delete from private.bulk_mail_schedule where university_id = $1', [BIG_UNIVERSITY.id]);
}

export async function runRosterBench(input: {
  pool: Pool;
  baseUrl: string;
  apiKey: string;
  context: ScenarioContext;
}): Promise<RosterBenchResult> {
  const token = accessToken(adminId(BIG_UNIVERSITY), adminEmail(BIG_UNIVERSITY), input.context);
  console.log('\n▶ roster: export 100,000 students (streamed)');
  const exported = await measureExport(input.baseUrl, input.apiKey, token);
  console.log(
    `  ${exported.lines.toLocaleString('en')} lines, ${exported.megabytes.toFixed(1)} MB in ${exported.seconds.toFixed(2)} s; gateway process RSS ${exported.rssBeforeMb.toFixed(0)} → peak ${exported.rssPeakMb.toFixed(0)} MB`,
  );
  console.log(`▶ roster: import ${IMPORT_ROWS.toLocaleString('en')} rows`);
  const run = randomUUID().replace(/-/g, '').slice(0, 12);
  let importId: string | undefined;
  try {
    const measured = await measureImport(input.baseUrl, input.apiKey, token, run);
    importId = measured.importId;
    const { result } = measured;
    console.log(
      `  ${result.invited.toLocaleString('en')} invited, ${result.invalid.toLocaleString('en')} invalid in ${result.seconds.toFixed(2)} s (checking ${result.checkSeconds.toFixed(2)} s, confirming ${result.confirmSeconds.toFixed(2)} s)`,
    );
    return { import: result, export: exported };
  } finally {
    const leftover =
      importId ??
      (
        await input.pool.query<{ id: string }>(
          `select id from public.roster_imports where file_name = 'bench-roster.csv'`,
        )
      ).rows[0]?.id;
    if (leftover) await deleteImport(input.pool, leftover);
  }
}

export function renderRosterSection(result: RosterBenchResult): string {
  const verdict = (seconds: number, goal: number) =>
    seconds <= goal ? `met (≤ ${goal} s)` : `missed (goal ≤ ${goal} s)`;
  const { import: imported, export: exported } = result;
  return `
## Onboarding: roster import and export

Through the gateway as the big university's admin, one run each (\`BENCH_MODES=roster\`).

| scenario | size | time | goal |
|---|---|---|---|
| import (check + confirm) | ${imported.rows.toLocaleString('en')} rows: ${imported.invited.toLocaleString('en')} invited, ${imported.invalid.toLocaleString('en')} with errors | ${imported.seconds.toFixed(2)} s (checking ${imported.checkSeconds.toFixed(2)} s in ${Math.ceil(imported.rows / ROWS_PER_REQUEST)} requests, confirming ${imported.confirmSeconds.toFixed(2)} s) | ${verdict(imported.seconds, ROSTER_GOALS.importSeconds)} |
| export students (CSV, streamed) | ${exported.lines.toLocaleString('en')} lines, ${exported.megabytes.toFixed(1)} MB | ${exported.seconds.toFixed(2)} s | ${verdict(exported.seconds, ROSTER_GOALS.exportSeconds)} |

Memory of the gateway process while curl, in a process of its own, downloaded the export: ${exported.rssBeforeMb.toFixed(0)} MB resident
before, ${exported.rssPeakMb.toFixed(0)} MB at the peak (sampled every ${MEMORY_SAMPLE_MS} ms), for a file of ${exported.megabytes.toFixed(1)} MB: the
rows pass through a cursor 2,000 at a time, so what the gateway holds does not grow with the file.
`;
}
