/**
 * The student's record as a FHIR R4 file (my_fhir_bundle, migration 20260126000000): a `collection` Bundle of the
 * student, their university, allergies, the immunizations the clinic stands behind and every signed visit with its
 * vital signs (LOINC, UCUM), diagnoses (ICD-10) and prescriptions, never a draft; valid against the official FHIR R4
 * JSON schema; for the student alone, of their own university; and my_data() exporting the immunization record too.
 * Visits and doses are placed from the database's clock (harness helpers, current_date), so the file holds on any day.
 */
import type {
  Bundle,
  Condition,
  Encounter,
  FhirResource,
  Immunization,
  MedicationRequest,
  Observation,
  Reference,
} from 'fhir/r4';
import { fhirSchemaErrors as schemaErrors } from './fhirSchema';
import { probe, serverVisit, testDatabase, type Caller, type ServerVisit } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const STUDENT = nf('student15');
const SB_STUDENT = sb('student15');
const REFUSED = 'Only students can see who viewed their health record and download their data';
const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CVX = 'http://hl7.org/fhir/sid/cvx';

const database = testDatabase();
const db = () => database.client;

type ResourceType = FhirResource['resourceType'];
type ResourceOf<T extends ResourceType> = Extract<FhirResource, { resourceType: T }>;

async function bundleOf(caller: Caller, setup?: string): Promise<Bundle<FhirResource>> {
  const result = await probe<{ bundle: Bundle<FhirResource> }>(
    db(),
    caller,
    'select public.my_fhir_bundle() as bundle',
    [],
    setup,
  );
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.rows[0].bundle;
}

function resources(bundle: Bundle<FhirResource>): FhirResource[] {
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

function ofType<T extends ResourceType>(bundle: Bundle<FhirResource>, type: T): ResourceOf<T>[] {
  return resources(bundle).filter((resource): resource is ResourceOf<T> => resource.resourceType === type);
}

/** Every Reference in a JSON value (an object with `reference` or only `display`), wherever it sits. */
function referencesIn(value: unknown): Reference[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value !== 'object' || value === null) return [];
  const own = 'reference' in value && typeof value.reference === 'string' ? [value as Reference] : [];
  return [...own, ...Object.values(value).flatMap(referencesIn)];
}

const dose = (
  student: string,
  university: string,
  cvx: string,
  daysAgo: number,
  extra: { source?: string; review?: string; givenAt?: string; lot?: string } = {},
) =>
  `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, source, review_status, reject_reason, given_at, lot)
   values ('${university}', '${student}', '${cvx}', current_date - ${daysAgo}, '${extra.source ?? 'student'}', '${extra.review ?? 'approved'}',
           ${extra.review === 'rejected' ? "'The card is unreadable'" : 'null'}, ${extra.givenAt ? `'${extra.givenAt}'` : 'null'}, ${extra.lot ? `'${extra.lot}'` : 'null'})
   returning id`;

let signed: ServerVisit & { uncodedDiagnosis: string };
let draft: ServerVisit & { diagnosis: string; prescription: string };
let southbank: ServerVisit;
let doses: { approved: string; clinic: string; pending: string; rejected: string };

