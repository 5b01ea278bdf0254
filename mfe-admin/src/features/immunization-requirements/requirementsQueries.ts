import { apiMutation, apiQuery, type CampusCareClient, queryKeys } from '@campuscare/shared';
import { REQUIREMENT_MESSAGES } from './requirementForm';
import {
  createRequirement,
  deleteRequirement,
  listRequirements,
  type Requirement,
  type RequirementFields,
  updateRequirement,
} from './requirementsApi';

/** Under the immunizations' root, which a change of a requirement reloads whole: every status and count follows from it. */
export const requirementsQuery = () =>
  apiQuery({ key: [...queryKeys.immunizations, 'requirements'], load: listRequirements });

interface RequirementSave {
  /** The requirement changed; null adds one. */
  readonly id: string | null;
  readonly fields: RequirementFields;
}

function saveRequirement(client: CampusCareClient, { id, fields }: RequirementSave): Promise<Requirement> {
  return id === null ? createRequirement(client, fields) : updateRequirement(client, { id, fields });
}

export const saveRequirementMutation = apiMutation({
  run: saveRequirement,
  invalidates: [queryKeys.immunizations],
  success: (_saved, save) => (save.id === null ? REQUIREMENT_MESSAGES.created : REQUIREMENT_MESSAGES.saved),
});

export const deleteRequirementMutation = apiMutation({
  run: deleteRequirement,
  invalidates: [queryKeys.immunizations],
  success: REQUIREMENT_MESSAGES.deleted,
});
