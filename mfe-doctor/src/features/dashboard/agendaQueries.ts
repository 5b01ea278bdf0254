import { apiQuery, queryKeys } from '@campuscare/shared';
import { listAgenda } from './agendaApi';

/** Under the appointments root: every booking and change anywhere reads the range again. */
export const agendaQuery = (providerId: string, bounds: { readonly from: string; readonly to: string }) =>
  apiQuery({
    key: [...queryKeys.appointments, 'agenda', providerId, bounds],
    load: (client) => listAgenda(client, { providerId, ...bounds }),
  });
