import type { CampusCareClient, Json } from '@campuscare/shared';
import {
  escapeHtml,
  FHIR_RECORD_UNREADABLE,
  fhirRecordFileName,
  fhirRecordJson,
  loadFhirRecord,
  myDataHtml,
  myDataJson,
  type FhirRecord,
  type MyData,
} from './privacyApi';

const data: MyData = {
  exported_at: '2026-11-23T15:00:00.000Z',
  university: { id: 'u1', name: 'Northfield <University>' },
  profile: {
    id: 's1',
    first_name: '<img src=x onerror=alert(1)>',
    last_name: 'Okoro',
    email: 'ada@northfield.edu',
    created_at: '2026-01-05T10:00:00.000Z',
  },
  health_profile: {
    student_id: 's1',
    genotype: 'AA',
    blood_group: 'O+',
    disabled: false,
    allergies: ['Peanuts & "nuts"'],
    bmi: 22.5,
  },
  appointments: [
    {
      id: 'a1',
      date: '2026-11-26T14:00:00.000Z',
      reason: 'Check-up',
      status: 'scheduled',
      provider_name: 'Dr Amelia Adams',
    },
  ],
  visits: [
    {
      id: 'v1',
      date: '2026-11-02T14:00:00.000Z',
      doctor_name: 'Dr Amelia Adams',
      reason: 'Malaria',
      chief_complaint: 'Fever for two days',
      diagnoses: [
        {
          id: 'd1',
          description: 'Malaria, uncomplicated',
          icd10_code: 'B50.9',
          icd10_title: 'Plasmodium falciparum malaria, unspecified',
        },
        { id: 'd2', description: 'Dehydration', icd10_code: null },
      ],
      assessment: 'Uncomplicated <falciparum> malaria.',
      plan: 'Artemether/lumefantrine',
      follow_up: null,
    },
  ],
  vital_signs: [
    {
      id: 'r1',
      recorded_at: '2026-11-02T14:05:00.000Z',
      temperature_c: 38.9,
      systolic_mmhg: 112,
      diastolic_mmhg: 70,
      pulse_bpm: 108,
      bmi: 21.5,
    },
  ],
  prescriptions: [
    {
      id: 'p1',
      prescribed_at: '2026-11-02T14:25:00.000Z',
      drug: 'Artemether/lumefantrine',
      strength: '20 mg/120 mg',
      dose: '4 tablets',
      instructions: 'Take with food.',
    },
  ],
  excuse_letters: [
    {
      id: 'l1',
      issued_at: '2026-11-02T14:30:00.000Z',
      starts_on: '2026-11-02',
      ends_on: '2026-11-04',
      issued_by_name: 'Dr Amelia Adams',
      status: 'valid',
    },
  ],
  immunizations: [
    {
      id: 'i1',
      given_on: '2025-08-04',
      vaccine_name: 'MMR (measles, mumps and rubella)',
      cvx_code: '03',
      given_at: 'City clinic',
      lot: null,
      source: 'student',
      review_status: 'rejected',
      reject_reason: 'The card is unreadable',
    },
    {
      id: 'i2',
      given_on: '2026-10-01',
      vaccine_name: 'Hepatitis B, adult',
      cvx_code: '43',
      given_at: null,
      lot: 'HB-1',
      source: 'clinic',
      review_status: 'approved',
      reject_reason: null,
    },
  ],
  immunization_exemptions: [
    {
      id: 'e1',
      created_at: '2026-11-02T14:00:00.000Z',
      requirement_name: 'MMR',
      kind: 'personal',
      reason: 'Conscientious objection',
      review_status: 'pending',
      reject_reason: null,
    },
  ],
  health_record_views: [
    {
      viewed_at: '2026-11-23T14:00:00.000Z',
      viewer_name: 'Dr Amelia Adams',
      viewer_role: 'doctor',
      screen: 'Patient record',
    },
    { viewed_at: '2026-11-22T14:00:00.000Z', viewer_name: 'A former staff member', viewer_role: null, screen: null },
  ],
};

