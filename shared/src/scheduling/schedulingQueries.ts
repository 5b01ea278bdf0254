import { apiQuery, queryKeys } from '@campuscare/shared';
import { loadClinic } from './schedulingApi';

/** The caller's clinic (time zone, hours, upcoming closures); saving any of them invalidates `queryKeys.clinic`. */
export const clinicQuery = () => apiQuery({ key: queryKeys.clinic, load: loadClinic });
