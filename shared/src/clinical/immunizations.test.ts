import { MESSAGES, RULE_MESSAGES } from '@campuscare/shared';
import { DOSE_MESSAGES, doseEntryErrors, isImmunizationStatus, vaccineName, vaccineOptions } from './immunizations';

const VACCINES = [
  { cvx_code: '03', name: 'MMR (measles, mumps and rubella)' },
  { cvx_code: '43', name: 'Hepatitis B, adult' },
];

describe('immunizations, shared', () => {
  it('names a vaccine by its code, and a code the list does not hold by the code', () => {
    expect(vaccineName(VACCINES, '43')).toBe('Hepatitis B, adult');
    expect(vaccineName(VACCINES, '999')).toBe('CVX 999');
    expect(vaccineName(undefined, '03')).toBe('CVX 03');
    expect(vaccineOptions(VACCINES)).toEqual([
      { value: '03', label: 'MMR (measles, mumps and rubella) (CVX 03)' },
      { value: '43', label: 'Hepatitis B, adult (CVX 43)' },
    ]);
  });

  it('knows the statuses the database decides, and nothing else', () => {
    expect(['met', 'exempt', 'under_review', 'due', 'overdue'].every(isImmunizationStatus)).toBe(true);
    expect(isImmunizationStatus('open')).toBe(false);
    expect(isImmunizationStatus('toString')).toBe(false);
  });

  it('takes a dose given on the clinic’s today or earlier, with a lot of at most 50 characters on one line', () => {
    const today = '2026-11-23';
    expect(doseEntryErrors({ cvxCode: '03', givenOn: today, lot: '' }, today)).toEqual({});
    expect(doseEntryErrors({ cvxCode: '03', givenOn: '1900-01-01', lot: ' AB12 ' }, today)).toEqual({});
    expect(doseEntryErrors({ cvxCode: '', givenOn: '', lot: '' }, today)).toEqual({
      cvxCode: DOSE_MESSAGES.chooseVaccine,
      givenOn: MESSAGES.required,
    });
    expect(doseEntryErrors({ cvxCode: '03', givenOn: '2026-11-24', lot: '' }, today)).toEqual({
      givenOn: DOSE_MESSAGES.dayInFuture,
    });
    expect(doseEntryErrors({ cvxCode: '03', givenOn: '1899-12-31', lot: '' }, today)).toEqual({
      givenOn: DOSE_MESSAGES.dayTooEarly,
    });
    expect(doseEntryErrors({ cvxCode: '03', givenOn: today, lot: 'x'.repeat(51) }, today)).toEqual({
      lot: RULE_MESSAGES.doseLot,
    });
    expect(doseEntryErrors({ cvxCode: '03', givenOn: today, lot: 'AB\n12' }, today)).toEqual({
      lot: RULE_MESSAGES.doseLot,
    });
  });
});
