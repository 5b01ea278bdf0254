import { apiQuery, queryKeys } from '@campuscare/shared';
import { loadPatientRecord } from './patientRecordApi';

/** Every open reads the record again (and is audited): a doctor sees the student's latest answers. */
export const patientRecordQuery = (studentId: string) =>
  apiQuery({
    key: [...queryKeys.patients, 'record', studentId],
    load: (client) => loadPatientRecord(client, studentId),
    staleTime: 0,
  });
