import { ApiError, type CampusCareClient, type Json, unwrap } from '@campuscare/shared';
import type { MyVisits, VisitRecord } from '@campuscare/shared/clinical';

export const UNREADABLE_VISITS_MESSAGE = 'Your visit summaries could not be read. Please try again.';

type JsonObject = { readonly [key: string]: Json | undefined };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isVisit(value: Json): boolean {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.date === 'string' &&
    ['vital_signs', 'diagnoses', 'prescriptions', 'addenda', 'excuse_letters'].every((list) =>
      Array.isArray(value[list]),
    )
  );
}

/**
 * my_visits()'s answer (shared/src/clinical/records.ts, MyVisits): checked for its frame, drafts left out should one
 * ever arrive (the database sends signed visits only), newest first.
 */
export function readMyVisits(data: Json): MyVisits {
  if (
    !isObject(data) ||
    !isObject(data.student) ||
    !isObject(data.university) ||
    !Array.isArray(data.visits) ||
    !data.visits.every(isVisit)
  ) {
    throw new ApiError(UNREADABLE_VISITS_MESSAGE);
  }
  const answer = data as unknown as MyVisits;
  const visits: VisitRecord[] = answer.visits.filter((visit) => visit.status === 'signed');
  visits.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return { student: answer.student, university: answer.university, visits };
}

/** The signed-in student's after-visit summaries and signed notes (open notes), through my_visits(). */
export async function loadMyVisits(client: CampusCareClient): Promise<MyVisits> {
  return readMyVisits(unwrap(await client.rpc('my_visits')));
}
