import { recoveryLandingTarget } from './recoveryLanding';

describe('recoveryLandingTarget', () => {
  const hash = '#access_token=a&refresh_token=r&type=recovery';

  it('sends a recovery session that landed on another page to the set-new-password page', () => {
    expect(recoveryLandingTarget({ pathname: '/', hash })).toBe(`/resetpassword${hash}`);
  });

  it('leaves the set-new-password page, other links and plain anchors alone', () => {
    expect(recoveryLandingTarget({ pathname: '/resetpassword', hash })).toBeUndefined();
    expect(
      recoveryLandingTarget({ pathname: '/studentprofile', hash: '#access_token=a&type=email_change' }),
    ).toBeUndefined();
    expect(recoveryLandingTarget({ pathname: '/', hash: '#faq' })).toBeUndefined();
  });
});
