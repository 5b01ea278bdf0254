/**
 * "2 hours", "90 minutes", "1 day": how the database words the clinic's notice and cutoff in its messages
 * (private.describe_minutes), so that screens which explain a rule before the database enforces it say it the same way.
 */
export function describeMinutes(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
