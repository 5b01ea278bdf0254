import type { HealthProfile, TablesInsert } from '../database.types';
import type { CampusCareClient } from '../supabase/client';
import { ALLERGIES_MAX_LENGTH, parseBmi, type HealthProfileValues } from '../validation/schemas';

export const EMPTY_HEALTH_PROFILE_VALUES: HealthProfileValues = { genotype: '', bloodGroup: '', disabled: '', allergies: '', bmi: '' };

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

/** Creates or replaces the signed-in student's health profile; resolves to the database's message on refusal. */
export async function saveHealthProfile(client: CampusCareClient, studentId: string, values: HealthProfileValues): Promise<string | null> {
  const { error } = await client.from('health_profiles').upsert(healthProfileRow(studentId, values), { onConflict: 'student_id' });
  return error ? error.message : null;
}
