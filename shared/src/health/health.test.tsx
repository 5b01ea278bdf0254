import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { HealthProfileValues } from '../validation/schemas';
import { computeBmi, MESSAGES, parseBmi, validateBodyMeasurements, validateHealthProfile } from '../validation/schemas';
import type { CampusCareClient } from '../supabase/client';
import {
  EMPTY_HEALTH_PROFILE_VALUES,
  healthProfileFormValues,
  healthProfileRow,
  saveHealthProfile,
} from './healthProfileApi';
import { HealthProfileFields } from './HealthProfileFields';

const valid: HealthProfileValues = { genotype: 'AS', bloodGroup: 'O+', disabled: 'no', allergies: '', bmi: '22.5' };

describe('health profile validation', () => {
  it('accepts a complete answer', () => {
    expect(validateHealthProfile(valid)).toEqual({});
  });

  it.each([
    ['genotype', { genotype: 'XX' }, MESSAGES.invalidGenotype],
    ['genotype', { genotype: '' }, MESSAGES.invalidGenotype],
    ['bloodGroup', { bloodGroup: 'C' }, MESSAGES.invalidBloodGroup],
    ['disabled', { disabled: '' }, MESSAGES.chooseDisabled],
    ['disabled', { disabled: 'maybe' }, MESSAGES.chooseDisabled],
    ['allergies', { allergies: 'x'.repeat(1001) }, MESSAGES.allergiesTooLong],
    ['bmi', { bmi: '' }, MESSAGES.invalidBmi],
    ['bmi', { bmi: 'tall' }, MESSAGES.invalidBmi],
    ['bmi', { bmi: '9.9' }, MESSAGES.invalidBmi],
    ['bmi', { bmi: '80.1' }, MESSAGES.invalidBmi],
    ['bmi', { bmi: '-20' }, MESSAGES.invalidBmi],
  ] as const)('refuses a bad %s (%p)', (field, change, message) => {
    expect(validateHealthProfile({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it('reads BMI as typed by people, to one decimal', () => {
    expect(parseBmi(' 22,46 ')).toBe(22.5);
    expect(parseBmi('10')).toBe(10);
    expect(parseBmi('80')).toBe(80);
    expect(parseBmi('1e1')).toBeUndefined();
  });

  it('checks height and weight only once typed in', () => {
    expect(validateBodyMeasurements({ heightCm: '', weightKg: '' })).toEqual({});
    expect(validateBodyMeasurements({ heightCm: '170', weightKg: '65.5' })).toEqual({});
    expect(validateBodyMeasurements({ heightCm: '49', weightKg: '401' })).toEqual({
      heightCm: MESSAGES.invalidHeight,
      weightKg: MESSAGES.invalidWeight,
    });
    expect(validateBodyMeasurements({ heightCm: 'tall', weightKg: 'heavy' })).toEqual({
      heightCm: MESSAGES.invalidHeight,
      weightKg: MESSAGES.invalidWeight,
    });
  });

  it('computes the BMI from height and weight, and only a sane one', () => {
    expect(computeBmi({ heightCm: '180', weightKg: '81' })).toBe(25);
    expect(computeBmi({ heightCm: '165', weightKg: '60' })).toBe(22);
    expect(computeBmi({ heightCm: '180', weightKg: '' })).toBeUndefined();
    expect(computeBmi({ heightCm: '250', weightKg: '2' })).toBeUndefined();
  });
});

describe('health profile rows', () => {
  it('turns form values into a row and back', () => {
    const row = healthProfileRow('student-1', { ...valid, disabled: 'yes', allergies: '  Peanuts ' });
    expect(row).toEqual({
      student_id: 'student-1',
      genotype: 'AS',
      blood_group: 'O+',
      disabled: true,
      allergies: 'Peanuts',
      bmi: 22.5,
    });
    expect(healthProfileRow('student-1', valid).allergies).toBeNull();
    expect(healthProfileFormValues(null)).toEqual(EMPTY_HEALTH_PROFILE_VALUES);
    expect(
      healthProfileFormValues({
        student_id: 's',
        genotype: 'AA',
        blood_group: 'B-',
        disabled: false,
        allergies: null,
        bmi: 19.5,
        updated_at: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({ genotype: 'AA', bloodGroup: 'B-', disabled: 'no', allergies: '', bmi: '19.5' });
  });
});

function ControlledFields() {
  const [values, setValues] = useState<HealthProfileValues>(EMPTY_HEALTH_PROFILE_VALUES);
  return <HealthProfileFields values={values} errors={validateHealthProfile(values)} onChange={setValues} />;
}

describe('HealthProfileFields', () => {
  it('offers the allowed values as labelled choices', () => {
    render(<ControlledFields />);
    fireEvent.change(screen.getByLabelText('Genotype'), { target: { value: 'SS' } });
    fireEvent.change(screen.getByLabelText('Blood group'), { target: { value: 'AB-' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('Genotype')).toHaveValue('SS');
    expect(screen.getByLabelText('Blood group')).toHaveValue('AB-');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Disabled' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.chooseDisabled)).not.toBeInTheDocument();
  });

  it('fills in the BMI from height and weight and flags bad measurements', () => {
    render(<ControlledFields />);
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '180' } });
    fireEvent.change(screen.getByLabelText('Weight (kg)'), { target: { value: '81' } });
    expect(screen.getByLabelText('BMI')).toHaveValue('25');
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '20' } });
    expect(screen.getByText(MESSAGES.invalidHeight)).toBeInTheDocument();
    expect(screen.getByLabelText('BMI')).toHaveValue('25');
  });
});

describe('saveHealthProfile', () => {
  function clientAnswering(answer: { readonly error: { readonly code: string; readonly message: string } | null }) {
    const upsert = jest.fn(async () => ({ data: null, ...answer }));
    return { upsert, client: { from: () => ({ upsert }) } as unknown as CampusCareClient };
  }

  it("stores the student's row, one per student", async () => {
    const { client, upsert } = clientAnswering({ error: null });
    await saveHealthProfile(client, { studentId: 's1', values: valid });
    expect(upsert).toHaveBeenCalledWith(healthProfileRow('s1', valid), { onConflict: 'student_id' });
  });

  it('throws a refusal in words for people, never the raw database text', async () => {
    const { client } = clientAnswering({
      error: { code: '42501', message: 'new row violates row-level security policy for table "health_profiles"' },
    });
    const refused = saveHealthProfile(client, { studentId: 's1', values: valid });
    await expect(refused).rejects.toThrow('You are not allowed to do that.');
  });
});
