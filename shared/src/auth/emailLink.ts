import { PATHS } from '../routes/contract';

/** What the auth service put in the URL fragment when it sent the browser here from an emailed link. */
type EmailLink =
  | { readonly kind: 'session'; readonly accessToken: string; readonly refreshToken: string }
  | { readonly kind: 'refused' }
  | { readonly kind: 'missing' };

export type EmailLinkSession = Extract<EmailLink, { kind: 'session' }>;

type EmailLinkType = 'signup' | 'recovery' | 'email_change';

function fragmentOf(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/** Reads the fragment of a link of `type` (GoTrue's `/verify` redirect): a session, a refusal, or nothing of the kind. */
export function readEmailLink(hash: string, type: EmailLinkType): EmailLink {
  const fragment = fragmentOf(hash);
  if (fragment.has('error') || fragment.has('error_code')) return { kind: 'refused' };
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (fragment.get('type') !== type || !accessToken || !refreshToken) return { kind: 'missing' };
  return { kind: 'session', accessToken, refreshToken };
}

/** Where an opened email-change link lands, and the address bar that should show instead of the one it landed on. */
interface EmailChangeLanding {
  readonly link: EmailLink;
  readonly address: string;
}

/**
 * What an address the browser opened says of an email-change link: its session, or its refusal, when it landed on the
 * page that says so; its session when it landed anywhere else (links mailed before that page existed come back to the
 * site's root). Undefined for any other address.
 */
function emailChangeLanding(location: Pick<Location, 'pathname' | 'search' | 'hash'>): EmailChangeLanding | undefined {
  const onItsPage = location.pathname === PATHS.emailChanged;
  if (!onItsPage && fragmentOf(location.hash).get('type') !== 'email_change') return undefined;
  if (onItsPage && location.hash === '') return undefined;
  return {
    link: readEmailLink(location.hash, 'email_change'),
    address: onItsPage ? `${location.pathname}${location.search}` : PATHS.emailChanged,
  };
}

let openedEmailChangeLink: EmailLink = { kind: 'missing' };

/**
 * Takes an opened email-change link out of the address bar, to be called before anything else reads the address: its
 * tokens must stay neither in the address bar nor in the history (screenshots, shared screens, a later visitor of the
 * browser), so the history entry is replaced and the link is kept in memory only, for `emailChangeLink()`.
 */
export function takeEmailChangeLink(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  history: Pick<History, 'replaceState'>,
): void {
  const landing = emailChangeLanding(location);
  openedEmailChangeLink = landing?.link ?? { kind: 'missing' };
  if (landing) history.replaceState(null, '', landing.address);
}

/** The email-change link this page was opened with (`takeEmailChangeLink`): `missing` when it was opened without one. */
export function emailChangeLink(): EmailLink {
  return openedEmailChangeLink;
}