beforeAll(async () => {
  const client = db();
  const value = async (sql: string, params: unknown[] = []) =>
    (await client.query<{ id: string }>(sql, params)).rows[0].id;
  await client.query(`update public.health_profiles set allergies = 'Penicillin (rash)' where student_id = $1`, [
    STUDENT,
  ]);

  // Signed 25 minutes after it started, with a second diagnosis that has no ICD-10 code.
  const visit = await serverVisit(client, { student: STUDENT, doctor: nf('dr.adams'), daysAgo: 30, signed: false });
  const uncodedDiagnosis = await value(
    `insert into public.diagnoses (visit_id, description) values ($1, 'Dehydration') returning id`,
    [visit.visit],
  );
  await client.query(
    `update public.visits v set status = 'signed', signed_at = a.date + interval '25 minutes' from public.appointments a
     where v.id = $1 and a.id = v.appointment_id`,
    [visit.visit],
  );
  signed = { ...visit, uncodedDiagnosis };

  const open = await serverVisit(client, { student: STUDENT, doctor: nf('dr.bello'), daysAgo: 12, signed: false });
  draft = {
    ...open,
    diagnosis: await value('select id from public.diagnoses where visit_id = $1', [open.visit]),
    prescription: await value('select id from public.prescriptions where visit_id = $1', [open.visit]),
  };

  southbank = await serverVisit(client, { student: SB_STUDENT, doctor: sb('dr.adams'), daysAgo: 30 });
  await client.query(dose(SB_STUDENT, SOUTHBANK_ID, '03', 300));

  doses = {
    approved: await value(dose(STUDENT, NORTHFIELD_ID, '03', 400, { givenAt: 'City Health Centre', lot: 'MMR-2291' })),
    clinic: await value(dose(STUDENT, NORTHFIELD_ID, '43', 100, { source: 'clinic' })),
    pending: await value(dose(STUDENT, NORTHFIELD_ID, '03', 20, { review: 'pending' })),
    rejected: await value(dose(STUDENT, NORTHFIELD_ID, '43', 50, { review: 'rejected' })),
  };
});

