import type {
  ChartStudent,
  ExcuseLetterEntry,
  OpenedVisit,
  PatientChart,
  VisitRecord,
  VitalReading,
} from '@campuscare/shared/clinical';

/**
 * What the clinical record's tests share: Rosa Garcia of Northfield, allergic to penicillin, seen by Dr Amelia Adams.
 * Times are UTC; the clinic is in New York.
 */
export const ROSA: ChartStudent = {
  id: 'student-1',
  first_name: 'Rosa',
  last_name: 'Garcia',
  email: 'rosa@northfield.edu',
  phone: null,
  reg_number: 'NFU/2024/018',
  department: 'Law',
  year_of_study: 3,
  status: 'active',
  avatar_path: null,
};

export const ADAMS_ID = 'doctor-1';

export function readingFixture(overrides: Partial<VitalReading> = {}): VitalReading {
  return {
    id: 'reading-1',
    visit_id: 'visit-1',
    recorded_at: '2026-11-24T14:10:00Z',
    temperature_c: 37.2,
    systolic_mmhg: 118,
    diastolic_mmhg: 76,
    pulse_bpm: 72,
    respiratory_rate: 14,
    spo2_percent: 98,
    weight_kg: 60,
    height_cm: 165,
    bmi: 22,
    flags: [],
    ...overrides,
  };
}

export function letterFixture(overrides: Partial<ExcuseLetterEntry> = {}): ExcuseLetterEntry {
  return {
    id: 'letter-1',
    visit_id: 'visit-1',
    student_id: ROSA.id,
    starts_on: '2026-11-24',
    ends_on: '2026-11-25',
    issued_at: '2026-11-24T14:30:00Z',
    issued_by: ADAMS_ID,
    issued_by_name: 'Dr Amelia Adams',
    status: 'valid',
    revoked_at: null,
    revoked_by: null,
    revoked_by_name: null,
    revoke_reason: null,
    verification_code: 'ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2',
    ...overrides,
  };
}

/** A draft of Dr Adams's, started from a booked Malaria appointment on Tuesday 24 November 2026, 09:00 in New York. */
export function visitFixture(overrides: Partial<VisitRecord> = {}): VisitRecord {
  return {
    id: 'visit-1',
    appointment_id: 'appointment-1',
    student_id: ROSA.id,
    doctor_id: ADAMS_ID,
    doctor_name: 'Dr Amelia Adams',
    status: 'draft',
    kind: 'booked',
    date: '2026-11-24T14:00:00Z',
    duration_minutes: 30,
    reason: 'Malaria',
    chief_complaint: 'Malaria',
    subjective: null,
    objective: null,
    assessment: null,
    plan: null,
    follow_up: null,
    signed_at: null,
    created_at: '2026-11-24T14:02:00Z',
    updated_at: '2026-11-24T14:02:00Z',
    vital_signs: [],
    diagnoses: [],
    prescriptions: [],
    addenda: [],
    excuse_letters: [],
    ...overrides,
  };
}

export function openedVisitFixture(visit: Partial<VisitRecord> = {}): OpenedVisit {
  return {
    visit: visitFixture(visit),
    student: ROSA,
    health_profile: {
      genotype: 'AS',
      blood_group: 'O+',
      disabled: false,
      allergies: 'Penicillin (rash)',
      bmi: 22.5,
      updated_at: '2026-01-10T00:00:00Z',
    },
    allergy_terms: ['penicillin'],
  };
}

/** A signed visit of October with a diagnosis, a prescription, an addendum and a letter; and one of November still a draft. */
export function chartFixture(overrides: Partial<PatientChart> = {}): PatientChart {
  const signed = visitFixture({
    id: 'visit-0',
    appointment_id: 'appointment-0',
    status: 'signed',
    date: '2026-10-20T13:00:00Z',
    reason: 'Consultation',
    chief_complaint: 'Cough for a week',
    assessment: 'Viral bronchitis.',
    plan: 'Rest and fluids.',
    signed_at: '2026-10-20T13:40:00Z',
    vital_signs: [
      readingFixture({
        id: 'reading-0',
        visit_id: 'visit-0',
        recorded_at: '2026-10-20T13:05:00Z',
        temperature_c: 38.4,
        pulse_bpm: 104,
        flags: ['fever', 'fast pulse'],
      }),
    ],
    diagnoses: [
      {
        id: 'diagnosis-0',
        description: 'Acute bronchitis',
        icd10_code: 'J20.9',
        icd10_title: 'Acute bronchitis, unspecified',
        created_at: '2026-10-20T13:20:00Z',
      },
    ],
    prescriptions: [
      {
        id: 'prescription-0',
        visit_id: 'visit-0',
        drug: 'Paracetamol',
        strength: '500 mg',
        dose: '2 tablets',
        route: 'by mouth',
        frequency: 'every 6 hours',
        duration: '5 days',
        quantity: '40 tablets',
        instructions: 'At most 8 tablets a day.',
        allergy_acknowledgement: null,
        created_at: '2026-10-20T13:25:00Z',
        updated_at: '2026-10-20T13:25:00Z',
      },
    ],
    addenda: [
      {
        id: 'addendum-0',
        text: 'Blood count came back normal.',
        created_at: '2026-10-22T09:00:00Z',
        author_id: 'doctor-2',
        author_name: 'Dr Tunde Bello',
      },
    ],
    excuse_letters: [
      letterFixture({ id: 'letter-0', visit_id: 'visit-0', starts_on: '2026-10-20', ends_on: '2026-10-22' }),
    ],
  });
  const draft = visitFixture({ vital_signs: [readingFixture({ recorded_at: '2026-11-24T14:10:00Z' })] });
  return {
    student: ROSA,
    health_profile: {
      genotype: 'AS',
      blood_group: 'O+',
      disabled: false,
      allergies: 'Penicillin (rash)',
      bmi: 22.5,
      updated_at: '2026-01-10T00:00:00Z',
    },
    allergy_terms: ['penicillin'],
    visits: [draft, signed],
    earlier_visits: 0,
    vital_signs: [...signed.vital_signs, ...draft.vital_signs],
    current_prescriptions: signed.prescriptions.map((prescription) => ({
      ...prescription,
      prescribed_at: '2026-10-20T13:40:00Z',
      doctor_name: 'Dr Amelia Adams',
    })),
    excuse_letters: signed.excuse_letters,
    upcoming_appointments: [
      {
        id: 'appointment-9',
        date: '2026-12-01T15:00:00Z',
        duration_minutes: 30,
        status: 'scheduled',
        kind: 'booked',
        reason: 'Follow-up',
        provider_id: ADAMS_ID,
        provider_name: 'Dr Amelia Adams',
      },
    ],
    no_show_count: 2,
    ...overrides,
  };
}
