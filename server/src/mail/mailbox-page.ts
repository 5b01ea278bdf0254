import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { queryOf } from '../request-input';
import { CALENDAR_FILENAME } from './calendar';

interface MailboxRow {
  to_email: string;
  subject: string;
  body: string;
  sent_at: Date;
  /** The message carries an appointment's calendar event, which SMTP delivery attaches as a file. */
  has_calendar: boolean;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Message bodies are plain text; links in them become clickable so a demo can follow an invitation. */
function renderBody(body: string): string {
  return escapeHtml(body).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function renderMailbox(rows: MailboxRow[]): string {
  const items = rows
    .map(
      (row) => `<article><h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to_email)} · ${row.sent_at.toISOString()}</p>
<pre>${renderBody(row.body)}</pre>${row.has_calendar ? `\n<p class="meta">Attachment: ${CALENDAR_FILENAME}</p>` : ''}</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CampusCare local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#6b7280}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>Local mailbox</h1>
<p>Emails CampusCare sent while no SMTP server is configured (set <code>SMTP_URL</code> to deliver them for real).</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

const LOCKED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CampusCare local mailbox</title></head>
<body><h1>Local mailbox</h1><p>This page needs the link CampusCare printed when it started
(<code>/mailbox?token=…</code>). Look in the terminal that runs <code>npm start</code>.</p></body></html>`;

function tokenMatches(given: unknown, expected: Buffer): boolean {
  if (typeof given !== 'string') return false;
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/**
 * `/mailbox`: the last 100 messages delivered to the local mailbox. They include password-recovery links, so the page
 * opens only with the secret token printed at start-up (loopback requests included). Never enabled in production.
 */
export async function mailboxPage(app: FastifyInstance, options: { pool: Pool; token: string }): Promise<void> {
  const expected = Buffer.from(options.token);
  app.get('/mailbox', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (!tokenMatches(queryOf(request).token, expected)) return reply.code(401).send(LOCKED_PAGE);
    const { rows } = await options.pool.query<MailboxRow>(
      `select to_email, subject, body, sent_at, calendar is not null as has_calendar from public.email_outbox
        where delivered_via = 'mailbox' order by sent_at desc, id desc limit 100`,
    );
    return reply.send(renderMailbox(rows));
  });
}
