import { APPOINTMENT_REASONS } from '@campuscare/shared';
import { OTHER_REASON_MAX_LENGTH, REASON_CHOICES, reasonValue } from './appointmentLabels';

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

describe('REASON_CHOICES', () => {
  it('offers every shared category once, then Other last', () => {
    expect(REASON_CHOICES.slice(0, -1)).toEqual(APPOINTMENT_REASONS.filter((reason: string) => reason !== 'Other'));
    expect(REASON_CHOICES.filter((reason) => reason === 'Other')).toEqual(['Other']);
    expect(REASON_CHOICES[REASON_CHOICES.length - 1]).toBe('Other');
  });
});
