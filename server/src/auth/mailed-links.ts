import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { queryOf, type JsonObject } from '../request-input';
import { otpExpired, validationFailed } from './errors';
import { bodyObject, normalizeEmail, optionalString } from './input';
import { EMAIL_RESEND_SECONDS, LINK_LIFETIME_SECONDS, newLink, safeRedirect, tokenHash, type LinkType } from './links';
import { findUserByEmail, findUserById, type UserRow } from './users';

/** The links mailed on request (the email-change link lives in GoTrue's own columns of the user). */
type MailedLinkType = Extract<LinkType, 'signup' | 'recovery'>;

/** Where each kind records when it last went out, and which accounts may get one. */
const MAILED_LINKS: Record<MailedLinkType, { sentAt: string; dueOnlyIf: string }> = {
  recovery: { sentAt: 'recovery_sent_at', dueOnlyIf: 'true' },
  signup: { sentAt: 'confirmation_sent_at', dueOnlyIf: 'email_confirmed_at is null' },
};

/**
 * Runs `work` in a savepoint that is kept only when `keep` is true, so that a request that must change nothing goes
 * through the very statements of one that does.
 */
export async function keptOnlyIf<T>(client: PoolClient, keep: boolean, work: () => Promise<T>): Promise<T> {
  await client.query('savepoint kept_only_if');
  const result = await work();
  await client.query(keep ? 'release savepoint kept_only_if' : 'rollback to savepoint kept_only_if');
  return result;
}

export interface MailedLinkRequest {
  /** The account, or null when the address has none. */
  userId: string | null;
  type: MailedLinkType;
  publicUrl: string;
  redirectTo: string;
  send(link: string): Promise<void>;
}

/**
 * Mails a fresh one-time link (its token replacing the account's earlier one) unless the account may not have one or
 * got one within the last minute. Without an account, or when none is due, the same statements run and the email is
 * undone, so neither the answer nor its time tells whether the address has an account. Returns whether it was mailed.
 */
export async function mailLinkIfDue(client: PoolClient, request: MailedLinkRequest): Promise<boolean> {
  const { sentAt, dueOnlyIf } = MAILED_LINKS[request.type];
  const { link, hash } = newLink(request.publicUrl, request.type, request.redirectTo);
  const { rows } = await client.query<{ id: string }>(
    `update auth.users set ${sentAt} = now()
     where id = $1 and ${dueOnlyIf} and (${sentAt} is null or ${sentAt} < now() - make_interval(secs => $2))
     returning id`,
    [request.userId, EMAIL_RESEND_SECONDS],
  );
  const due = rows[0]?.id ?? null;
  await client.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [due, request.type]);
  await client.query(
    'insert into auth.one_time_tokens (user_id, token_type, token_hash) select $1, $2, $3 where $1::uuid is not null',
    [due, request.type, hash],
  );
  await keptOnlyIf(client, due !== null, () => request.send(link));
  return due !== null;
}

export interface AddressLinkRequest extends Omit<MailedLinkRequest, 'userId' | 'send'> {
  email: string;
  /** Sends `link` to `to`: the account's own spelling of the address, or the one asked for. */
  send(to: string, link: string): Promise<void>;
}

/**
 * What POST /recover and /resend are asked: the address (refused with `missing` when there is none), where the link
 * should lead, and the rest of the body.
 */
export function linkRequestOf(
  request: FastifyRequest,
  publicUrl: string,
  missing: string,
): { email: string; redirectTo: string; body: JsonObject } {
  const body = bodyObject(request.body);
  const rawEmail = optionalString(body, 'email');
  if (rawEmail === undefined) throw validationFailed(missing);
  return {
    email: normalizeEmail(rawEmail),
    redirectTo: safeRedirect(publicUrl, queryOf(request).redirect_to),
    body,
  };
}

/** `mailLinkIfDue` for whatever account has the address asked for (POST /recover, /resend). */
export async function mailLinkToAddress(
  client: PoolClient,
  { email, send, ...request }: AddressLinkRequest,
): Promise<void> {
  const user = await findUserByEmail(client, email);
  await mailLinkIfDue(client, {
    ...request,
    userId: user?.id ?? null,
    send: (link) => send(user?.email ?? email, link),
  });
}

/**
 * Spends a mailed link and returns its account, locked, or `'expired'` for one older than an hour, spent all the same,
 * so that the caller commits its removal before refusing.
 */
export async function spendMailedLink(
  client: PoolClient,
  type: MailedLinkType,
  token: string,
): Promise<UserRow | 'expired'> {
  const { rows } = await client.query<{ user_id: string; expired: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2
     returning user_id, created_at < now() - make_interval(secs => $3) as expired`,
    [tokenHash(token), type, LINK_LIFETIME_SECONDS],
  );
  if (!rows[0]) throw otpExpired();
  if (rows[0].expired) return 'expired';
  const user = await findUserById(client, rows[0].user_id, true);
  if (!user) throw otpExpired();
  return user;
}
