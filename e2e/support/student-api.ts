import type { TestStack } from '../../server/test/support/stack';
import { dayText } from './doctor-data';
import { DEMO_PASSWORD } from './session';

/** Talks to the API as a signed-in user, the way any client could (not only the app's screens). */
export interface ApiUser {
  readonly id: string;
  readonly accessToken: string;
  rest(
    path: string,
    init?: { readonly method?: string; readonly body?: unknown },
  ): Promise<{ readonly status: number; readonly body: unknown }>;
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

/** "Thu, 26 Nov 2026, 15:30 (America/New_York)": how the student's screens show a clinic time ('YYYY-MM-DD', 'HH:MM'). */
export function clinicTimeText(day: string, time: string, zone: string): string {
  return `${dayText(day)}, ${time} (${zone})`;
}
