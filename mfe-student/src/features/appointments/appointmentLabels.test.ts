import { OTHER_REASON_MAX_LENGTH, reasonValue } from './appointmentLabels';

describe('reasonValue', () => {
  it('keeps a category as it is', () => {
    expect(reasonValue('Vaccination', 'ignored')).toBe('Vaccination');
  });

  it('stores a free-text reason in the form the database accepts', () => {
    expect(reasonValue('Other', '  Sports injury ')).toBe('Other: Sports injury');
    expect(reasonValue('Other', '   ')).toBe('');
    expect(`Other: ${'x'.repeat(OTHER_REASON_MAX_LENGTH)}`).toHaveLength(200);
  });
});
