import { ApiError, type CampusCareClient, imageObjectPath, parseYearOfStudy, type StudentRegistrationValues, toApiError, UNIVERSITY_LOGOS_BUCKET, universityLogoUrl, type UniversityRegistrationValues, unwrap, uploadImage, userMessage } from '@campuscare/shared';

export interface JoinableUniversity {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
}

/** The university a join code belongs to, or null for an unknown code. */
export async function findUniversityByJoinCode(client: CampusCareClient, joinCode: string): Promise<JoinableUniversity | null> {
  const [university] = unwrap(await client.rpc('university_for_join_code', { join_code: joinCode }));
  return university ? { id: university.id, name: university.name, logoUrl: universityLogoUrl(client, university.logo_path) } : null;
}

const LOGO_NOT_ATTACHED_MESSAGE = 'The logo was stored but could not be attached to your university.';

/** Stores the logo under the new university's folder and records its path on the university. */
async function saveLogo(client: CampusCareClient, userId: string, logo: File): Promise<void> {
  const member = unwrap<{ university_id: string }>(await client.from('members').select('university_id').eq('id', userId).single());
  const path = await uploadImage(client, { bucket: UNIVERSITY_LOGOS_BUCKET, path: imageObjectPath(member.university_id, 'logo', logo), file: logo });
  const attached = unwrap<Array<{ id: string }>>(await client.from('universities').update({ logo_path: path }).eq('id', member.university_id).select('id'));
  if (attached.length !== 1) throw new ApiError(LOGO_NOT_ATTACHED_MESSAGE);
}

export interface UniversityRegistration {
  readonly values: UniversityRegistrationValues;
  readonly logo: File | null;
}

/** After a registration: why the logo was not saved, when it was not (the account exists either way). */
export interface UniversityRegistered {
  readonly logoError: string | null;
}

/**
 * Signs the university up (the sign-up trigger creates the university and its super-admin account), then adds
 * the logo. The account exists once sign-up succeeds, so a failed logo upload is reported, not undone.
 */
export async function registerUniversity(client: CampusCareClient, { values, logo }: UniversityRegistration): Promise<UniversityRegistered> {
  const { data, error } = await client.auth.signUp({
    email: values.email.trim(),
    password: values.password,
    options: { data: { kind: 'university', university_name: values.universityName.trim(), phone: values.phone.trim() } },
  });
  if (error || !data.user) throw toApiError(error);
  if (!logo) return { logoError: null };
  try {
    await saveLogo(client, data.user.id, logo);
    return { logoError: null };
  } catch (logoFailure) {
    return { logoError: userMessage(logoFailure) };
  }
}

export interface StudentJoin {
  readonly joinCode: string;
  readonly values: StudentRegistrationValues;
}

/** Signs a student up to the university of `joinCode`; the sign-up trigger checks every field again. */
export async function joinUniversity(client: CampusCareClient, { joinCode, values }: StudentJoin): Promise<void> {
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
  if (error) throw toApiError(error);
}
