import type { CampusCareClient, University } from '@campuscare/shared';

/** The signed-in admin's university (RLS returns only their own). */
export async function fetchUniversity(client: CampusCareClient, id: string): Promise<University> {
  const { data, error } = await client.from('universities').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!data) throw new Error('Your university could not be found');
  return data;
}

export type UniversityDetails = Pick<University, 'name' | 'email' | 'phone'>;

export async function updateUniversity(client: CampusCareClient, id: string, change: Partial<UniversityDetails> & Partial<Pick<University, 'logo_path'>>): Promise<University> {
  const { data, error } = await client.from('universities').update(change).eq('id', id).select('*').maybeSingle();
  if (error) throw new Error(error.message);
  // RLS lets only super admins change the university: for anyone else the update matches no row.
  if (!data) throw new Error('Only a super admin can change the university details');
  return data;
}
