import { unwrap } from '../data/apiError';
import type { Member } from '../database.types';
import type { CampusCareClient } from '../supabase/client';

export interface OwnName {
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * Whether a staff member must give their name before anything else: students see a doctor's name when they book, and
 * colleagues see an admin's. The university account goes by the university's name (its own last name stays blank).
 */
export function needsName(member: Pick<Member, 'role' | 'is_super_admin' | 'first_name' | 'last_name'>): boolean {
  const isStaff = member.role === 'doctor' || (member.role === 'admin' && !member.is_super_admin);
  return isStaff && (member.first_name.trim() === '' || member.last_name.trim() === '');
}

/** Saves the signed-in member's own first and last name (RLS lets a member update only their own row). */
export async function saveOwnName(
  client: CampusCareClient,
  { memberId, name }: { readonly memberId: string; readonly name: OwnName },
): Promise<void> {
  unwrap(
    await client
      .from('members')
      .update({ first_name: name.firstName.trim(), last_name: name.lastName.trim() })
      .eq('id', memberId),
  );
}
