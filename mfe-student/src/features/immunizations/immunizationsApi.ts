import { type CampusCareClient, type Tables, unwrap } from '@campuscare/shared';
import { type ExemptionKind, type ImmunizationStatus, isImmunizationStatus } from '@campuscare/shared/clinical';
import { type MedicalDocument, type ProofChoice, proofDocumentId } from './proofApi';

/** One requirement that applies to the student, with the status the database decided (my_immunizations()). */
export interface Standing {
  readonly requirementId: string;
  readonly name: string;
  readonly dosesRequired: number;
  readonly minIntervalDays: number;
  readonly status: ImmunizationStatus;
  /** 'YYYY-MM-DD' on the clinic's calendar. */
  readonly dueOn: string;
  readonly dosesCounted: number;
  /** What is missing, in the database's words; null once met or exempt. */
  readonly missing: string | null;
}

/** What a requirement counts and which exemptions it accepts (RLS shows a student the requirements that apply to them). */
export type RequirementTerms = Pick<
  Tables<'immunization_requirements'>,
  | 'id'
  | 'cvx_codes'
  | 'medical_exemption'
  | 'medical_exemption_needs_document'
  | 'personal_exemption'
  | 'personal_exemption_needs_document'
>;

export type Dose = Tables<'immunization_doses'>;
export type Exemption = Tables<'immunization_exemptions'>;

/** The student's requirements with their terms, and the doses, exemption requests and documents they sent, newest first. */
export interface MyImmunizations {
  readonly standings: readonly Standing[];
  readonly terms: readonly RequirementTerms[];
  readonly doses: readonly Dose[];
  readonly exemptions: readonly Exemption[];
  readonly documents: readonly MedicalDocument[];
}

export async function loadMyStandings(client: CampusCareClient): Promise<Standing[]> {
  const rows = unwrap(await client.rpc('my_immunizations'));
  return rows.map((row) => ({
    requirementId: row.requirement_id,
    name: row.name,
    dosesRequired: row.doses_required,
    minIntervalDays: row.min_interval_days,
    // The database knows no other status; an unknown one is shown as due, the one that asks the student to act.
    status: isImmunizationStatus(row.status) ? row.status : 'due',
    dueOn: row.due_on,
    dosesCounted: row.doses_counted,
    missing: row.missing,
  }));
}

const TERMS_COLUMNS =
  'id, cvx_codes, medical_exemption, medical_exemption_needs_document, personal_exemption, personal_exemption_needs_document';

async function loadTerms(client: CampusCareClient): Promise<RequirementTerms[]> {
  return unwrap(await client.from('immunization_requirements').select(TERMS_COLUMNS));
}

async function loadDoses(client: CampusCareClient, studentId: string): Promise<Dose[]> {
  return unwrap(
    await client
      .from('immunization_doses')
      .select('*')
      .eq('student_id', studentId)
      .order('given_on', { ascending: false })
      .order('created_at', { ascending: false }),
  );
}

async function loadExemptions(client: CampusCareClient, studentId: string): Promise<Exemption[]> {
  return unwrap(
    await client
      .from('immunization_exemptions')
      .select('*')
      .eq('student_id', studentId)
      .order('created_at', { ascending: false }),
  );
}

async function loadDocuments(client: CampusCareClient, studentId: string): Promise<MedicalDocument[]> {
  return unwrap(
    await client
      .from('medical_documents')
      .select('*')
      .eq('student_id', studentId)
      .order('created_at', { ascending: false }),
  );
}

export async function loadMyImmunizations(client: CampusCareClient, studentId: string): Promise<MyImmunizations> {
  const [standings, terms, doses, exemptions, documents] = await Promise.all([
    loadMyStandings(client),
    loadTerms(client),
    loadDoses(client, studentId),
    loadExemptions(client, studentId),
    loadDocuments(client, studentId),
  ]);
  return { standings, terms, doses, exemptions, documents };
}

/** A dose the student reports: optional parts null when left blank, and the proof it rests on. */
export interface NewDose {
  readonly cvxCode: string;
  /** 'YYYY-MM-DD', today or earlier on the clinic's calendar. */
  readonly givenOn: string;
  readonly givenAt: string | null;
  readonly lot: string | null;
  readonly proof: ProofChoice;
}

/**
 * The proof first (a new file uploaded and registered), then the dose through record_immunization_dose, which checks
 * the vaccine, the day and that the document is the student's own, and files the dose for the clinic's review.
 */
export async function recordDose(
  client: CampusCareClient,
  input: { readonly studentId: string; readonly dose: NewDose },
): Promise<Dose> {
  const { dose } = input;
  const documentId = await proofDocumentId(client, input.studentId, dose.proof);
  return unwrap(
    await client.rpc('record_immunization_dose', {
      cvx_code: dose.cvxCode,
      given_on: dose.givenOn,
      given_at: dose.givenAt ?? undefined,
      lot: dose.lot ?? undefined,
      document_id: documentId ?? undefined,
    }),
  );
}

export interface NewExemption {
  readonly requirementId: string;
  readonly kind: ExemptionKind;
  readonly reason: string;
  readonly proof: ProofChoice;
}

/** The document first, then the request through request_immunization_exemption: a kind the requirement takes, with the document it asks for. */
export async function requestExemption(
  client: CampusCareClient,
  input: { readonly studentId: string; readonly exemption: NewExemption },
): Promise<Exemption> {
  const { exemption } = input;
  const documentId = await proofDocumentId(client, input.studentId, exemption.proof);
  return unwrap(
    await client.rpc('request_immunization_exemption', {
      requirement_id: exemption.requirementId,
      kind: exemption.kind,
      reason: exemption.reason,
      document_id: documentId ?? undefined,
    }),
  );
}
