import type { UseQueryResult } from '@tanstack/react-query';
import { type ApiError, useApiQuery } from '@campuscare/shared';
import type { Clinic } from './schedulingApi';
import { clinicQuery } from './schedulingQueries';

/** The caller's clinic (time zone, hours, upcoming closures). */
export function useClinic(): UseQueryResult<Clinic, ApiError> {
  return useApiQuery(clinicQuery());
}
