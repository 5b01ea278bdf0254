import { COLUMN_RULES, columnError, type FieldErrors, storedValue } from '@campuscare/shared';
import {
  doseEntryErrors,
  EXEMPTION_KIND_LABEL,
  type ExemptionKind,
  IMMUNIZATION_STATUS_LABEL,
  type ImmunizationStatus,
} from '@campuscare/shared/clinical';
import { formatDay } from '@campuscare/shared/scheduling';
import type { Dose, Exemption, NewDose, RequirementTerms, Standing } from './immunizationsApi';
import { type ProofChoice, proofFileError } from './proofApi';

export const IMMUNIZATION_MESSAGES = {
  chooseKind: 'Choose the kind of exemption',
  chooseFile: 'Choose the photo or PDF to send',
  documentNeeded: 'This exemption needs a document: send a photo or PDF of it',
  doseRecorded: 'Dose recorded: the clinic will check it',
  exemptionRequested: 'Exemption requested: the clinic will check it',
} as const;

/** The dose form as typed: the vaccine's CVX code, 'YYYY-MM-DD', the optional parts ('' when left blank), the proof. */
export interface DoseValues {
  readonly cvxCode: string;
  readonly givenOn: string;
  readonly givenAt: string;
  readonly lot: string;
  readonly proof: ProofChoice;
}

export const EMPTY_DOSE: DoseValues = {
  cvxCode: '',
  givenOn: '',
  givenAt: '',
  lot: '',
  proof: { kind: 'new', file: null },
};

/** Why the proof chosen cannot be sent: a new file not chosen yet or not a PDF, JPEG or PNG of 10 MB at most; none when one is needed. */
function proofError(proof: ProofChoice, required: boolean): string | undefined {
  if (proof.kind === 'none') return required ? IMMUNIZATION_MESSAGES.documentNeeded : undefined;
  if (proof.kind === 'new') return proof.file === null ? IMMUNIZATION_MESSAGES.chooseFile : proofFileError(proof.file);
  return undefined;
}

export const GIVEN_AT_MAX_LENGTH = COLUMN_RULES.immunization_doses_given_at_length.maxLength;

/** `today` is the clinic's ('YYYY-MM-DD'). Proof is not required: "No document yet" is a choice of its own. */
export function validateDose(values: DoseValues, today: string): FieldErrors<DoseValues> {
  const errors: FieldErrors<DoseValues> = { ...doseEntryErrors(values, today) };
  const givenAt = columnError(COLUMN_RULES.immunization_doses_given_at_length, values.givenAt);
  if (givenAt !== undefined) errors.givenAt = givenAt;
  const proof = proofError(values.proof, false);
  if (proof !== undefined) errors.proof = proof;
  return errors;
}

export function storedDose(values: DoseValues): NewDose {
  return {
    cvxCode: values.cvxCode,
    givenOn: values.givenOn,
    givenAt: storedValue(COLUMN_RULES.immunization_doses_given_at_length, values.givenAt),
    lot: storedValue(COLUMN_RULES.immunization_doses_lot_length, values.lot),
    proof: values.proof,
  };
}

/** The exemption form: a kind the requirement accepts ('' until chosen), the reason and the document behind it. */
export interface ExemptionValues {
  readonly kind: ExemptionKind | '';
  readonly reason: string;
  readonly proof: ProofChoice;
}

export const EXEMPTION_REASON_MAX_LENGTH = COLUMN_RULES.immunization_exemptions_reason_length.maxLength;

/** A document is required when the requirement asks for one with the kind chosen, as the database does. */
export function validateExemption(values: ExemptionValues, terms: RequirementTerms): FieldErrors<ExemptionValues> {
  const errors: FieldErrors<ExemptionValues> = {};
  if (values.kind === '') errors.kind = IMMUNIZATION_MESSAGES.chooseKind;
  const reason = columnError(COLUMN_RULES.immunization_exemptions_reason_length, values.reason);
  if (reason !== undefined) errors.reason = reason;
  const proof = proofError(values.proof, values.kind !== '' && exemptionNeedsDocument(terms, values.kind));
  if (proof !== undefined) errors.proof = proof;
  return errors;
}

/** "Met", "Under review", "Due by Tue, 3 Mar 2026", "Overdue: it was due by Tue, 3 Mar 2026", "Exempt". */
export function statusText(standing: Pick<Standing, 'status' | 'dueOn'>): string {
  if (standing.status === 'due') return `Due by ${formatDay(standing.dueOn)}`;
  if (standing.status === 'overdue') return `Overdue: it was due by ${formatDay(standing.dueOn)}`;
  return IMMUNIZATION_STATUS_LABEL[standing.status];
}

/**
 * The dashboard's one line: "3 requirements: 1 overdue, 1 due by Tue, 3 Mar 2026, 1 met." — the most pressing first,
 * the soonest due date of those still due.
 */
export function standingsSummary(standings: readonly Pick<Standing, 'status' | 'dueOn'>[]): string {
  const count = (status: ImmunizationStatus) => standings.filter((standing) => standing.status === status).length;
  const due = standings
    .filter((standing) => standing.status === 'due')
    .map((standing) => standing.dueOn)
    .sort();
  const parts = [
    count('overdue') > 0 ? `${count('overdue')} overdue` : null,
    due.length === 1
      ? `1 due by ${formatDay(due[0])}`
      : due.length > 1
        ? `${due.length} due, the first by ${formatDay(due[0])}`
        : null,
    count('under_review') > 0 ? `${count('under_review')} under review` : null,
    count('exempt') > 0 ? `${count('exempt')} exempt` : null,
    count('met') > 0 ? `${count('met')} met` : null,
  ].filter((part) => part !== null);
  return `${standings.length} ${standings.length === 1 ? 'requirement' : 'requirements'}: ${parts.join(', ')}.`;
}

