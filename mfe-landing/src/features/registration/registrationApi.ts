import {
  authErrorMessage,
  imageObjectPath,
  parseYearOfStudy,
  uploadImage,
  UNIVERSITY_LOGOS_BUCKET,
  universityLogoUrl,
  type CampusCareClient,
  type StudentRegistrationValues,
  type UniversityRegistrationValues,
} from '@campuscare/shared';

export interface JoinableUniversity {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
}

export type RegistrationResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** The university a join code belongs to, or null for an unknown code. */
export async function findUniversityByJoinCode(client: CampusCareClient, joinCode: string): Promise<JoinableUniversity | null> {
  const { data, error } = await client.rpc('university_for_join_code', { join_code: joinCode });
  if (error) throw new Error(error.message);
  const university = data[0];
  if (!university) return null;
  return { id: university.id, name: university.name, logoUrl: universityLogoUrl(client, university.logo_path) };
}

/** Stores the logo under the new university's folder and records its path; resolves to a message on failure. */
async function saveLogo(client: CampusCareClient, userId: string, logo: File): Promise<string | null> {
  const { data: member, error: memberError } = await client.from('members').select('university_id').eq('id', userId).single();
  if (memberError) return memberError.message;
  const upload = await uploadImage(client, UNIVERSITY_LOGOS_BUCKET, imageObjectPath(member.university_id, 'logo', logo), logo);
  if (upload.error !== null) return upload.error;
  const { data, error } = await client.from('universities').update({ logo_path: upload.path }).eq('id', member.university_id).select('id');
  if (error) return error.message;
  return data.length === 1 ? null : 'The logo was stored but could not be attached to your university';
}

/**
 * Signs the university up (the sign-up trigger creates the university and its super-admin account), then adds
 * the logo. The account exists once sign-up succeeds, so a failed logo upload is reported, not undone.
 */
export async function registerUniversity(
  client: CampusCareClient,
  values: UniversityRegistrationValues,
  logo: File | null,
): Promise<{ readonly ok: true; readonly logoError: string | null } | { readonly ok: false; readonly message: string }> {
  const { data, error } = await client.auth.signUp({
    email: values.email.trim(),
    password: values.password,
    options: { data: { kind: 'university', university_name: values.universityName.trim(), phone: values.phone.trim() } },
  });
  if (error || !data.user) return { ok: false, message: authErrorMessage(error) };
  if (!logo) return { ok: true, logoError: null };
  return { ok: true, logoError: await saveLogo(client, data.user.id, logo) };
}

/** Signs a student up to the university of `joinCode`; the sign-up trigger checks every field again. */
export async function joinUniversity(client: CampusCareClient, joinCode: string, values: StudentRegistrationValues): Promise<RegistrationResult> {
  const { error } = await client.auth.signUp({
    email: values.email.trim(),
    password: values.password,
    options: {
      data: {
        kind: 'student',
        join_code: joinCode,
        first_name: values.firstName.trim(),
        last_name: values.lastName.trim(),
        phone: values.phone.trim(),
        reg_number: values.regNumber.trim(),
        department: values.department.trim(),
        year_of_study: parseYearOfStudy(values.yearOfStudy) ?? values.yearOfStudy,
      },
    },
  });
  return error ? { ok: false, message: authErrorMessage(error) } : { ok: true };
}
