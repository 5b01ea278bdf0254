import { apiMutation, apiQuery, type PagedRows, queryKeys } from '@campuscare/shared';
import {
  type AppointmentChange,
  type AppointmentQuery,
  type DoctorChoice,
  listAppointments,
  listDoctors,
  type OverviewAppointment,
  updateAppointment,
} from './appointmentsApi';

/** What booking, rescheduling, assigning or cancelling an appointment makes stale: the lists, the free times, the counts. */
export const APPOINTMENT_CHANGE_INVALIDATES = [queryKeys.appointments, queryKeys.slots, queryKeys.dashboard] as const;

/**
 * What a refused booking or move at a free time makes stale: refused because the time was taken meanwhile, or is now
 * too soon, the free times shown were out of date.
 */
export const FREE_TIMES_ON_REFUSAL = [queryKeys.slots] as const;

/** The university's active doctors (or only those students may book), shared by every picker of a doctor. */
export const doctorsQuery = (choice: DoctorChoice = 'active') =>
  apiQuery({ key: [...queryKeys.members, 'doctors', choice], load: (client) => listDoctors(client, choice) });

/** One page of the appointments overview, searched and filtered on the server. */
export const appointmentsPageQuery = (filter: Omit<AppointmentQuery, 'page'>, page: number) =>
  apiQuery<PagedRows<OverviewAppointment>>({
    key: [...queryKeys.appointments, 'overview', filter, 'page', page],
    load: async (client) => {
      const result = await listAppointments(client, { ...filter, page });
      return { rows: result.appointments, total: result.total };
    },
  });

/** A change of an appointment through `update_appointment`, told with `success` (or what it says of the change). */
export const appointmentChangeMutation = (success: string | ((change: AppointmentChange) => string)) =>
  apiMutation({
    run: updateAppointment,
    invalidates: APPOINTMENT_CHANGE_INVALIDATES,
    success: (_updated, change) => (typeof success === 'string' ? success : success(change)),
  });

export const editAppointmentMutation = appointmentChangeMutation('Appointment updated');

export const cancelAppointmentMutation = appointmentChangeMutation('Appointment cancelled');

/** Moves an appointment to one of the free times offered. */
export const rescheduleAppointmentMutation = apiMutation({
  run: updateAppointment,
  invalidates: APPOINTMENT_CHANGE_INVALIDATES,
  invalidatesOnRefusal: FREE_TIMES_ON_REFUSAL,
  success: 'Appointment rescheduled',
});
