import { useCallback } from 'react';
import type { Program } from '../database.types';
import { usePagedList, type PagedList } from '../lists/usePagedList';
import { getSupabase } from '../supabase/client';
import { listPrograms } from './programsApi';

export const PROGRAMS_PAGE_SIZE = 12;

/** The caller's university's programs, upcoming first, one server-side page at a time. */
export function usePrograms(pageSize: number = PROGRAMS_PAGE_SIZE): PagedList<Program> {
  const load = useCallback(
    async (page: number) => {
      const { programs, total } = await listPrograms(await getSupabase(), { page, pageSize });
      return { rows: programs, total };
    },
    [pageSize],
  );
  return usePagedList(load);
}
