import { MESSAGES, RULE_MESSAGES } from '@campuscare/shared';
import { DOSE_MESSAGES } from '@campuscare/shared/clinical';
import { doseFixture, exemptionFixture, fileOf, HEP_B_TERMS, standingFixture } from '../../test/immunizationsTestData';
import {
  EMPTY_DOSE,
  exemptionKindLabel,
  IMMUNIZATION_MESSAGES,
  latestRejection,
  mayAskExemption,
  standingDetail,
  standingsSummary,
  statusText,
  storedDose,
  validateDose,
  validateExemption,
} from './immunizationRules';
import { PROOF_MESSAGES } from './proofApi';

const TODAY = '2026-11-23';
const CARD = fileOf('card.jpg', 'image/jpeg');
const TERMS = HEP_B_TERMS;
const standing = standingFixture;
const dose = doseFixture;
const exemption = exemptionFixture;
const file = fileOf;

describe('the dose form', () => {
  it('asks for a vaccine, a day up to the clinic’s today, short optional details and a proof file unless none is chosen', () => {
    expect(validateDose(EMPTY_DOSE, TODAY)).toEqual({
      cvxCode: DOSE_MESSAGES.chooseVaccine,
      givenOn: MESSAGES.required,
      proof: IMMUNIZATION_MESSAGES.chooseFile,
    });
    const filled = { ...EMPTY_DOSE, cvxCode: '43', givenOn: TODAY, proof: { kind: 'new', file: CARD } } as const;
    expect(validateDose(filled, TODAY)).toEqual({});
    expect(validateDose({ ...filled, proof: { kind: 'none' } }, TODAY)).toEqual({});
    expect(validateDose({ ...filled, proof: { kind: 'existing', documentId: 'doc-1' } }, TODAY)).toEqual({});
    expect(validateDose({ ...filled, givenOn: '2026-11-24' }, TODAY)).toEqual({ givenOn: DOSE_MESSAGES.dayInFuture });
    expect(validateDose({ ...filled, givenAt: 'x'.repeat(201), lot: 'L\n1' }, TODAY)).toEqual({
      givenAt: RULE_MESSAGES.doseGivenAt,
      lot: RULE_MESSAGES.doseLot,
    });
    expect(validateDose({ ...filled, proof: { kind: 'new', file: file('card.heic', 'image/heic') } }, TODAY)).toEqual({
      proof: PROOF_MESSAGES.wrongType,
    });
    expect(
      validateDose(
        { ...filled, proof: { kind: 'new', file: file('scan.pdf', 'application/pdf', 10 * 1024 * 1024 + 1) } },
        TODAY,
      ),
    ).toEqual({ proof: PROOF_MESSAGES.tooLarge });
  });

  it('stores the optional details trimmed, or not at all when blank', () => {
    const proof = { kind: 'none' } as const;
    expect(storedDose({ cvxCode: '43', givenOn: TODAY, givenAt: '  Campus pharmacy ', lot: ' ', proof })).toEqual({
      cvxCode: '43',
      givenOn: TODAY,
      givenAt: 'Campus pharmacy',
      lot: null,
      proof,
    });
  });
});

describe('the exemption form', () => {
  it('needs a kind, a reason, and the document the kind chosen asks for', () => {
    const proof = { kind: 'none' } as const;
    expect(validateExemption({ kind: '', reason: '', proof }, TERMS)).toEqual({
      kind: IMMUNIZATION_MESSAGES.chooseKind,
      reason: MESSAGES.required,
    });
    expect(validateExemption({ kind: 'medical', reason: 'Allergy', proof }, TERMS)).toEqual({
      proof: IMMUNIZATION_MESSAGES.documentNeeded,
    });
    expect(validateExemption({ kind: 'personal', reason: 'Belief', proof }, TERMS)).toEqual({});
    expect(
      validateExemption({ kind: 'medical', reason: 'Allergy', proof: { kind: 'new', file: CARD } }, TERMS),
    ).toEqual({});
    expect(validateExemption({ kind: 'personal', reason: 'x'.repeat(2001), proof }, TERMS)).toEqual({
      reason: RULE_MESSAGES.exemptionReason,
    });
  });

  it('names each kind with whether it needs a document', () => {
    expect(exemptionKindLabel(TERMS, 'medical')).toBe('Medical (a document is needed)');
    expect(exemptionKindLabel(TERMS, 'personal')).toBe('Religious or personal');
  });

  it('is offered while the requirement is open and no request for it waits', () => {
    expect(mayAskExemption(standing(), TERMS, [])).toBe(true);
    expect(mayAskExemption(standing({ status: 'met' }), TERMS, [])).toBe(false);
    expect(mayAskExemption(standing({ status: 'exempt' }), TERMS, [])).toBe(false);
    expect(mayAskExemption(standing(), TERMS, [exemption()])).toBe(false);
    expect(
      mayAskExemption(standing(), TERMS, [exemption({ review_status: 'rejected', reject_reason: 'No letter' })]),
    ).toBe(true);
    expect(mayAskExemption(standing(), { ...TERMS, medical_exemption: false, personal_exemption: false }, [])).toBe(
      false,
    );
  });
});

