import { apiQuery, queryKeys } from '@campuscare/shared';
import { listVaccines } from './vaccinesApi';

/** The vaccines by name: reference data shipped with the migrations, the same for every university, kept for good. */
export const vaccinesQuery = () =>
  apiQuery({ key: [...queryKeys.immunizations, 'vaccines'], load: listVaccines, staleTime: Infinity });
