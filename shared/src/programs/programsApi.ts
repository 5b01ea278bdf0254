import {
  ApiError,
  type CampusCareClient,
  displayName,
  type Member,
  type PagedRows,
  type Program,
  type ProgramValues,
  unwrap,
} from '@campuscare/shared';

/** Upcoming programs take place today or later; past ones have taken place. */
export type ProgramTiming = 'upcoming' | 'past';

interface ProgramPageRequest {
  readonly timing: ProgramTiming;
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

/** Whether a program's day is before `today` (YYYY-MM-DD). */
export function isPastProgram(program: Pick<Program, 'date'>, today: string = localIsoDate()): boolean {
  return program.date < today;
}

/**
 * One page of the caller's university's programs (RLS limits rows to it): upcoming ones soonest first, or past ones
 * most recent first.
 */
export async function listPrograms(
  client: CampusCareClient,
  { timing, page, pageSize, today = localIsoDate() }: ProgramPageRequest,
): Promise<PagedRows<Program>> {
  const from = (page - 1) * pageSize;
  const ascending = timing === 'upcoming';
  const programs = client.from('programs').select('*', { count: 'exact' });
  const result = await (ascending ? programs.gte('date', today) : programs.lt('date', today))
    .order('date', { ascending })
    .order('time', { ascending, nullsFirst: ascending })
    .order('id')
    .range(from, from + pageSize - 1);
  return { rows: unwrap<Program[] | null>(result) ?? [], total: result.count ?? 0 };
}

type ProgramFields = Pick<
  Program,
  'title' | 'description' | 'date' | 'time' | 'location' | 'program_type' | 'target_audience' | 'activities'
>;

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

/**
 * Whether `member` may edit and delete `program`, as the database's policies decide: an admin (or super admin) any
 * program of their university, a doctor the ones they created. RLS already limits the rows read to the university.
 */
export function mayChangeProgram(
  member: Pick<Member, 'id' | 'role' | 'is_super_admin'>,
  program: Pick<Program, 'created_by'>,
): boolean {
  return (
    member.role === 'admin' || member.is_super_admin || (member.role === 'doctor' && program.created_by === member.id)
  );
}

/** Creates a program in the author's university (the database records both); the author is named as its organiser. */
export async function createProgram(client: CampusCareClient, author: Member, values: ProgramValues): Promise<Program> {
  return unwrap<Program>(
    await client
      .from('programs')
      .insert({ ...programFields(values), organiser: displayName(author) })
      .select('*')
      .single(),
  );
}

export async function updateProgram(client: CampusCareClient, id: string, values: ProgramValues): Promise<Program> {
  const updated = unwrap<Program | null>(
    await client.from('programs').update(programFields(values)).eq('id', id).select('*').maybeSingle(),
  );
  // RLS hides rows the caller may not change: an update that matched nothing was refused.
  if (!updated) throw new ApiError('You cannot change this program.', { code: '42501' });
  return updated;
}

export async function deleteProgram(client: CampusCareClient, id: string): Promise<void> {
  const deleted = unwrap<Array<Pick<Program, 'id'>>>(await client.from('programs').delete().eq('id', id).select('id'));
  if (deleted.length === 0) throw new ApiError('You cannot delete this program.', { code: '42501' });
}
