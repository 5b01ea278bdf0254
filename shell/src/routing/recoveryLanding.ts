import { PATHS } from '@campuscare/shared';

/**
 * Where a recovery link that landed elsewhere (the server sends it to the site's root when it does not accept the
 * requested page) belongs: the page that reads its session and sets the new password. Undefined when it is not one.
 */
export function recoveryLandingTarget(location: Pick<Location, 'pathname' | 'hash'>): string | undefined {
  if (location.pathname === PATHS.resetPassword) return undefined;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  return fragment.get('type') === 'recovery' && fragment.has('access_token')
    ? `${PATHS.resetPassword}${location.hash}`
    : undefined;
}
