import { apiQuery, queryKeys } from '@campuscare/shared';
import { fetchDoctorCounts, listMyAppointments } from './myAppointmentsApi';

export const MY_APPOINTMENTS_PAGE_SIZE = 10;

/** One page of the doctor's appointments from `from` (an ISO moment) on. */
export const myAppointmentsPageQuery = (filter: { readonly providerId: string; readonly from: string }, page: number) =>
  apiQuery({
    key: [...queryKeys.appointments, 'doctor', filter, 'page', page],
    load: (client) => listMyAppointments(client, { ...filter, page, pageSize: MY_APPOINTMENTS_PAGE_SIZE }),
  });

export const doctorCountsQuery = () => apiQuery({ key: [...queryKeys.dashboard, 'doctor'], load: fetchDoctorCounts });