/** What the student reads under a requirement: what is still missing, or why nothing is. */
export function standingDetail(standing: Standing): string {
  switch (standing.status) {
    case 'met':
      return `All ${standing.dosesRequired === 1 ? 'the dose' : `${standing.dosesRequired} doses`} the requirement asks for are recorded and checked.`;
    case 'exempt':
      return 'The clinic accepted your exemption.';
    case 'under_review':
      return `The clinic is checking what you sent.${standing.missing ? ` Still missing until then: ${standing.missing}.` : ''}`;
    case 'due':
    case 'overdue':
      return standing.missing ? `Still missing: ${standing.missing}.` : '';
  }
}

/** The kinds of exemption a requirement accepts, in the order the form offers them. */
export function acceptedKinds(terms: RequirementTerms | undefined): ExemptionKind[] {
  if (!terms) return [];
  return (['medical', 'personal'] as const).filter((kind) =>
    kind === 'medical' ? terms.medical_exemption : terms.personal_exemption,
  );
}

/** Whether an exemption of `kind` asks for a document (a doctor's letter, a signed statement). */
export function exemptionNeedsDocument(terms: RequirementTerms, kind: ExemptionKind): boolean {
  return kind === 'medical' ? terms.medical_exemption_needs_document : terms.personal_exemption_needs_document;
}

/** "Medical exemption (a document is needed)": how the form names a kind the requirement accepts. */
export function exemptionKindLabel(terms: RequirementTerms, kind: ExemptionKind): string {
  return `${EXEMPTION_KIND_LABEL[kind]}${exemptionNeedsDocument(terms, kind) ? ' (a document is needed)' : ''}`;
}

/**
 * Whether the student may ask for an exemption now: the requirement accepts one, is not met or exempt, and no request
 * of theirs for it waits for the clinic.
 */
export function mayAskExemption(
  standing: Standing,
  terms: RequirementTerms | undefined,
  exemptions: readonly Exemption[],
): boolean {
  if (standing.status === 'met' || standing.status === 'exempt' || acceptedKinds(terms).length === 0) return false;
  return !exemptions.some(
    (exemption) => exemption.requirement_id === standing.requirementId && exemption.review_status === 'pending',
  );
}

/** A dose or exemption the clinic turned down, with the doctor's reason. */
export interface Rejection {
  readonly what: string;
  readonly reason: string;
}

const NO_REASON = 'no reason was given';

function newest<Row>(rows: readonly Row[], at: (row: Row) => string): Row | undefined {
  return rows.reduce<Row | undefined>(
    (latest, row) => (latest === undefined || at(row) > at(latest) ? row : latest),
    undefined,
  );
}

function exemptionKind(kind: string): ExemptionKind {
  return kind === 'personal' ? 'personal' : 'medical';
}

export function exemptionKindText(kind: string): string {
  return EXEMPTION_KIND_LABEL[exemptionKind(kind)];
}

/**
 * The latest thing the clinic turned down for this requirement (a dose of one of its vaccines, or an exemption for
 * it) when nothing of that kind was sent since: what the student should act on. None once met or exempt.
 */
export function latestRejection(
  standing: Standing,
  terms: RequirementTerms | undefined,
  doses: readonly Dose[],
  exemptions: readonly Exemption[],
): Rejection | null {
  if (standing.status === 'met' || standing.status === 'exempt') return null;
  const sent = (row: { readonly created_at: string }) => row.created_at;
  const dose = newest(
    doses.filter((candidate) => terms?.cvx_codes.includes(candidate.cvx_code) ?? false),
    sent,
  );
  const exemption = newest(
    exemptions.filter((candidate) => candidate.requirement_id === standing.requirementId),
    sent,
  );
  const rejections: Array<Rejection & { readonly at: string }> = [];
  if (dose?.review_status === 'rejected') {
    rejections.push({
      at: dose.reviewed_at ?? dose.created_at,
      what: `The dose given on ${formatDay(dose.given_on)}`,
      reason: dose.reject_reason ?? NO_REASON,
    });
  }
  if (exemption?.review_status === 'rejected') {
    rejections.push({
      at: exemption.reviewed_at ?? exemption.created_at,
      what: `Your request for a ${exemptionKindText(exemption.kind).toLowerCase()} exemption`,
      reason: exemption.reject_reason ?? NO_REASON,
    });
  }
  const latest = newest(rejections, (rejection) => rejection.at);
  return latest ? { what: latest.what, reason: latest.reason } : null;
}

/** A dose's review as the student reads it. */
export function doseReviewText(dose: Pick<Dose, 'review_status' | 'source' | 'reject_reason'>): string {
  if (dose.source === 'clinic') return 'Given at the clinic';
  if (dose.review_status === 'approved') return 'Accepted by the clinic';
  if (dose.review_status === 'rejected') return `Not accepted: ${dose.reject_reason ?? NO_REASON}`;
  return 'Waiting for the clinic';
}

/** An exemption request's review as the student reads it. */
export function exemptionReviewText(exemption: Pick<Exemption, 'review_status' | 'reject_reason'>): string {
  if (exemption.review_status === 'approved') return 'Accepted by the clinic';
  if (exemption.review_status === 'rejected') return `Not accepted: ${exemption.reject_reason ?? NO_REASON}`;
  return 'Waiting for the clinic';
}
