import { type CampusCareClient, unwrap } from '@campuscare/shared';

/** How many programs the doctor has created (decides between the empty state and the plain create prompt). */
export async function countMyPrograms(client: CampusCareClient, memberId: string): Promise<number> {
  const result = await client.from('programs').select('id', { count: 'exact', head: true }).eq('created_by', memberId);
  unwrap(result);
  return result.count ?? 0;
}
