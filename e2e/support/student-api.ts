import type { TestStack } from '../../server/test/support/stack';
import { DEMO_PASSWORD } from './session';

/** Talks to the API as a signed-in user, the way any client could (not only the app's screens). */
export interface ApiUser {
  readonly id: string;
  readonly accessToken: string;
  rest(path: string, init?: { readonly method?: string; readonly body?: unknown }): Promise<{ readonly status: number; readonly body: unknown }>;
}

export async function passwordGrant(stack: TestStack, email: string, password = DEMO_PASSWORD): Promise<Response> {
  return fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

export async function apiUser(stack: TestStack, email: string, password = DEMO_PASSWORD): Promise<ApiUser> {
  const response = await passwordGrant(stack, email, password);
  if (!response.ok) throw new Error(`sign-in of ${email} failed: HTTP ${response.status}`);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return {
    id: session.user.id,
    accessToken: session.access_token,
    async rest(path, init = {}) {
      const answer = await fetch(`${stack.url}/rest/v1/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${session.access_token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await answer.text();
      return { status: answer.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
  };
}

/** A `<input type="date">` value in this machine's (and so the browser's) time zone. */
export function dateInputValue(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The first weekday at least `fromDaysAhead` days from today that is not one of `avoidDaysAhead` (the seed puts
 * every student's scheduled appointments 3 and 10 days ahead).
 */
export function clinicDay(fromDaysAhead: number, avoidDaysAhead: readonly number[] = [3, 10]): Date {
  const today = new Date();
  for (let offset = fromDaysAhead; ; offset += 1) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    if (day.getDay() !== 0 && day.getDay() !== 6 && !avoidDaysAhead.includes(offset)) return day;
  }
}

/** The instant of a clinic slot ("HH:MM") on `day`, local time. */
export function slotAt(day: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}
