/** What the auth service put in the URL fragment when it sent the browser here from an emailed link. */
type EmailLink =
  | { readonly kind: 'session'; readonly accessToken: string; readonly refreshToken: string }
  | { readonly kind: 'refused' }
  | { readonly kind: 'missing' };

export type EmailLinkSession = Extract<EmailLink, { kind: 'session' }>;

/** Reads the fragment of a link of `type` (GoTrue's `/verify` redirect): a session, a refusal, or nothing of the kind. */
export function readEmailLink(hash: string, type: 'signup' | 'recovery'): EmailLink {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if (fragment.has('error') || fragment.has('error_code')) return { kind: 'refused' };
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (fragment.get('type') !== type || !accessToken || !refreshToken) return { kind: 'missing' };
  return { kind: 'session', accessToken, refreshToken };
}
