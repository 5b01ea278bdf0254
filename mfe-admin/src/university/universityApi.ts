import { ApiError, type CampusCareClient, type University, unwrap } from '@campuscare/shared';

/** The signed-in admin's university (RLS returns only their own). */
export async function fetchUniversity(client: CampusCareClient, id: string): Promise<University> {
  const university = unwrap<University | null>(
    await client.from('universities').select('*').eq('id', id).maybeSingle(),
  );
  if (!university) throw new ApiError('Your university could not be found. Reload the page and try again.');
  return university;
}

type UniversityDetails = Pick<University, 'name' | 'email' | 'phone'>;

interface UniversityChange {
  readonly id: string;
  readonly change: Partial<UniversityDetails> & Partial<Pick<University, 'logo_path'>>;
}

export async function updateUniversity(
  client: CampusCareClient,
  { id, change }: UniversityChange,
): Promise<University> {
  const university = unwrap<University | null>(
    await client.from('universities').update(change).eq('id', id).select('*').maybeSingle(),
  );
  // RLS lets only super admins change the university: for anyone else the update matches no row.
  if (!university) throw new ApiError('Only a super admin can change the university details', { code: '42501' });
  return university;
}
