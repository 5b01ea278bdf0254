import type {
  AppointmentKind,
  AppointmentStatus,
  HealthProfile,
  Member,
  Prescription,
  VisitStatus,
  VitalFlag,
  VitalSigns,
} from '@campuscare/shared';

/**
 * The clinical record as the database's reading functions return it (open_patient_chart, open_visit, my_visits;
 * migrations 20260116000000_clinical_record.sql and 20260117000000_chart_timeline_pages.sql, private.visits_json). Dates are ISO strings.
 */
export type VitalReading = Omit<VitalSigns, 'university_id' | 'student_id'> & { readonly flags: readonly VitalFlag[] };

export interface DiagnosisEntry {
  readonly id: string;
  readonly description: string;
  readonly icd10_code: string | null;
  readonly icd10_title: string | null;
  readonly created_at: string;
}

export type PrescriptionEntry = Omit<Prescription, 'university_id' | 'student_id'>;

export interface Addendum {
  readonly id: string;
  readonly text: string;
  readonly created_at: string;
  readonly author_id: string;
  readonly author_name: string;
}

export interface ExcuseLetterEntry {
  readonly id: string;
  readonly visit_id: string;
  readonly student_id: string;
  readonly starts_on: string;
  readonly ends_on: string;
  readonly issued_at: string;
  readonly issued_by: string;
  readonly issued_by_name: string;
  readonly status: 'valid' | 'revoked';
  readonly revoked_at: string | null;
  readonly revoked_by: string | null;
  readonly revoked_by_name: string | null;
  readonly revoke_reason: string | null;
  /** What the public check at /verify-letter takes: shown to the student (their own, signed) and the clinic's doctors. */
  readonly verification_code: string;
}

export interface VisitRecord {
  readonly id: string;
  readonly appointment_id: string;
  readonly student_id: string;
  readonly doctor_id: string;
  readonly doctor_name: string;
  readonly status: VisitStatus;
  readonly kind: AppointmentKind;
  readonly date: string;
  readonly duration_minutes: number;
  readonly reason: string;
  readonly chief_complaint: string | null;
  readonly subjective: string | null;
  readonly objective: string | null;
  readonly assessment: string | null;
  readonly plan: string | null;
  readonly follow_up: string | null;
  readonly signed_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly vital_signs: readonly VitalReading[];
  readonly diagnoses: readonly DiagnosisEntry[];
  readonly prescriptions: readonly PrescriptionEntry[];
  readonly addenda: readonly Addendum[];
  readonly excuse_letters: readonly ExcuseLetterEntry[];
}

export type ChartStudent = Pick<
  Member,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'reg_number'
  | 'department'
  | 'year_of_study'
  | 'status'
  | 'avatar_path'
>;

export type ChartPrescription = PrescriptionEntry & { readonly prescribed_at: string; readonly doctor_name: string };

export interface ChartAppointment {
  readonly id: string;
  readonly date: string;
  readonly duration_minutes: number;
  readonly status: AppointmentStatus;
  readonly kind: AppointmentKind;
  readonly reason: string;
  readonly provider_id: string | null;
  readonly provider_name: string | null;
}

/**
 * A page of the chart's timeline: signed visits and the caller's own drafts, newest first, 10 at a time (the first page
 * comes with the chart, the next from patient_chart_visits(student_id, after_visit)), and how many are older still.
 */
export interface ChartVisitsPage {
  readonly visits: readonly VisitRecord[];
  readonly earlier_visits: number;
}

/** open_patient_chart(student_id): one student's chart, as a doctor of their university sees it (the read is audited). */
export interface PatientChart extends ChartVisitsPage {
  readonly student: ChartStudent;
  readonly health_profile: Omit<HealthProfile, 'student_id'> | null;
  /** The words of the student's allergies that prescriptions are checked against. */
  readonly allergy_terms: readonly string[];
  /** The readings of all the visits the caller may read, not only the page's, oldest first (the trend). */
  readonly vital_signs: readonly VitalReading[];
  readonly current_prescriptions: readonly ChartPrescription[];
  readonly excuse_letters: readonly ExcuseLetterEntry[];
  readonly upcoming_appointments: readonly ChartAppointment[];
  /** How many of the student's visits were marked as a no-show (the front desk's). */
  readonly no_show_count: number;
}

/** open_visit(visit_id): one visit (signed, or the caller's own draft) with what prescribing needs (audited). */
export interface OpenedVisit {
  readonly visit: VisitRecord;
  readonly student: ChartStudent;
  readonly health_profile: Omit<HealthProfile, 'student_id'> | null;
  readonly allergy_terms: readonly string[];
}

/** my_visits(): the signed-in student's signed visits, never drafts. */
export interface MyVisits {
  readonly student: ChartStudent;
  readonly university: { readonly id: string; readonly name: string };
  readonly visits: readonly VisitRecord[];
}

/** verify_excuse_letter(code): what anyone holding a letter's code learns — never anything clinical. */
export type LetterVerification =
  | { readonly found: false }
  | {
      readonly found: true;
      readonly status: 'valid' | 'revoked';
      readonly student_name: string;
      readonly university_name: string;
      readonly starts_on: string;
      readonly ends_on: string;
      readonly issued_on: string;
      readonly doctor_name: string;
      readonly revoked_on: string | null;
    };
