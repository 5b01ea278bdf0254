import { apiMutation, apiQuery, queryKeys } from '@campuscare/shared';
import { formatCount } from '@campuscare/shared/scheduling';
import type { ImportKind } from './columns';
import {
  allProblemRows,
  checkRows,
  confirmImport,
  discardImport,
  latestImport,
  problemRows,
  sendingProgress,
} from './rosterImportApi';

export const PROBLEMS_PAGE_SIZE = 10;
/** How often the page asks how many invitations went out, while some have not. */
const SENDING_POLL_MS = 3000;

/** Under the members' root: an import's invitations change the member lists. */
const rosterImportKey = (kind: ImportKind) => [...queryKeys.members, 'roster-import', kind];

/** The latest import of `kind` that was not given up. */
export const latestImportQuery = (kind: ImportKind) =>
  apiQuery({ key: rosterImportKey(kind), load: (client) => latestImport(client, kind) });

/** A page of an import's rows with errors. */
export const problemRowsPageQuery = (kind: ImportKind, importId: string, page: number) =>
  apiQuery({
    key: [...rosterImportKey(kind), importId, 'problems', 'page', page],
    load: (client) => problemRows(client, { importId, page, pageSize: PROBLEMS_PAGE_SIZE }),
  });

/** How many of a confirmed import's invitations went out, asked again every few seconds while `polling`. */
export const sendingProgressQuery = (kind: ImportKind, importId: string, polling: boolean) =>
  apiQuery({
    key: [...rosterImportKey(kind), importId, 'sending'],
    load: (client) => sendingProgress(client, importId),
    refetchInterval: polling ? SENDING_POLL_MS : undefined,
  });

/** Checking a file's rows makes a new latest import of its kind. */
export const checkRowsMutation = (kind: ImportKind) =>
  apiMutation({ run: checkRows, invalidates: [rosterImportKey(kind)] });

/** A discarded import invited nobody: only the imports of its kind change. */
export const discardImportMutation = (kind: ImportKind) =>
  apiMutation({ run: discardImport, invalidates: [rosterImportKey(kind)] });

/** The invitations it queues change the member lists (the imports among them) and the dashboard's numbers. */
export const confirmImportMutation = apiMutation({
  run: confirmImport,
  invalidates: [queryKeys.members, queryKeys.dashboard],
  success: (done) => `${formatCount(done.queued_count ?? 0)} invitations are on their way`,
});

/** Every row with errors, for the error report: it reads, it changes nothing. */
export const problemReportMutation = apiMutation({ run: allProblemRows });
