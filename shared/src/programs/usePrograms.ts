import { type PagedQuery, type Program, queryKeys, usePagedQuery } from '@campuscare/shared';
import { listPrograms, localIsoDate, type ProgramTiming } from './programsApi';

export const PROGRAMS_PAGE_SIZE = 12;

/** The caller's university's upcoming (soonest first) or past (latest first) programs, a server-side page at a time. */
export function usePrograms(timing: ProgramTiming, pageSize: number = PROGRAMS_PAGE_SIZE): PagedQuery<Program> {
  const today = localIsoDate();
  return usePagedQuery([...queryKeys.programs, timing, { pageSize, today }], (client, page) =>
    listPrograms(client, { timing, page, pageSize, today }),
  );
}
