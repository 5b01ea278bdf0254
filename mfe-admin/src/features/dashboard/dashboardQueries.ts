import { apiQuery, queryKeys } from '@campuscare/shared';
import { listVisitsNeedingADoctor, VISITS_NEEDING_A_DOCTOR_KEY } from '@campuscare/shared/appointments';
import { CHART_DAYS, fetchCounts, fetchDailyLoad } from './dashboardApi';

/** Under `queryKeys.dashboard`: every booking, cancellation or member change elsewhere refreshes them. */
export const universityCountsQuery = () =>
  apiQuery({ key: [...queryKeys.dashboard, 'admin-counts'], load: fetchCounts });

export const dailyLoadQuery = () =>
  apiQuery({
    key: [...queryKeys.dashboard, 'appointments-per-day', CHART_DAYS],
    load: (client) => fetchDailyLoad(client, CHART_DAYS),
  });

export const VISITS_NEEDING_A_DOCTOR_PAGE_SIZE = 10;

/** One page of the booked visits that cannot take place as booked: every change to an appointment reloads them. */
export const visitsNeedingADoctorPageQuery = (page: number) =>
  apiQuery({
    key: [...VISITS_NEEDING_A_DOCTOR_KEY, 'page', page],
    load: (client) => listVisitsNeedingADoctor(client, { page, pageSize: VISITS_NEEDING_A_DOCTOR_PAGE_SIZE }),
  });
