import { constraintRule, CONSTRAINT_RULES } from './constraints';
import { COLUMN_RULES } from './columnRules';

describe('constraint rules', () => {
  it('puts a refusal of a column rule on the form field with the form’s own words', () => {
    const refusal = 'new row for relation "members" violates check constraint "members_phone_format"';
    expect(constraintRule(refusal)).toEqual({ field: 'phone', message: COLUMN_RULES.members_phone_format.message });
    expect(constraintRule('violates check constraint "programs_program_type_length"')?.field).toBe('programType');
    expect(constraintRule('violates check constraint "health_profiles_blood_group_values"')?.field).toBe('bloodGroup');
  });

  it('knows every column rule, and constraints no form types into', () => {
    expect(Object.keys(COLUMN_RULES).filter((name) => !(name in CONSTRAINT_RULES))).toEqual([]);
    expect(constraintRule('violates check constraint "appointments_cancel_reason_required"')?.field).toBe('reason');
    expect(constraintRule('violates check constraint "no_such_rule"')).toBeUndefined();
  });

  it('puts an immunization requirement’s refusals on the requirement form’s fields', () => {
    expect(constraintRule('violates check constraint "immunization_requirements_due"')?.field).toBe('dueOn');
    expect(constraintRule('violates check constraint "immunization_requirements_vaccines"')?.field).toBe('cvxCodes');
    expect(constraintRule('violates check constraint "immunization_requirements_doses_range"')?.field).toBe(
      'dosesRequired',
    );
    expect(constraintRule('violates check constraint "immunization_doses_reject_reason"')?.field).toBe('reason');
  });
});
