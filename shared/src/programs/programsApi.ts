import type { Member, Program } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { displayName } from '../profile/profileApi';
import type { ProgramValues } from '../validation/schemas';

export interface ProgramPage {
  readonly programs: readonly Program[];
  readonly total: number;
}

export interface ProgramPageRequest {
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  /** Today's date as YYYY-MM-DD; programs from this day on count as upcoming. */
  readonly today?: string;
}

export function localIsoDate(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * One page of the caller's university's programs (RLS limits rows to it): upcoming ones first, soonest first,
 * then past ones, most recent first. Two ranged queries keep this on the server however many programs there are.
 */
export async function listPrograms(client: CampusCareClient, { page, pageSize, today = localIsoDate() }: ProgramPageRequest): Promise<ProgramPage> {
  const from = (page - 1) * pageSize;
  const to = from + pageSize - 1;

  const upcoming = await client
    .from('programs')
    .select('*', { count: 'exact' })
    .gte('date', today)
    .order('date', { ascending: true })
    .order('time', { ascending: true, nullsFirst: true })
    .order('id')
    .range(from, to);
  if (upcoming.error) fail(upcoming.error.message);
  const upcomingTotal = upcoming.count ?? 0;
  const upcomingRows = upcoming.data ?? [];

  const pastFrom = Math.max(0, from - upcomingTotal);
  const pastTo = to - upcomingTotal;
  const pastQuery = client.from('programs').select('*', { count: 'exact', head: pastTo < 0 }).lt('date', today);
  const past = pastTo < 0 ? await pastQuery : await pastQuery.order('date', { ascending: false }).order('id').range(pastFrom, pastTo);
  if (past.error) fail(past.error.message);

  return { programs: [...upcomingRows, ...(pastTo < 0 ? [] : (past.data ?? []))], total: upcomingTotal + (past.count ?? 0) };
}

type ProgramFields = Pick<Program, 'title' | 'description' | 'date' | 'time' | 'location' | 'program_type' | 'target_audience' | 'activities'>;

/** The wizard's text values as the columns they are stored in. */
export function programFields(values: ProgramValues): ProgramFields {
  const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    date: values.date,
    time: optional(values.time),
    location: optional(values.location),
    program_type: optional(values.programType),
    target_audience: optional(values.targetAudience),
    activities: optional(values.activities),
  };
}

/** A stored program as the wizard's values (for editing). */
export function programValues(program?: Program | null): ProgramValues {
  return {
    title: program?.title ?? '',
    description: program?.description ?? '',
    date: program?.date ?? '',
    time: program?.time ? program.time.slice(0, 5) : '',
    location: program?.location ?? '',
    programType: program?.program_type ?? '',
    targetAudience: program?.target_audience ?? '',
    activities: program?.activities ?? '',
  };
}

/** Creates a program in the author's university; the author is recorded and named as its organiser. */
export async function createProgram(client: CampusCareClient, author: Member, values: ProgramValues): Promise<Program> {
  const { data, error } = await client
    .from('programs')
    .insert({ ...programFields(values), university_id: author.university_id, created_by: author.id, organiser: displayName(author) })
    .select('*')
    .single();
  if (error) fail(error.message);
  return data;
}

export async function updateProgram(client: CampusCareClient, id: string, values: ProgramValues): Promise<Program> {
  const { data, error } = await client.from('programs').update(programFields(values)).eq('id', id).select('*').maybeSingle();
  if (error) fail(error.message);
  // RLS hides rows the caller may not change: an update that matched nothing was refused.
  if (!data) fail('You cannot change this program');
  return data;
}

export async function deleteProgram(client: CampusCareClient, id: string): Promise<void> {
  const { data, error } = await client.from('programs').delete().eq('id', id).select('id');
  if (error) fail(error.message);
  if (!data || data.length === 0) fail('You cannot delete this program');
}
