import type {
  Dose,
  Exemption,
  MyImmunizations,
  RequirementTerms,
  Standing,
} from '../features/immunizations/immunizationsApi';
import type { MedicalDocument } from '../features/immunizations/proofApi';

/** What the immunization tests share: a Hepatitis B series and an MMR requirement of a New York clinic's student. */
export const STUDENT_ID = 'student-1';

/** A file of `size` bytes (its content is one byte: jsdom reads no more). */
export function fileOf(name: string, type: string, size = 2048): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

export function standingFixture(overrides: Partial<Standing> = {}): Standing {
  return {
    requirementId: 'r1',
    name: 'Hepatitis B',
    dosesRequired: 3,
    minIntervalDays: 28,
    status: 'due',
    dueOn: '2026-12-01',
    dosesCounted: 1,
    missing: '2 more doses of Hepatitis B, adult (at least 28 days apart)',
    ...overrides,
  };
}

/** Hepatitis B counts the adult and paediatric vaccines; a medical exemption needs a document, a personal one does not. */
export const HEP_B_TERMS: RequirementTerms = {
  id: 'r1',
  cvx_codes: ['08', '43'],
  medical_exemption: true,
  medical_exemption_needs_document: true,
  personal_exemption: true,
  personal_exemption_needs_document: false,
};

export function doseFixture(overrides: Partial<Dose> = {}): Dose {
  return {
    id: 'd1',
    university_id: 'u1',
    student_id: STUDENT_ID,
    cvx_code: '43',
    given_on: '2026-10-01',
    given_at: null,
    lot: null,
    source: 'student',
    review_status: 'pending',
    reviewed_by: null,
    reviewed_at: null,
    reject_reason: null,
    created_at: '2026-11-01T10:00:00+00:00',
    document_id: null,
    visit_id: null,
    ...overrides,
  };
}

export function exemptionFixture(overrides: Partial<Exemption> = {}): Exemption {
  return {
    id: 'e1',
    university_id: 'u1',
    student_id: STUDENT_ID,
    requirement_id: 'r1',
    kind: 'medical',
    reason: 'Allergic to a component',
    review_status: 'pending',
    reviewed_by: null,
    reviewed_at: null,
    reject_reason: null,
    created_at: '2026-11-02T10:00:00+00:00',
    document_id: null,
    ...overrides,
  };
}

export function documentFixture(overrides: Partial<MedicalDocument> = {}): MedicalDocument {
  return {
    id: 'doc-1',
    university_id: 'u1',
    student_id: STUDENT_ID,
    storage_object: `${STUDENT_ID}/doc-1.jpg`,
    file_name: 'vaccination-card.jpg',
    content_type: 'image/jpeg',
    size_bytes: 120_000,
    created_at: '2026-11-01T10:00:00+00:00',
    ...overrides,
  };
}

export function myImmunizationsFixture(overrides: Partial<MyImmunizations> = {}): MyImmunizations {
  return {
    standings: [standingFixture()],
    terms: [HEP_B_TERMS],
    doses: [],
    exemptions: [],
    documents: [],
    ...overrides,
  };
}
