import { invalidRequest } from './errors';

/** A paging parameter: `fallback` when absent, else a whole number from `min` to `max`. */
export function wholeNumberOr<Fallback>(
  value: unknown,
  fallback: Fallback,
  min: number,
  max: number,
  field: string,
): number | Fallback {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidRequest(`${field} must be a whole number between ${min} and ${max}`);
  }
  return value;
}
