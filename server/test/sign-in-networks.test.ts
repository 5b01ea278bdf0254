import { networkOf } from '../src/auth/sign-in-failures';

describe('the network a sign-in comes from', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:7:7::1', '2001:db8:7:7::/64'],
    ['2001:0db8:0007:0007:ffff:ffff:ffff:ffff', '2001:db8:7:7::/64'],
    ['2001:db8::7', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
  ])('takes %s as %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
