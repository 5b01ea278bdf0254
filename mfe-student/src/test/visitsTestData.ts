import type { ExcuseLetterEntry, MyVisits, VisitRecord, VitalReading } from '@campuscare/shared/clinical';

/** The demo student's malaria visit (as the seed has it) and an earlier check-up, as my_visits() returns them. */
export const LETTER_CODE = 'NFUD-EMAV-ERFY-CAMP-USCA-RE26';

export function letterFixture(overrides: Partial<ExcuseLetterEntry> = {}): ExcuseLetterEntry {
  return {
    id: 'letter-1',
    visit_id: 'visit-2',
    student_id: 'student-1',
    starts_on: '2026-03-03',
    ends_on: '2026-03-05',
    issued_at: '2026-03-03T14:30:00+00:00',
    issued_by: 'doctor-1',
    issued_by_name: 'Dr Amelia Adams',
    status: 'valid',
    revoked_at: null,
    revoked_by: null,
    revoked_by_name: null,
    revoke_reason: null,
    verification_code: LETTER_CODE,
    ...overrides,
  };
}

export function readingFixture(overrides: Partial<VitalReading> = {}): VitalReading {
  return {
    id: 'reading-1',
    visit_id: 'visit-2',
    recorded_at: '2026-03-03T14:05:00+00:00',
    temperature_c: 38.9,
    systolic_mmhg: 112,
    diastolic_mmhg: 70,
    pulse_bpm: 108,
    respiratory_rate: 20,
    spo2_percent: 97,
    weight_kg: 58.5,
    height_cm: 165,
    bmi: 21.5,
    flags: ['fever', 'fast pulse'],
    ...overrides,
  };
}

export function visitFixture(overrides: Partial<VisitRecord> = {}): VisitRecord {
  return {
    id: 'visit-2',
    appointment_id: 'appointment-2',
    student_id: 'student-1',
    doctor_id: 'doctor-1',
    doctor_name: 'Dr Amelia Adams',
    status: 'signed',
    kind: 'booked',
    date: '2026-03-03T14:00:00+00:00',
    duration_minutes: 30,
    reason: 'Malaria',
    chief_complaint: 'Fever, chills and headache for two days',
    subjective: 'Fever with chills and headache for two days.',
    objective: 'Febrile, mildly dehydrated. Malaria rapid diagnostic test positive.',
    assessment: 'Uncomplicated falciparum malaria.',
    plan: 'Artemether/lumefantrine for three days, paracetamol for the fever, plenty of fluids.',
    follow_up: 'Review in 3 days, or at once if vomiting, confused or drowsy.',
    signed_at: '2026-03-03T14:25:00+00:00',
    created_at: '2026-03-03T14:02:00+00:00',
    updated_at: '2026-03-03T14:25:00+00:00',
    vital_signs: [readingFixture()],
    diagnoses: [
      {
        id: 'diagnosis-1',
        description: 'Malaria, uncomplicated',
        icd10_code: 'B50.9',
        icd10_title: 'Plasmodium falciparum malaria, unspecified',
        created_at: '2026-03-03T14:15:00+00:00',
      },
    ],
    prescriptions: [
      {
        id: 'prescription-1',
        visit_id: 'visit-2',
        drug: 'Artemether/lumefantrine',
        strength: '20 mg/120 mg',
        dose: '4 tablets',
        route: 'oral',
        frequency: 'twice a day',
        duration: '3 days',
        quantity: '24 tablets',
        instructions: 'Take with food or milk.',
        allergy_acknowledgement: null,
        created_at: '2026-03-03T14:20:00+00:00',
        updated_at: '2026-03-03T14:20:00+00:00',
      },
    ],
    addenda: [
      {
        id: 'addendum-1',
        text: 'Blood film reported the next day: Plasmodium falciparum confirmed.',
        created_at: '2026-03-04T15:00:00+00:00',
        author_id: 'doctor-1',
        author_name: 'Dr Amelia Adams',
      },
    ],
    excuse_letters: [letterFixture()],
    ...overrides,
  };
}

export const checkUp = visitFixture({
  id: 'visit-1',
  appointment_id: 'appointment-1',
  date: '2026-02-10T15:00:00+00:00',
  reason: 'Check-up',
  kind: 'walk_in',
  chief_complaint: 'Check-up for the basketball team',
  subjective: null,
  objective: 'Well.',
  assessment: 'Fit for sport.',
  plan: null,
  follow_up: 'Next check-up in a year.',
  signed_at: '2026-02-10T15:20:00+00:00',
  vital_signs: [],
  diagnoses: [
    {
      id: 'diagnosis-2',
      description: 'General medical examination: fit for sport',
      icd10_code: 'Z02.5',
      icd10_title: null,
      created_at: '2026-02-10T15:10:00+00:00',
    },
  ],
  prescriptions: [],
  addenda: [],
  excuse_letters: [],
});

export const myVisits: MyVisits = {
  student: {
    id: 'student-1',
    first_name: 'Ada',
    last_name: 'Okoro',
    email: 'student06@northfield.edu',
    phone: null,
    reg_number: 'NFU/2024/006',
    department: 'Computer Science',
    year_of_study: 2,
    status: 'active',
    avatar_path: null,
  },
  university: { id: 'university-1', name: 'Northfield University' },
  visits: [visitFixture(), checkUp],
};