describe('my data as a file and a printable page', () => {
  it('escapes every character that could start markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes the JSON exactly as the database returned it, indented', () => {
    expect(JSON.parse(myDataJson(data))).toEqual(data);
  });

  it('prints every section with the values escaped and without scripts, times on the clinic’s clock with its zone named', () => {
    const html = myDataHtml(data, 'America/New_York');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Northfield &lt;University&gt;');
    expect(html).toContain('Peanuts &amp; &quot;nuts&quot;');

    document.documentElement.innerHTML = html.replace(/^<!doctype html>\n/, '');
    const captions = Array.from(document.querySelectorAll('caption')).map((caption) => caption.textContent);
    expect(captions).toEqual([
      'Profile',
      'Health profile',
      'Appointments',
      'Visits',
      'Vital signs',
      'Prescriptions',
      'Excuse letters',
      'Immunizations',
      'Immunization exemptions',
      'Who viewed my health record',
    ]);
    const cells = (caption: string) =>
      Array.from(
        Array.from(document.querySelectorAll('table'))
          .find((table) => table.caption?.textContent === caption)
          ?.querySelectorAll('tbody td') ?? [],
      ).map((cell) => cell.textContent);
    expect(document.querySelector('p')?.textContent).toContain('Exported Mon, 23 Nov 2026, 10:00 (America/New_York).');
    const headings = (caption: string) =>
      Array.from(
        Array.from(document.querySelectorAll('table'))
          .find((table) => table.caption?.textContent === caption)
          ?.querySelectorAll('th') ?? [],
      ).map((cell) => cell.textContent);
    expect(headings('Who viewed my health record')).toEqual(['When (America/New_York)', 'Who', 'Role', 'Screen']);
    expect(headings('Profile')).toContain('Member since (America/New_York)');
    // 14:00 UTC in November is 09:00 in New York.
    expect(cells('Visits')).toEqual([
      'Mon, 2 Nov 2026, 09:00',
      'Dr Amelia Adams',
      'Malaria',
      'Fever for two days',
      'Malaria, uncomplicated (B50.9); Dehydration',
      'Uncomplicated <falciparum> malaria.',
      'Artemether/lumefantrine',
      '—',
    ]);
    expect(cells('Vital signs')).toEqual([
      'Mon, 2 Nov 2026, 09:05',
      '38.9',
      '112/70',
      '108',
      '—',
      '—',
      '—',
      '—',
      '21.5',
    ]);
    expect(cells('Prescriptions').slice(1, 4)).toEqual(['Artemether/lumefantrine', '20 mg/120 mg', '4 tablets']);
    expect(cells('Excuse letters')).toEqual([
      'Mon, 2 Nov 2026, 09:30',
      'Mon, 2 Nov 2026',
      'Wed, 4 Nov 2026',
      'Dr Amelia Adams',
      'Valid',
    ]);
    expect(cells('Immunizations')).toEqual([
      'Mon, 4 Aug 2025',
      'MMR (measles, mumps and rubella)',
      '03',
      'City clinic',
      '—',
      'You',
      'Not accepted',
      'The card is unreadable',
      'Thu, 1 Oct 2026',
      'Hepatitis B, adult',
      '43',
      '—',
      'HB-1',
      'The clinic',
      'Accepted',
      '—',
    ]);
    expect(cells('Immunization exemptions')).toEqual([
      'Mon, 2 Nov 2026, 09:00',
      'MMR',
      'Personal',
      'Conscientious objection',
      'Under review',
      '—',
    ]);
    const views = Array.from(document.querySelectorAll('table:last-of-type tbody tr')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
    );
    expect(views).toEqual([
      ['Mon, 23 Nov 2026, 09:00', 'Dr Amelia Adams', 'Doctor', 'Patient record'],
      ['Sun, 22 Nov 2026, 09:00', 'A former staff member', 'Former staff member', 'Not recorded'],
    ]);
  });

  it('says so when there is no health profile, appointment or view yet', () => {
    const html = myDataHtml(
      {
        ...data,
        health_profile: null,
        appointments: [],
        visits: [],
        vital_signs: [],
        prescriptions: [],
        excuse_letters: [],
        immunizations: [],
        immunization_exemptions: [],
        health_record_views: [],
      },
      'America/New_York',
    );
    expect(html).toContain('You have not answered the health questionnaire yet.');
    expect(html).toContain('No appointments.');
    expect(html).toContain('No signed visits.');
    expect(html).toContain('No excuse letters.');
    expect(html).toContain('No immunizations recorded.');
    expect(html).toContain('No exemptions asked for.');
    expect(html).toContain('Nobody has viewed your health record.');
  });
});

describe('the FHIR record', () => {
  const record: FhirRecord = {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: '2026-11-24T03:00:00Z',
    entry: [
      {
        fullUrl: 'urn:uuid:5e0b1c2d-0000-4000-8000-000000000001',
        resource: { resourceType: 'Patient', id: '5e0b1c2d-0000-4000-8000-000000000001' },
      },
    ],
  };
  const answering = (data: unknown) => {
    const rpc = jest.fn(async () => ({ data: JSON.parse(JSON.stringify(data)) as Json, error: null }));
    return { rpc, client: { rpc } as unknown as CampusCareClient };
  };

  it('asks my_fhir_bundle and keeps the bundle as the database built it', async () => {
    const { rpc, client } = answering(record);
    await expect(loadFhirRecord(client)).resolves.toEqual(record);
    expect(rpc).toHaveBeenCalledWith('my_fhir_bundle');
    expect(JSON.parse(fhirRecordJson(record))).toEqual(record);
  });

  it('refuses an answer that is not a collection bundle, with a message for people', async () => {
    for (const answer of [
      null,
      [],
      { ...record, type: 'document' },
      { ...record, resourceType: 'Patient' },
      { ...record, timestamp: undefined },
      { ...record, entry: undefined },
    ]) {
      await expect(loadFhirRecord(answering(answer).client)).rejects.toThrow(FHIR_RECORD_UNREADABLE);
    }
  });

  it('names the file for the day it was made on the clinic’s calendar', () => {
    expect(fhirRecordFileName(record, 'America/New_York')).toBe('campuscare-record-2026-11-23.json');
    expect(fhirRecordFileName(record, 'Europe/London')).toBe('campuscare-record-2026-11-24.json');
  });
});