describe('the bundle of a student with a signed visit', () => {
  it('is a FHIR R4 collection valid against the official schema, and the validation can fail', async () => {
    const bundle = await bundleOf(STUDENT);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(schemaErrors(bundle)).toEqual([]);

    const broken = JSON.parse(JSON.stringify(bundle)) as Bundle<FhirResource>;
    const encounter = ofType(broken, 'Encounter')[0] as Encounter & { diagnosis_text?: string };
    encounter.diagnosis_text = 'not a FHIR element';
    expect(schemaErrors(broken)).toEqual([expect.stringMatching(/Encounter must NOT have additional properties/)]);
  });

  it('holds the student, their university, their allergies, the approved and clinic doses and the signed visit', async () => {
    const bundle = await bundleOf(STUDENT);
    const counts = resources(bundle).reduce<Record<string, number>>(
      (all, resource) => ({ ...all, [resource.resourceType]: (all[resource.resourceType] ?? 0) + 1 }),
      {},
    );
    // Seven measured values and the blood pressure panel; a coded and an uncoded diagnosis.
    expect(counts).toEqual({
      Patient: 1,
      Organization: 1,
      AllergyIntolerance: 1,
      Immunization: 2,
      Encounter: 1,
      Condition: 2,
      Observation: 8,
      MedicationRequest: 1,
    });

    const [patient] = ofType(bundle, 'Patient');
    expect(patient).toMatchObject({
      id: STUDENT,
      identifier: [{ value: 'NFU/2025/015', assigner: { reference: `urn:uuid:${NORTHFIELD_ID}` } }],
      name: [{ family: 'Brown', given: ['Olivia'] }],
      telecom: [{ system: 'email', value: 'student15@northfield.edu' }, { system: 'phone' }],
      managingOrganization: { reference: `urn:uuid:${NORTHFIELD_ID}` },
    });
    expect(ofType(bundle, 'Organization')).toEqual([
      expect.objectContaining({ id: NORTHFIELD_ID, name: 'Northfield University' }),
    ]);
    expect(ofType(bundle, 'AllergyIntolerance')).toEqual([
      expect.objectContaining({
        code: { text: 'Penicillin (rash)' },
        patient: expect.objectContaining({ reference: `urn:uuid:${STUDENT}` }),
      }),
    ]);
  });

  it('lists the approved and clinic-given doses as completed CVX-coded immunizations, never one under review or rejected', async () => {
    const immunizations: Immunization[] = ofType(await bundleOf(STUDENT), 'Immunization');
    expect(immunizations.map((immunization) => immunization.id).sort()).toEqual([doses.approved, doses.clinic].sort());
    const byId = new Map(immunizations.map((immunization) => [immunization.id, immunization]));
    expect(byId.get(doses.approved)).toMatchObject({
      status: 'completed',
      vaccineCode: { coding: [{ system: CVX, code: '03' }], text: 'MMR (measles, mumps and rubella)' },
      primarySource: false,
      reportOrigin: { coding: [{ code: 'record' }] },
      location: { display: 'City Health Centre' },
      lotNumber: 'MMR-2291',
    });
    expect(byId.get(doses.clinic)).toMatchObject({
      status: 'completed',
      vaccineCode: { coding: [{ system: CVX, code: '43' }] },
      primarySource: true,
      performer: [{ actor: { reference: `urn:uuid:${NORTHFIELD_ID}` } }],
    });
    expect(byId.get(doses.clinic)?.occurrenceDateTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives the signed visit as an Encounter with its LOINC vital signs in UCUM, ICD-10 conditions and the prescription', async () => {
    const bundle = await bundleOf(STUDENT);
    const [encounter] = ofType(bundle, 'Encounter');
    expect(encounter).toMatchObject({
      id: signed.visit,
      status: 'finished',
      class: { code: 'AMB' },
      reasonCode: [{ text: 'Cough for a week' }],
      participant: [{ individual: { display: 'Dr Amelia Adams' } }],
      serviceProvider: { reference: `urn:uuid:${NORTHFIELD_ID}` },
    });
    expect(Date.parse(encounter.period?.end ?? '') - Date.parse(encounter.period?.start ?? '')).toBe(25 * 60 * 1000);

    const observations: Observation[] = ofType(bundle, 'Observation');
    expect(
      observations.every(
        (observation) =>
          observation.status === 'final' && observation.encounter?.reference === `urn:uuid:${signed.visit}`,
      ),
    ).toBe(true);
    expect(observations.every((observation) => observation.category?.[0].coding?.[0].code === 'vital-signs')).toBe(
      true,
    );
    const measured = observations
      .filter((observation) => observation.valueQuantity)
      .map((observation) => [
        observation.code.coding
          ?.map((coding) => `${coding.system === LOINC ? 'LOINC' : coding.system} ${coding.code}`)
          .join(' + '),
        observation.valueQuantity,
      ])
      .sort(([a], [b]) => String(a).localeCompare(String(b)));
    const ucum = (value: number, unit: string, code: string) => ({ value, unit, system: UCUM, code });
    expect(measured).toEqual([
      ['LOINC 29463-7', ucum(66, 'kg', 'kg')],
      ['LOINC 39156-5', ucum(22.3, 'kg/m2', 'kg/m2')],
      ['LOINC 59408-5 + LOINC 2708-6', ucum(98, '%', '%')],
      ['LOINC 8302-2', ucum(172, 'cm', 'cm')],
      ['LOINC 8310-5', ucum(37.2, '°C', 'Cel')],
      ['LOINC 8867-4', ucum(78, 'beats/minute', '/min')],
      ['LOINC 9279-1', ucum(16, 'breaths/minute', '/min')],
    ]);
    const [panel] = observations.filter((observation) => observation.code.coding?.[0].code === '85354-9');
    expect(panel.valueQuantity).toBeUndefined();
    expect(panel.component?.map((component) => [component.code.coding?.[0].code, component.valueQuantity])).toEqual([
      ['8480-6', ucum(118, 'mmHg', 'mm[Hg]')],
      ['8462-4', ucum(76, 'mmHg', 'mm[Hg]')],
    ]);

    const conditions: Condition[] = ofType(bundle, 'Condition');
    expect(conditions.map((condition) => condition.code)).toEqual(
      expect.arrayContaining([
        {
          coding: [
            { system: 'http://hl7.org/fhir/sid/icd-10', code: 'J20.9', display: 'Acute bronchitis, unspecified' },
          ],
          text: 'Acute bronchitis',
        },
        { text: 'Dehydration' },
      ]),
    );
    expect(encounter.diagnosis?.map((diagnosis) => diagnosis.condition.reference).sort()).toEqual(
      conditions.map((condition) => `urn:uuid:${condition.id}`).sort(),
    );

    const [request]: MedicationRequest[] = ofType(bundle, 'MedicationRequest');
    expect(request).toMatchObject({
      intent: 'order',
      medicationCodeableConcept: { text: 'Paracetamol 500 mg' },
      encounter: { reference: `urn:uuid:${signed.visit}` },
      requester: { display: 'Dr Amelia Adams' },
      dosageInstruction: [
        {
          text: '2 tablets, oral, every 6 hours as needed, for 3 days',
          patientInstruction: 'At most 8 tablets a day.',
          route: { text: 'oral' },
        },
      ],
      note: [{ text: 'Quantity: 24 tablets' }],
    });
  });

  it('addresses every resource by a unique urn:uuid and points only at resources of the bundle', async () => {
    const bundle = await bundleOf(STUDENT);
    const fullUrls = (bundle.entry ?? []).map((entry) => entry.fullUrl);
    expect(
      fullUrls.every((url) =>
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(url ?? ''),
      ),
    ).toBe(true);
    expect(new Set(fullUrls).size).toBe(fullUrls.length);
    expect((bundle.entry ?? []).every((entry) => entry.fullUrl === `urn:uuid:${entry.resource?.id}`)).toBe(true);
    const pointed = referencesIn(resources(bundle)).map((reference) => reference.reference);
    expect(pointed.length).toBeGreaterThan(20);
    expect(pointed.filter((reference) => !fullUrls.includes(reference))).toEqual([]);
    // The same record gives the same file, addresses included.
    expect((await bundleOf(STUDENT)).entry).toEqual(bundle.entry);
  });

  it('leaves out the draft visit and everything under it', async () => {
    const text = JSON.stringify(await bundleOf(STUDENT));
    for (const id of [draft.visit, draft.appointment, draft.diagnosis, draft.prescription])
      expect(text).not.toContain(id);
    expect(text).not.toContain('Dr Tunde Bello');
  });

  it('says "No known allergy" (SNOMED CT) for an answer of none, and nothing for an unanswered questionnaire', async () => {
    const none = await bundleOf(
      STUDENT,
      `update public.health_profiles set allergies = ' NKDA ' where student_id = '${STUDENT}'`,
    );
    expect(ofType(none, 'AllergyIntolerance').map((allergy) => allergy.code)).toEqual([
      { coding: [{ system: 'http://snomed.info/sct', code: '716186003', display: 'No known allergy' }], text: 'NKDA' },
    ]);
    const unanswered = await bundleOf(STUDENT, `delete from public.health_profiles where student_id = '${STUDENT}'`);
    expect(ofType(unanswered, 'AllergyIntolerance')).toEqual([]);
    expect(schemaErrors(none)).toEqual([]);
  });

  it('is valid for every seeded student with visits, in both universities', async () => {
    for (const person of ['student01', 'student02', 'student03', 'student04', 'student05', 'student06'].flatMap(
      (local) => [nf(local), sb(local)],
    )) {
      const bundle = await bundleOf(person);
      expect({ person, encounters: ofType(bundle, 'Encounter').length > 0, errors: schemaErrors(bundle) }).toEqual({
        person,
        encounters: true,
        errors: [],
      });
    }
  });
});

describe('who may download it', () => {
  it.each([
    ['a doctor of the university', nf('dr.adams')],
    ['an admin', nf('registrar')],
    ['the super admin', nf('admin')],
    ['a doctor of the other university', sb('dr.adams')],
  ])('refuses %s with a message', async (_who, caller) => {
    const result = await probe(db(), caller, 'select public.my_fhir_bundle()');
    expect(result.error).toEqual({ code: 'P0001', message: REFUSED });
  });

  it('refuses anon (no execute grant) and a deactivated student', async () => {
    expect((await probe(db(), null, 'select public.my_fhir_bundle()')).error?.code).toBe('42501');
    const deactivated = await probe(
      db(),
      STUDENT,
      'select public.my_fhir_bundle()',
      [],
      `update public.members set status = 'deactivated' where id = '${STUDENT}'`,
    );
    expect(deactivated.error).toEqual({ code: 'P0001', message: REFUSED });
  });
});

describe('two universities', () => {
  it('gives each student their own record, with nothing of another student or university', async () => {
    const mine = await bundleOf(STUDENT);
    const theirs = await bundleOf(SB_STUDENT);
    expect(ofType(theirs, 'Organization').map((organization) => organization.id)).toEqual([SOUTHBANK_ID]);
    expect(ofType(theirs, 'Patient').map((patient) => patient.id)).toEqual([SB_STUDENT]);
    expect(ofType(theirs, 'Encounter').map((encounter) => encounter.id)).toEqual([southbank.visit]);
    expect(ofType(theirs, 'Immunization').map((immunization) => immunization.vaccineCode.coding?.[0].code)).toEqual([
      '03',
    ]);

    const mineText = JSON.stringify(mine);
    const theirsText = JSON.stringify(theirs);
    for (const id of [SOUTHBANK_ID, SB_STUDENT, southbank.visit, southbank.appointment])
      expect(mineText).not.toContain(id);
    for (const id of [NORTHFIELD_ID, STUDENT, signed.visit, doses.approved, doses.clinic])
      expect(theirsText).not.toContain(id);
    // A classmate's seeded visits stay theirs.
    const classmate = await bundleOf(nf('student01'));
    for (const encounter of ofType(classmate, 'Encounter')) expect(mineText).not.toContain(encounter.id);
    expect(ofType(mine, 'Encounter').map((encounter) => encounter.id)).toEqual([signed.visit]);
  });
});

describe('my_data()', () => {
  it('exports every dose with its review, pending and rejected ones too, and the exemption requests', async () => {
    const requirement = '00000000-0000-4000-8000-0000000f41e0';
    const setup = `
      insert into public.immunization_requirements (id, university_id, name, cvx_codes, doses_required, due_on, personal_exemption)
      values ('${requirement}', '${NORTHFIELD_ID}', 'MMR', '{03}', 2, current_date + 30, true);
      insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${requirement}', 'personal', 'Conscientious objection');`;
    const result = await probe<{
      data: { immunizations: Record<string, unknown>[]; immunization_exemptions: Record<string, unknown>[] };
    }>(db(), STUDENT, 'select public.my_data() as data', [], setup);
    expect(result.error).toBeUndefined();
    const { immunizations, immunization_exemptions: exemptions } = result.rows[0].data;
    expect(immunizations.map((row) => [row.id, row.review_status]).sort()).toEqual(
      [
        [doses.approved, 'approved'],
        [doses.clinic, 'approved'],
        [doses.pending, 'pending'],
        [doses.rejected, 'rejected'],
      ].sort(),
    );
    expect(immunizations.find((row) => row.id === doses.rejected)).toMatchObject({
      cvx_code: '43',
      vaccine_name: 'Hepatitis B, adult',
      reject_reason: 'The card is unreadable',
    });
    expect(immunizations.every((row) => !('student_id' in row) && !('university_id' in row))).toBe(true);
    expect(exemptions).toEqual([
      expect.objectContaining({
        requirement_name: 'MMR',
        kind: 'personal',
        reason: 'Conscientious objection',
        review_status: 'pending',
      }),
    ]);

    const southbankData = await probe<{
      data: { immunizations: { cvx_code: string }[]; immunization_exemptions: unknown[] };
    }>(db(), SB_STUDENT, 'select public.my_data() as data', [], setup);
    expect(southbankData.rows[0].data.immunizations.map((row) => row.cvx_code)).toEqual(['03']);
    expect(southbankData.rows[0].data.immunization_exemptions).toEqual([]);
  });
});
