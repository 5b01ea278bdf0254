import { type CampusCareClient, type Tables, unwrap } from '@campuscare/shared';

export type Vaccine = Tables<'vaccines'>;

export async function listVaccines(client: CampusCareClient): Promise<Vaccine[]> {
  return unwrap(await client.from('vaccines').select('cvx_code, name').order('name'));
}
