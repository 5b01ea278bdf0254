import { MESSAGES, RULE_MESSAGES } from '@campuscare/shared';
import type { Requirement } from './requirementsApi';
import {
  appliesToText,
  departmentList,
  dosesText,
  dueText,
  exemptionsText,
  NEW_REQUIREMENT,
  REQUIREMENT_MESSAGES,
  requirementFields,
  requirementValues,
  validateRequirement,
  vaccinesText,
} from './requirementForm';

const HEP_B: Requirement = {
  id: 'r1',
  university_id: 'u1',
  name: 'Hepatitis B',
  cvx_codes: ['08', '43', '45'],
  doses_required: 3,
  min_interval_days: 28,
  due_on: null,
  due_days_after_joining: 30,
  departments: ['Medicine', 'Nursing'],
  years: [1, 2],
  medical_exemption: true,
  medical_exemption_needs_document: true,
  personal_exemption: false,
  personal_exemption_needs_document: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const valid = { ...NEW_REQUIREMENT, name: 'MMR', cvxCodes: ['03'] };

describe('the requirement form', () => {
  it('checks each column as the database does', () => {
    expect(validateRequirement(NEW_REQUIREMENT)).toEqual({
      name: MESSAGES.required,
      cvxCodes: RULE_MESSAGES.requirementVaccines,
    });
    expect(validateRequirement(valid)).toEqual({});
    expect(
      validateRequirement({
        ...valid,
        name: 'MMR\nsecond line',
        cvxCodes: Array.from({ length: 11 }, (_, index) => String(index)),
        dosesRequired: '11',
        minIntervalDays: '3651',
      }),
    ).toEqual({
      name: RULE_MESSAGES.requirementName,
      cvxCodes: RULE_MESSAGES.requirementVaccines,
      dosesRequired: RULE_MESSAGES.requirementDoses,
      minIntervalDays: RULE_MESSAGES.requirementInterval,
    });
    expect(validateRequirement({ ...valid, dosesRequired: '0', minIntervalDays: '-1' })).toEqual({
      dosesRequired: RULE_MESSAGES.requirementDoses,
      minIntervalDays: RULE_MESSAGES.requirementInterval,
    });
  });

  it('needs the due date of the way it falls due', () => {
    expect(validateRequirement({ ...valid, dueMode: 'date', dueOn: '' })).toEqual({
      dueOn: REQUIREMENT_MESSAGES.chooseDueDate,
    });
    expect(
      validateRequirement({ ...valid, dueMode: 'date', dueOn: '2026-09-01', dueDaysAfterJoining: 'nonsense' }),
    ).toEqual({});
    expect(validateRequirement({ ...valid, dueMode: 'afterJoining', dueDaysAfterJoining: '' })).toEqual({
      dueDaysAfterJoining: MESSAGES.required,
    });
    expect(validateRequirement({ ...valid, dueMode: 'afterJoining', dueDaysAfterJoining: '3651' })).toEqual({
      dueDaysAfterJoining: RULE_MESSAGES.requirementDueDays,
    });
  });

  it('takes departments one per line, as long as a student’s can be', () => {
    expect(departmentList(' Medicine \n\nNursing\r\nMedicine\n')).toEqual(['Medicine', 'Nursing']);
    expect(validateRequirement({ ...valid, departments: `Medicine\n${'x'.repeat(101)}` })).toEqual({
      departments: RULE_MESSAGES.department,
    });
  });

  it('writes only the due date of its way, and no document for an exemption it does not accept', () => {
    expect(
      requirementFields({
        ...valid,
        name: ' MMR ',
        dueMode: 'date',
        dueOn: '2026-09-01',
        dueDaysAfterJoining: '30',
        years: [3, 1],
        personalExemption: false,
        personalNeedsDocument: true,
      }),
    ).toEqual({
      name: 'MMR',
      cvx_codes: ['03'],
      doses_required: 1,
      min_interval_days: 0,
      due_on: '2026-09-01',
      due_days_after_joining: null,
      departments: [],
      years: [1, 3],
      medical_exemption: true,
      medical_exemption_needs_document: true,
      personal_exemption: false,
      personal_exemption_needs_document: false,
    });
    expect(requirementFields({ ...valid, dueDaysAfterJoining: '45', dueOn: '2026-09-01' })).toMatchObject({
      due_on: null,
      due_days_after_joining: 45,
    });
  });

  it('shows a stored requirement for editing, and writes it back unchanged', () => {
    const values = requirementValues(HEP_B);
    expect(values).toMatchObject({
      dueMode: 'afterJoining',
      dueDaysAfterJoining: '30',
      departments: 'Medicine\nNursing',
      dosesRequired: '3',
    });
    const serverOwned = ['id', 'university_id', 'created_at', 'updated_at'];
    expect(requirementFields(values)).toEqual(
      Object.fromEntries(Object.entries(HEP_B).filter(([column]) => !serverOwned.includes(column))),
    );
  });

  it('describes a requirement in words', () => {
    expect(dosesText(HEP_B)).toBe('3 doses, at least 28 days apart');
    expect(dosesText({ doses_required: 1, min_interval_days: 0 })).toBe('1 dose');
    expect(dueText(HEP_B)).toBe('Due 30 days after joining');
    expect(dueText({ due_on: '2026-08-03', due_days_after_joining: null })).toBe('Due Mon, 3 Aug 2026');
    expect(appliesToText(HEP_B)).toBe('Medicine, Nursing · years 1, 2');
    expect(appliesToText({ departments: [], years: [] })).toBe('Every student');
    expect(appliesToText({ departments: [], years: [1] })).toBe('Students in year 1');
    expect(exemptionsText(HEP_B)).toBe('Medical (document needed)');
    expect(exemptionsText({ ...HEP_B, medical_exemption: false })).toBe('None');
    expect(vaccinesText(HEP_B, [{ cvx_code: '43', name: 'Hepatitis B, adult' }])).toBe(
      'CVX 08, Hepatitis B, adult, CVX 45',
    );
  });
});
