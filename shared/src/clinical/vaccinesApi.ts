import { type CampusCareClient, queryKeys, type Tables, unwrap } from '@campuscare/shared';

export type Vaccine = Tables<'vaccines'>;

/** The vaccines by name: reference data shipped with the migrations, the same for every university. */
export const VACCINES_KEY = [...queryKeys.immunizations, 'vaccines'] as const;

export async function listVaccines(client: CampusCareClient): Promise<Vaccine[]> {
  return unwrap(await client.from('vaccines').select('cvx_code, name').order('name'));
}
