import {
  ALLERGIES_MAX_LENGTH,
  type CampusCareClient,
  type HealthProfile,
  type HealthProfileValues,
  parseBmi,
  type TablesInsert,
  unwrap,
} from '@campuscare/shared';

export const EMPTY_HEALTH_PROFILE_VALUES: HealthProfileValues = {
  genotype: '',
  bloodGroup: '',
  disabled: '',
  allergies: '',
  bmi: '',
};

/** The form values for a stored health profile (empty values when there is none yet). */
export function healthProfileFormValues(profile: HealthProfile | null): HealthProfileValues {
  if (!profile) return EMPTY_HEALTH_PROFILE_VALUES;
  return {
    genotype: profile.genotype ?? '',
    bloodGroup: profile.blood_group ?? '',
    disabled: profile.disabled === null ? '' : profile.disabled ? 'yes' : 'no',
    allergies: profile.allergies ?? '',
    bmi: profile.bmi === null ? '' : String(profile.bmi),
  };
}

/** The row to store for validated form values; an empty allergies answer is stored as none. */
export function healthProfileRow(studentId: string, values: HealthProfileValues): TablesInsert<'health_profiles'> {
  const allergies = values.allergies.trim().slice(0, ALLERGIES_MAX_LENGTH);
  return {
    student_id: studentId,
    genotype: values.genotype,
    blood_group: values.bloodGroup,
    disabled: values.disabled === 'yes',
    allergies: allergies === '' ? null : allergies,
    bmi: parseBmi(values.bmi) ?? null,
  };
}

interface HealthProfileSave {
  readonly studentId: string;
  readonly values: HealthProfileValues;
}

/** Creates or replaces the signed-in student's health profile; a refusal throws an ApiError naming the field. */
export async function saveHealthProfile(
  client: CampusCareClient,
  { studentId, values }: HealthProfileSave,
): Promise<void> {
  unwrap(
    await client.from('health_profiles').upsert(healthProfileRow(studentId, values), { onConflict: 'student_id' }),
  );
}
