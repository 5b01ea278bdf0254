import { emailChangeLink, readEmailLink, takeEmailChangeLink } from './emailLink';

const SESSION = '#access_token=a&expires_at=1&expires_in=3600&refresh_token=r&token_type=bearer&type=email_change';

describe('readEmailLink', () => {
  it('reads the session the auth service put in the fragment', () => {
    expect(
      readEmailLink('#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&type=recovery', 'recovery'),
    ).toEqual({ kind: 'session', accessToken: 'a', refreshToken: 'r' });
    expect(readEmailLink(SESSION, 'email_change')).toEqual({ kind: 'session', accessToken: 'a', refreshToken: 'r' });
  });

  it('tells a refused link from a visit without one', () => {
    expect(readEmailLink('#error=access_denied&error_code=otp_expired&error_description=x', 'recovery')).toEqual({
      kind: 'refused',
    });
    expect(readEmailLink('', 'recovery')).toEqual({ kind: 'missing' });
    // Another kind of link (an email change) does not set a password.
    expect(readEmailLink('#access_token=a&refresh_token=r&type=email_change', 'recovery')).toEqual({ kind: 'missing' });
  });
});

describe('takeEmailChangeLink', () => {
  function take(pathname: string, hash: string, search = '') {
    const history = { replaceState: jest.fn() };
    takeEmailChangeLink({ pathname, search, hash }, history);
    return history.replaceState.mock.calls;
  }

  it('keeps the link’s session in memory and puts its page, without the tokens, in place of the address it landed on', () => {
    expect(take('/email-changed', SESSION)).toEqual([[null, '', '/email-changed']]);
    expect(emailChangeLink()).toEqual({ kind: 'session', accessToken: 'a', refreshToken: 'r' });
  });

  it('sends a link that landed on the site’s root to its page', () => {
    expect(take('/', SESSION)).toEqual([[null, '', '/email-changed']]);
    expect(emailChangeLink()).toEqual({ kind: 'session', accessToken: 'a', refreshToken: 'r' });
  });

  it('takes an expired or used link’s refusal out of the address bar too', () => {
    expect(
      take(
        '/email-changed',
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual([[null, '', '/email-changed']]);
    expect(emailChangeLink()).toEqual({ kind: 'refused' });
  });

  it('leaves every other address alone, as a page opened without the link', () => {
    for (const [pathname, hash, search] of [
      ['/email-changed', '', ''],
      ['/', '#faqs', ''],
      ['/resetpassword', '#access_token=a&refresh_token=r&type=recovery', ''],
      ['/studentprofile', '', '?student=1'],
    ] as const) {
      take('/email-changed', SESSION);
      expect(take(pathname, hash, search)).toEqual([]);
      expect(emailChangeLink()).toEqual({ kind: 'missing' });
    }
  });
});