describe('a requirement as the student reads it', () => {
  it('says the status with its due date', () => {
    expect(statusText(standing({ status: 'due', dueOn: '2026-12-01' }))).toBe('Due by Tue, 1 Dec 2026');
    expect(statusText(standing({ status: 'overdue', dueOn: '2026-11-01' }))).toBe(
      'Overdue: it was due by Sun, 1 Nov 2026',
    );
    expect(statusText(standing({ status: 'under_review' }))).toBe('Under review');
    expect(statusText(standing({ status: 'met' }))).toBe('Met');
    expect(statusText(standing({ status: 'exempt' }))).toBe('Exempt');
  });

  it('says what is missing in the database’s words', () => {
    expect(standingDetail(standing())).toBe(
      'Still missing: 2 more doses of Hepatitis B, adult (at least 28 days apart).',
    );
    expect(standingDetail(standing({ status: 'under_review' }))).toBe(
      'The clinic is checking what you sent. Still missing until then: 2 more doses of Hepatitis B, adult (at least 28 days apart).',
    );
    expect(standingDetail(standing({ status: 'met', missing: null }))).toBe(
      'All 3 doses the requirement asks for are recorded and checked.',
    );
  });

  it('shows the doctor’s reason for the latest rejection until something new is sent', () => {
    const rejected = dose({
      review_status: 'rejected',
      reject_reason: 'The card is unreadable',
      reviewed_at: '2026-11-03T09:00:00+00:00',
    });
    expect(latestRejection(standing(), TERMS, [rejected], [])).toEqual({
      what: 'The dose given on Thu, 1 Oct 2026',
      reason: 'The card is unreadable',
    });
    // Sent again since: it waits for the clinic, and the old refusal is history.
    expect(
      latestRejection(
        standing({ status: 'under_review' }),
        TERMS,
        [rejected, dose({ id: 'd2', created_at: '2026-11-04T10:00:00+00:00' })],
        [],
      ),
    ).toBeNull();
    // A dose of a vaccine the requirement does not count is not about it.
    expect(latestRejection(standing(), TERMS, [{ ...rejected, cvx_code: '03' }], [])).toBeNull();
    const refusedExemption = exemption({
      review_status: 'rejected',
      reject_reason: 'A doctor’s letter is needed',
      reviewed_at: '2026-11-05T09:00:00+00:00',
    });
    expect(latestRejection(standing(), TERMS, [rejected], [refusedExemption])).toEqual({
      what: 'Your request for a medical exemption',
      reason: 'A doctor’s letter is needed',
    });
    expect(latestRejection(standing({ status: 'met' }), TERMS, [rejected], [])).toBeNull();
  });

  it('sums the statuses up for the dashboard, the most pressing first', () => {
    expect(
      standingsSummary([
        standing({ status: 'met' }),
        standing({ status: 'due', dueOn: '2027-01-10' }),
        standing({ status: 'overdue' }),
        standing({ status: 'due', dueOn: '2026-12-01' }),
        standing({ status: 'under_review' }),
      ]),
    ).toBe('5 requirements: 1 overdue, 2 due, the first by Tue, 1 Dec 2026, 1 under review, 1 met.');
    expect(standingsSummary([standing({ status: 'due', dueOn: '2026-12-01' })])).toBe(
      '1 requirement: 1 due by Tue, 1 Dec 2026.',
    );
  });
});
