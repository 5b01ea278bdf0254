import { describeMinutes } from './durations';

describe('describeMinutes', () => {
  it("words the clinic's notice and cutoff as the database's messages do", () => {
    expect(describeMinutes(720)).toBe('12 hours');
    expect(describeMinutes(60)).toBe('1 hour');
    expect(describeMinutes(2880)).toBe('2 days');
    expect(describeMinutes(1440)).toBe('1 day');
    expect(describeMinutes(90)).toBe('90 minutes');
  });
});
