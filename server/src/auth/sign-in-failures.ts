import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Pool } from 'pg';
import type { Db } from './db';
import { AuthError } from './errors';

/** How many failed password sign-ins one email address may collect, per network and in all, and for how long they count. */
export interface SignInFailureLimit {
  perNetwork: number;
  perAccount: number;
  windowSeconds: number;
}

/** For this long after a successful sign-in from a network, that network stays open to the account under attack. */
const KNOWN_NETWORK_DAYS = 30;

/** The tables key on a hash, so they never list addresses, whether or not they belong to an account. */
function emailHash(foldedEmail: string): string {
  return createHash('sha256').update(foldedEmail).digest('hex');
}

/** The eight 16-bit groups of an IPv6 address, an embedded IPv4 tail counting as two. */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (isIPv4(group) ? ['ipv4-high', 'ipv4-low'] : [group]));
  const [head, tail] = address.split('::');
  const headGroups = groupsOf(head);
  if (tail === undefined) return headGroups;
  const tailGroups = groupsOf(tail);
  return [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
}

/**
 * The network a sign-in comes from: the IPv4 address, or the /64 of an IPv6 address, as one IPv6 host commonly has a
 * whole /64 to pick addresses from and would otherwise count as billions of networks.
 */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0];
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4) return mappedIpv4[1];
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

function tooManyFailures(retryAfterSeconds: number, fromThisNetwork: boolean): AuthError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many failed sign-in attempts for this email address${fromThisNetwork ? ' from your network' : ''}. ` +
      `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password to sign in now.`,
  );
}

interface CountedAttempt {
  failures: number;
  retry_after_seconds: number;
}

/**
 * Failed password sign-ins, counted per email address and network so that guessing from one network locks only that
 * network out, and per address from all networks together against guessing spread over many of them. Beyond that
 * ceiling the address stays open to the networks it signed in from in the last 30 days, so its owner is not locked
 * out by strangers (NIST SP 800-63B 5.2.2). Every count lives in the database: all gateway processes share them.
 */
export class SignInThrottle {
  private lastPrunedAt = 0;

  constructor(
    private readonly pool: Pool,
    private readonly limit: SignInFailureLimit,
  ) {}

  /**
   * Counts a password sign-in before the password is checked, or refuses it with a 429. Counting first, each count in
   * one atomic statement, means concurrent guesses from any gateway process cannot slip past a limit; `signedIn` takes
   * the count back when the password turns out right. A refused attempt does not move a window, so a lock always ends
   * `windowSeconds` after the first failure of its series, however long an attacker keeps trying.
   */
  async admit(foldedEmail: string, ip: string): Promise<void> {
    const email = emailHash(foldedEmail);
    const { windowSeconds, perNetwork, perAccount } = this.limit;
    const fromNetwork = await this.pool.query<CountedAttempt & { known: boolean }>(
      `insert into auth.sign_in_networks as n (email_hash, network, failures, first_failed_at) values ($1, $2, 1, now())
       on conflict (email_hash, network) do update set
         failures = case when n.failures = 0 or n.first_failed_at <= now() - make_interval(secs => $4) then 1
                         else least(n.failures + 1, $3 + 1) end,
         first_failed_at = case when n.failures = 0 or n.first_failed_at <= now() - make_interval(secs => $4) then now()
                                else n.first_failed_at end
       returning failures,
         extract(epoch from first_failed_at + make_interval(secs => $4) - now())::float8 as retry_after_seconds,
         coalesce(signed_in_at > now() - make_interval(days => $5), false) as known`,
      [email, networkOf(ip), perNetwork, windowSeconds, KNOWN_NETWORK_DAYS],
    );
    const network = fromNetwork.rows[0];
    if (network.failures > perNetwork) throw tooManyFailures(network.retry_after_seconds, true);
    const fromAll = await this.pool.query<CountedAttempt>(
      `insert into auth.sign_in_failures as f (email_hash, failures, first_failed_at) values ($1, 1, now())
       on conflict (email_hash) do update set
         failures = case when f.first_failed_at <= now() - make_interval(secs => $3) then 1 else least(f.failures + 1, $2 + 1) end,
         first_failed_at = case when f.first_failed_at <= now() - make_interval(secs => $3) then now() else f.first_failed_at end
       returning failures, extract(epoch from first_failed_at + make_interval(secs => $3) - now())::float8 as retry_after_seconds`,
      [email, perAccount, windowSeconds],
    );
    const account = fromAll.rows[0];
    if (account.failures > perAccount && !network.known) throw tooManyFailures(account.retry_after_seconds, false);
  }

  /**
   * The right password: this attempt was no failure, the network's earlier ones were its owner's typing, and the
   * network is one the owner uses. The other networks' failures still count.
   */
  async signedIn(foldedEmail: string, ip: string): Promise<void> {
    const email = emailHash(foldedEmail);
    await this.pool.query(
      `update auth.sign_in_networks set failures = 0, first_failed_at = null, signed_in_at = now()
       where email_hash = $1 and network = $2`,
      [email, networkOf(ip)],
    );
    await this.pool.query(
      'update auth.sign_in_failures set failures = failures - 1 where email_hash = $1 and failures > 0',
      [email],
    );
  }

  /** A wrong password or an unknown address: the attempt stays counted. Now and then, counts that mean nothing go. */
  async failed(): Promise<void> {
    if (Date.now() - this.lastPrunedAt < this.limit.windowSeconds * 1000) return;
    this.lastPrunedAt = Date.now();
    await this.pool.query(
      'delete from auth.sign_in_failures where first_failed_at <= now() - make_interval(secs => $1)',
      [this.limit.windowSeconds],
    );
    await this.pool.query(
      `delete from auth.sign_in_networks
       where (failures = 0 or first_failed_at <= now() - make_interval(secs => $1))
         and (signed_in_at is null or signed_in_at <= now() - make_interval(days => $2))`,
      [this.limit.windowSeconds, KNOWN_NETWORK_DAYS],
    );
  }
}

/**
 * A redeemed recovery link or a new password proves the owner, or makes every guess so far worthless: the address's
 * failures, from every network, no longer count, so nobody can keep its owner locked out.
 */
export async function forgiveSignInFailures(db: Db, foldedEmail: string): Promise<void> {
  const email = emailHash(foldedEmail);
  await db.query('delete from auth.sign_in_failures where email_hash = $1', [email]);
  await db.query(
    'update auth.sign_in_networks set failures = 0, first_failed_at = null where email_hash = $1 and failures > 0',
    [email],
  );
}
