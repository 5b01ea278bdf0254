import type { User } from '@supabase/supabase-js';
import type { HealthProfile, Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';

export type SignedOutReason = 'deactivated' | 'noMembership';

export type ProfileLoadResult =
  | { readonly status: 'signedOut'; readonly reason?: SignedOutReason }
  | { readonly status: 'signedIn'; readonly user: User; readonly member: Member; readonly healthProfile: HealthProfile | null };

/**
 * Reads the signed-in user's member row (and health profile for students).
 * Deactivated members and users without a member row are signed out: they may not use the app.
 */
export async function loadProfile(client: CampusCareClient, user: User | null): Promise<ProfileLoadResult> {
  if (!user) return { status: 'signedOut' };

  const { data: member, error } = await client.from('members').select('*').eq('id', user.id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!member || member.status === 'deactivated') {
    // Only this browser's copy: a deactivated member's server sessions were already ended by the database.
    await client.auth.signOut({ scope: 'local' });
    return { status: 'signedOut', reason: member ? 'deactivated' : 'noMembership' };
  }

  let healthProfile: HealthProfile | null = null;
  if (member.role === 'student') {
    const { data, error: healthError } = await client
      .from('health_profiles')
      .select('*')
      .eq('student_id', member.id)
      .maybeSingle();
    if (healthError) throw new Error(healthError.message);
    healthProfile = data;
  }
  return { status: 'signedIn', user, member, healthProfile };
}

export function displayName(member: Pick<Member, 'title' | 'first_name' | 'last_name' | 'email'>): string {
  const name = [member.title, member.first_name, member.last_name].filter(Boolean).join(' ').trim();
  return name === '' ? member.email : name;
}
