import type { SentQueueRow } from '../features/immunization-review/reviewApi';

/** A pending dose of Hepatitis B as immunization_review_queue() sends it, with the card it rests on and the series so far. */
export function doseRow(overrides: Partial<SentQueueRow> = {}): SentQueueRow {
  return {
    item_kind: 'dose',
    item_id: 'dose-2',
    submitted_at: '2026-11-20T14:30:00+00:00',
    student_id: 'student-1',
    student_name: 'Ada Okoro',
    reg_number: 'NFU/2025/001',
    department: 'Medicine',
    year_of_study: 2,
    cvx_code: '43',
    vaccine_name: 'Hepatitis B, adult',
    given_on: '2026-11-02',
    given_at: 'City pharmacy',
    lot: 'HB123',
    requirement_id: null,
    requirement_name: null,
    exemption_kind: null,
    exemption_reason: null,
    document_id: 'doc-1',
    document_name: 'card.png',
    document_type: 'image/png',
    entered_doses: [
      {
        id: 'dose-1',
        cvx_code: '43',
        vaccine_name: 'Hepatitis B, adult',
        given_on: '2026-10-01',
        given_at: null,
        lot: null,
        source: 'clinic',
        review_status: 'approved',
        document_id: null,
      },
      {
        id: 'dose-2',
        cvx_code: '43',
        vaccine_name: 'Hepatitis B, adult',
        given_on: '2026-11-02',
        given_at: 'City pharmacy',
        lot: 'HB123',
        source: 'student',
        review_status: 'pending',
        document_id: 'doc-1',
      },
    ],
    ...overrides,
  };
}

/** A pending medical exemption from Hepatitis B, without a document. */
export function exemptionRow(overrides: Partial<SentQueueRow> = {}): SentQueueRow {
  return {
    ...doseRow(),
    item_kind: 'exemption',
    item_id: 'exemption-1',
    submitted_at: '2026-11-21T09:00:00+00:00',
    student_id: 'student-2',
    student_name: 'Bayo Smith',
    cvx_code: null,
    vaccine_name: null,
    given_on: null,
    given_at: null,
    lot: null,
    requirement_id: 'r1',
    requirement_name: 'Hepatitis B',
    exemption_kind: 'medical',
    exemption_reason: 'Allergic to yeast',
    document_id: null,
    document_name: null,
    document_type: null,
    entered_doses: [],
    ...overrides,
  };
}
