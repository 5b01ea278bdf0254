import { type PagedQuery, type Program, usePagedQuery } from '@campuscare/shared';
import { localIsoDate, type ProgramTiming } from './programsApi';
import { programsPageQuery } from './programsQueries';

export const PROGRAMS_PAGE_SIZE = 12;

/** The caller's university's upcoming (soonest first) or past (latest first) programs, a server-side page at a time. */
export function usePrograms(timing: ProgramTiming, pageSize: number = PROGRAMS_PAGE_SIZE): PagedQuery<Program> {
  const today = localIsoDate();
  return usePagedQuery((page) => programsPageQuery({ timing, pageSize, today }, page));
}
