import type { UseQueryResult } from '@tanstack/react-query';
import { type ApiError, queryKeys, useApiQuery } from '@campuscare/shared';
import { loadClinic, type Clinic } from './schedulingApi';

/** The caller's clinic (time zone, hours, upcoming closures); saving any of them invalidates `queryKeys.clinic`. */
export function useClinic(): UseQueryResult<Clinic, ApiError> {
  return useApiQuery(queryKeys.clinic, loadClinic);
}
