import { DEMO_PASSWORD } from '../../e2e/support/session';

/**
 * A fresh session of a demo account, as the JSON the app's Supabase client keeps in sessionStorage. Every page load
 * gets its own sign-in: the app may rotate the refresh token while it runs, and handing a rotated-away token to the
 * next load would be refresh-token reuse, which ends the session.
 */
export async function sessionFor(origin: string, email: string): Promise<string> {
  const config = (await (await fetch(`${origin}/config.json`)).json()) as { supabaseAnonKey: string };
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: HTTP ${response.status} ${await response.text()}`);
  return JSON.stringify(await response.json());
}
