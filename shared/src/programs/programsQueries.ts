import {
  ApiError,
  apiMutation,
  apiQuery,
  type Member,
  type Program,
  PROGRAM_PAST_DATE_MESSAGE,
  type ProgramValues,
  queryKeys,
  toApiError,
} from '@campuscare/shared';
import { createProgram, deleteProgram, listPrograms, type ProgramTiming, updateProgram } from './programsApi';

/** Every list of programs, and the dashboards that count them. */
const PROGRAM_CHANGES = [queryKeys.programs, queryKeys.dashboard] as const;

interface ProgramsFilter {
  readonly timing: ProgramTiming;
  readonly pageSize: number;
  /** YYYY-MM-DD: programs from this day on count as upcoming. */
  readonly today: string;
}

/** One page of the caller's university's upcoming (soonest first) or past (latest first) programs. */
export const programsPageQuery = ({ timing, pageSize, today }: ProgramsFilter, page: number) =>
  apiQuery({
    key: [...queryKeys.programs, timing, { pageSize, today }, 'page', page],
    load: (client) => listPrograms(client, { timing, page, pageSize, today }),
  });

/** The database's past-date refusal (a day that ended while the form was open) belongs under the Date field. */
function onDateField(error: unknown): ApiError {
  const apiError = toApiError(error);
  return apiError.message === PROGRAM_PAST_DATE_MESSAGE
    ? new ApiError(apiError.message, { code: apiError.code, status: apiError.status, field: 'date', cause: error })
    : apiError;
}

/** Saves `program` with the wizard's values, or creates a program by `author` when there is none. */
export const saveProgramMutation = (program: Program | null | undefined, author: Member | null) =>
  apiMutation({
    run: async (client, values: ProgramValues): Promise<Program> => {
      try {
        if (program) return await updateProgram(client, program.id, values);
        if (!author) throw new ApiError('Sign in again to save the program.');
        return await createProgram(client, author, values);
      } catch (error) {
        throw onDateField(error);
      }
    },
    invalidates: PROGRAM_CHANGES,
    success: program ? 'Program updated' : 'Program created',
  });

/** Deletes the program of that id. */
export const deleteProgramMutation = apiMutation({
  run: deleteProgram,
  invalidates: PROGRAM_CHANGES,
  success: 'Program deleted',
});
