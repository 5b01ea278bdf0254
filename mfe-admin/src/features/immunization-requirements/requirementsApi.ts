import { ApiError, type CampusCareClient, type Tables, type TablesInsert, unwrap } from '@campuscare/shared';

export type Requirement = Tables<'immunization_requirements'>;

/** The columns a super admin chooses; the university, ids and timestamps are the database's. */
export type RequirementFields = Pick<
  TablesInsert<'immunization_requirements'>,
  | 'name'
  | 'cvx_codes'
  | 'doses_required'
  | 'min_interval_days'
  | 'due_on'
  | 'due_days_after_joining'
  | 'departments'
  | 'years'
  | 'medical_exemption'
  | 'medical_exemption_needs_document'
  | 'personal_exemption'
  | 'personal_exemption_needs_document'
>;

const NOT_ALLOWED = 'Only a super admin can change the immunization requirements';

/** The university's requirements by name (RLS: its staff read them all). */
export async function listRequirements(client: CampusCareClient): Promise<Requirement[]> {
  return unwrap(await client.from('immunization_requirements').select('*').order('name').order('id'));
}

/** A new requirement of the caller's university (the database fills the university in; RLS lets super admins only). */
export async function createRequirement(client: CampusCareClient, fields: RequirementFields): Promise<Requirement> {
  return unwrap<Requirement>(await client.from('immunization_requirements').insert(fields).select('*').single());
}

export async function updateRequirement(
  client: CampusCareClient,
  input: { readonly id: string; readonly fields: RequirementFields },
): Promise<Requirement> {
  const saved = unwrap<Requirement | null>(
    await client.from('immunization_requirements').update(input.fields).eq('id', input.id).select('*').maybeSingle(),
  );
  // Row-level security lets only super admins update: for anyone else the update matches no row.
  if (!saved) throw new ApiError(NOT_ALLOWED, { code: '42501' });
  return saved;
}

export async function deleteRequirement(client: CampusCareClient, id: string): Promise<void> {
  const removed = unwrap(await client.from('immunization_requirements').delete().eq('id', id).select('id'));
  if (removed.length === 0) throw new ApiError('That requirement was already deleted, or you cannot change it');
}
