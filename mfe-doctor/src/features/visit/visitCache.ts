import { useCallback } from 'react';
import {
  type Diagnosis,
  type Prescription,
  queryClient,
  type Visit,
  vitalFlagsOf,
  type VitalSigns,
} from '@campuscare/shared';
import type { DiagnosisEntry, PrescriptionEntry, VisitRecord, VitalReading } from '@campuscare/shared/clinical';
import { visitQuery } from './visitQueries';

/**
 * Changes the opened visit in the cache with what a write returned, so the page shows it without reading the
 * record again (which would record another opening).
 */
export function useVisitUpdate(visitId: string) {
  return useCallback(
    (change: (visit: VisitRecord) => VisitRecord) =>
      queryClient.setQueryData(visitQuery(visitId).queryKey, (opened) =>
        opened ? { ...opened, visit: change(opened.visit) } : opened,
      ),
    [visitId],
  );
}

export function readingFromRow(row: VitalSigns): VitalReading {
  const { university_id: _university, student_id: _student, ...reading } = row;
  return { ...reading, flags: vitalFlagsOf(row) };
}

export function diagnosisFromRow(row: Diagnosis, icd10Title: string | null): DiagnosisEntry {
  return {
    id: row.id,
    description: row.description,
    icd10_code: row.icd10_code,
    icd10_title: row.icd10_code ? icd10Title : null,
    created_at: row.created_at,
  };
}

export function prescriptionFromRow(row: Prescription): PrescriptionEntry {
  const { university_id: _university, student_id: _student, ...prescription } = row;
  return prescription;
}

/** The note and state of a saved or signed visits row, on the record the page shows. */
export function withVisitRow(visit: VisitRecord, row: Visit): VisitRecord {
  return {
    ...visit,
    status: row.status,
    chief_complaint: row.chief_complaint,
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    follow_up: row.follow_up,
    signed_at: row.signed_at,
    updated_at: row.updated_at,
  };
}
