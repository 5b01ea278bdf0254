import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { formatCount } from '@campuscare/shared/scheduling';
import { exportHolds, type HoldsFilter, listHolds, loadCompliance } from './complianceApi';

export const HOLDS_PAGE_SIZE = 25;

/** Under the immunizations' root: a review, a dose or a changed requirement reloads the counts and the list. */
export const complianceQuery = () =>
  apiQuery({ key: [...queryKeys.immunizations, 'compliance'], load: loadCompliance });

/** A page of the holds list narrowed to `filter`. */
export const holdsPageQuery = (filter: HoldsFilter, page: number) =>
  apiQuery({
    key: [...queryKeys.immunizations, 'holds', filter, 'page', page],
    load: (client) => listHolds(client, { filter, page, pageSize: HOLDS_PAGE_SIZE }),
  });

/** The holds `filter` matches, for the CSV file: it reads, it changes nothing. */
export const holdsExportMutation = apiMutation({
  run: exportHolds,
  success: (holds) => `Exported ${formatCount(holds.length)} ${holds.length === 1 ? 'row' : 'rows'}`,
});
