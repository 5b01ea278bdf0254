import { type CampusCareClient, type Tables, unwrap } from '@campuscare/shared';

/** A dose the clinic gave: the vaccine, the day (the clinic's today or earlier) and its lot, if the vial shows one. */
export interface ClinicDose {
  readonly studentId: string;
  readonly cvxCode: string;
  /** 'YYYY-MM-DD'. */
  readonly givenOn: string;
  readonly lot: string | null;
}

/** Through record_clinic_dose: a doctor of the student's university records it, approved at once and audited. */
export async function recordClinicDose(
  client: CampusCareClient,
  dose: ClinicDose,
): Promise<Tables<'immunization_doses'>> {
  return unwrap(
    await client.rpc('record_clinic_dose', {
      student_id: dose.studentId,
      cvx_code: dose.cvxCode,
      given_on: dose.givenOn,
      lot: dose.lot ?? undefined,
    }),
  );
}
