/**
 * The rules the database enforces whatever the client does: every check/unique/exclusion constraint, appointment
 * status transitions and who may make them, the sign-up trigger, password-change trigger, staff RPCs, deactivation,
 * audited health-profile reads and the audit trail.
 */
import { actAs, clinicSlot, hoursFromNow, laterOrEarlierToday, probe, rolledBack, testDatabase } from './harness';
import { NORTHFIELD_ID, SOUTHBANK_ID, uuidForEmail } from './ids';

const nf = (local: string) => uuidForEmail(`${local}@northfield.edu`);
const sb = (local: string) => uuidForEmail(`${local}@southbank.edu`);
const SUPER = nf('admin');
const ADMIN = nf('registrar');
const DOCTOR = nf('dr.adams');
const STUDENT = nf('student01');
const STUDENT2 = nf('student02');
/** A draft visit (the seed's visits going on now) and a signed one, as SQL, for the clinical record's constraints. */
const DRAFT = `(select id from public.visits where status = 'draft' order by id limit 1)`;
const SIGNED = `(select id from public.visits where status = 'signed' order by id limit 1)`;

const database = testDatabase();

async function futureAppointment(studentId: string): Promise<string> {
  const r = await database.client.query(
    `select id from public.appointments where student_id = $1 and status = 'scheduled' and date > now() order by date limit 1`,
    [studentId],
  );
  return r.rows[0].id as string;
}

type RosterColumn = 'email' | 'first_name' | 'last_name' | 'reg_number' | 'department' | 'year_of_study' | 'phone';
const ROSTER_ROW: Record<RosterColumn, string> = {
  email: "'new.one@northfield.edu'",
  first_name: "'New'",
  last_name: "'One'",
  reg_number: "'NFU/2030/001'",
  department: "'Law'",
  year_of_study: '2',
  phone: 'null',
};

/** An insert of student_roster rows, each a valid row but for the values given (SQL literals). */
function rosterInsert(...rows: Partial<Record<RosterColumn, string>>[]): string {
  const columns = Object.keys(ROSTER_ROW) as RosterColumn[];
  const values = rows.map(
    (row) => `('${NORTHFIELD_ID}', ${columns.map((column) => row[column] ?? ROSTER_ROW[column]).join(', ')})`,
  );
  return `insert into public.student_roster (university_id, ${columns.join(', ')}) values ${values.join(', ')}`;
}

// --- constraints ------------------------------------------------------------------------------------------------
describe('check, unique and exclusion constraints', () => {
  // [constraint, statement as superuser that must violate it]
  const cases = (appt: string): [string, string][] => [
    ['universities_name_length', `update public.universities set name = ' ' where id = '${NORTHFIELD_ID}'`],
    [
      'universities_email_format',
      `update public.universities set email = 'not-an-email' where id = '${NORTHFIELD_ID}'`,
    ],
    ['universities_phone_format', `update public.universities set phone = 'call me' where id = '${NORTHFIELD_ID}'`],
    [
      'universities_logo_path_length',
      `update public.universities set logo_path = repeat('x', 501) where id = '${NORTHFIELD_ID}'`,
    ],
    [
      'universities_join_code_format',
      `update public.universities set join_code = 'bad code' where id = '${NORTHFIELD_ID}'`,
    ],
    [
      'universities_join_code_key',
      `update public.universities set join_code = 'SOUTHBANK' where id = '${NORTHFIELD_ID}'`,
    ],
    ['members_title_values', `update public.members set title = 'King' where id = '${DOCTOR}'`],
    ['members_first_name_length', `update public.members set first_name = repeat('x', 101) where id = '${DOCTOR}'`],
    ['members_last_name_length', `update public.members set last_name = repeat('x', 101) where id = '${DOCTOR}'`],
    ['members_email_format', `update public.members set email = 'Upper@Case.edu' where id = '${DOCTOR}'`],
    ['members_phone_format', `update public.members set phone = 'phone' where id = '${DOCTOR}'`],
    ['members_staff_id_length', `update public.members set staff_id = repeat('x', 51) where id = '${DOCTOR}'`],
    ['members_position_length', `update public.members set position = repeat('x', 101) where id = '${DOCTOR}'`],
    [
      'members_specialization_length',
      `update public.members set specialization = repeat('x', 101) where id = '${DOCTOR}'`,
    ],
    ['members_reg_number_format', `update public.members set reg_number = 'has space' where id = '${STUDENT}'`],
    ['members_department_length', `update public.members set department = repeat('x', 101) where id = '${STUDENT}'`],
    ['members_year_of_study_range', `update public.members set year_of_study = 9 where id = '${STUDENT}'`],
    ['members_avatar_path_length', `update public.members set avatar_path = repeat('x', 501) where id = '${STUDENT}'`],
    ['members_super_admin_is_staff', `update public.members set is_super_admin = true where id = '${STUDENT}'`],
    ['members_student_fields', `update public.members set department = null where id = '${STUDENT}'`],
    [
      'members_university_reg_number_key',
      `update public.members set reg_number = (select reg_number from public.members where id = '${STUDENT2}') where id = '${STUDENT}'`,
    ],
    [
      'members_university_staff_id_key',
      `update public.members set staff_id = (select staff_id from public.members where id = '${nf('dr.bello')}') where id = '${DOCTOR}'`,
    ],
    [
      'health_profiles_genotype_values',
      `update public.health_profiles set genotype = 'XY' where student_id = '${STUDENT}'`,
    ],
    [
      'health_profiles_blood_group_values',
      `update public.health_profiles set blood_group = 'C+' where student_id = '${STUDENT}'`,
    ],
    [
      'health_profiles_allergies_length',
      `update public.health_profiles set allergies = repeat('x', 1001) where student_id = '${STUDENT}'`,
    ],
    ['health_profiles_bmi_range', `update public.health_profiles set bmi = 95 where student_id = '${STUDENT}'`],
    ['appointments_duration_range', `update public.appointments set duration_minutes = 5 where id = '${appt}'`],
    ['appointments_name_length', `update public.appointments set name = '' where id = '${appt}'`],
    ['appointments_department_length', `update public.appointments set department = ' ' where id = '${appt}'`],
    ['appointments_reg_format', `update public.appointments set reg = '?' where id = '${appt}'`],
    ['appointments_year_range', `update public.appointments set year = 0 where id = '${appt}'`],
    ['appointments_reason_format', `update public.appointments set reason = ' ' where id = '${appt}'`],
    [
      'appointment_types_name_length',
      `update public.appointment_types set name = 'Flu: jab' where university_id = '${NORTHFIELD_ID}' and name = 'Other'`,
    ],
    [
      'appointment_types_duration_range',
      `update public.appointment_types set duration_minutes = 241 where university_id = '${NORTHFIELD_ID}' and name = 'Other'`,
    ],
    [
      'appointments_cancel_reason_length',
      `update public.appointments set status = 'cancelled', cancel_reason = repeat('x', 501) where id = '${appt}'`,
    ],
    [
      'appointments_cancel_reason_required',
      `update public.appointments set cancel_reason = 'not cancelled' where id = '${appt}'`,
    ],
    [
      'appointments_no_student_overlap',
      `insert into public.appointments (university_id, student_id, date, name, department, reg, year, reason)
       select university_id, student_id, date + interval '10 minutes', name, department, reg, year, 'Check-up' from public.appointments where id = '${appt}'`,
    ],
    [
      'appointments_no_provider_overlap',
      `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
       select a.university_id, '${STUDENT2}', a.provider_id, a.date, 'X', 'Law', 'NFU/1/1', 1, 'Check-up'
       from public.appointments a where a.id = '${appt}'`,
    ],
    ['programs_title_length', `update public.programs set title = '' where university_id = '${NORTHFIELD_ID}'`],
    [
      'programs_description_length',
      `update public.programs set description = repeat('x', 5001) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'programs_location_length',
      `update public.programs set location = repeat('x', 201) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'programs_program_type_length',
      `update public.programs set program_type = repeat('x', 101) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'programs_target_audience_length',
      `update public.programs set target_audience = repeat('x', 201) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'programs_activities_length',
      `update public.programs set activities = repeat('x', 2001) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'programs_organiser_length',
      `update public.programs set organiser = repeat('x', 201) where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'invitations_staff_role',
      `update public.invitations set role = 'student' where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'invitations_token_hash_key',
      `update public.invitations set token_hash = 'same' where university_id = '${NORTHFIELD_ID}'`,
    ],
    ['audit_log_action_values', `insert into public.audit_log (action, table_name) values ('drop', 'x')`],
    [
      'email_outbox_attempts_check',
      `insert into public.email_outbox (to_email, subject, body, attempts) values ('a@b.edu', 's', 'b', -1)`,
    ],
    [
      'dashboard_tallies_subject_check',
      `insert into private.dashboard_tallies (university_id, subject, shard, n) values ('${NORTHFIELD_ID}', 'programs', 0, 1)`,
    ],
    [
      'dashboard_tallies_shard_check',
      `insert into private.dashboard_tallies (university_id, subject, shard, n) values ('${NORTHFIELD_ID}', 'students', 16, 1)`,
    ],
    [
      'email_outbox_delivered_via_check',
      `insert into public.email_outbox (to_email, subject, body, delivered_via) values ('a@b.edu', 's', 'b', 'pigeon')`,
    ],
    [
      'email_outbox_kind_values',
      `insert into public.email_outbox (to_email, subject, body, kind) values ('a@b.edu', 's', 'b', 'newsletter')`,
    ],
    [
      'email_outbox_calendar_method',
      `insert into public.email_outbox (to_email, subject, body, calendar) values ('a@b.edu', 's', 'b', '{"method": "PUBLISH"}')`,
    ],
    [
      'email_outbox_dedupe_key_key',
      `insert into public.email_outbox (to_email, subject, body, dedupe_key) values ('a@b.edu', 's', 'b', 'k'), ('a@b.edu', 's', 'b', 'k')`,
    ],
    [
      'clinic_settings_slot_range',
      `update public.clinic_settings set slot_minutes = 5 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_notice_range',
      `update public.clinic_settings set min_notice_minutes = -1 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_cutoff_range',
      `update public.clinic_settings set student_change_cutoff_minutes = 20161 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_staff_idle_range',
      `update public.clinic_settings set staff_idle_minutes = 4 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_student_upcoming_limit_range',
      `update public.clinic_settings set student_upcoming_limit = 0 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_student_daily_booking_limit_range',
      `update public.clinic_settings set student_daily_booking_limit = 21 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_phone_format',
      `update public.clinic_settings set phone = 'call us' where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_email_format',
      `update public.clinic_settings set email = 'clinic at northfield' where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_address_length',
      `update public.clinic_settings set address = ' ' where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_settings_grace_range',
      `update public.clinic_settings set booking_grace_minutes = 121 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'waitlist_entries_days_order',
      `insert into public.waitlist_entries (university_id, student_id, from_day, to_day) values ('${NORTHFIELD_ID}', '${nf('student16')}', current_date + 2, current_date + 1)`,
    ],
    [
      'waitlist_entries_days_span',
      `insert into public.waitlist_entries (university_id, student_id, from_day, to_day) values ('${NORTHFIELD_ID}', '${nf('student16')}', current_date, current_date + 61)`,
    ],
    [
      'waitlist_entries_end',
      `insert into public.waitlist_entries (university_id, student_id, from_day, to_day, ended_at) values ('${NORTHFIELD_ID}', '${nf('student16')}', current_date, current_date, now())`,
    ],
    ['vaccines_cvx_code_format', `insert into public.vaccines (cvx_code, name) values ('A1', 'Made up')`],
    ['vaccines_name_length', `insert into public.vaccines (cvx_code, name) values ('998', ' ')`],
    [
      'immunization_requirements_name_length',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', ' ', '{03}', 1, 0, current_date, null, '{}')`,
    ],
    [
      'immunization_requirements_vaccines',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{}', 1, 0, current_date, null, '{}')`,
    ],
    [
      'immunization_requirements_doses_range',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 0, 0, current_date, null, '{}')`,
    ],
    [
      'immunization_requirements_interval_range',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, -1, current_date, null, '{}')`,
    ],
    [
      'immunization_requirements_due',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, 30, '{}')`,
    ],
    [
      'immunization_requirements_due_days_range',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, null, 4000, '{}')`,
    ],
    [
      'immunization_requirements_years_range',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, null, '{9}')`,
    ],
    [
      'immunization_doses_source_values',
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status, reject_reason) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', current_date, null, null, 'pharmacy', 'pending', null)`,
    ],
    [
      'immunization_doses_review_values',
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status, reject_reason) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', current_date, null, null, 'student', 'maybe', null)`,
    ],
    [
      'immunization_doses_given_at_length',
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status, reject_reason) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', current_date, repeat('x', 201), null, 'student', 'pending', null)`,
    ],
    [
      'immunization_doses_lot_length',
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status, reject_reason) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', current_date, null, repeat('x', 51), 'student', 'pending', null)`,
    ],
    [
      'immunization_doses_reject_reason',
      `insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status, reject_reason) values ('${NORTHFIELD_ID}', '${STUDENT}', '03', current_date, null, null, 'student', 'rejected', null)`,
    ],
    [
      'immunization_exemptions_kind_values',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, null, '{}'); insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reject_reason) select '${NORTHFIELD_ID}', '${STUDENT}', id, 'convenience', 'Why', 'pending', null from public.immunization_requirements limit 1`,
    ],
    [
      'immunization_exemptions_reason_length',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, null, '{}'); insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reject_reason) select '${NORTHFIELD_ID}', '${STUDENT}', id, 'medical', ' ', 'pending', null from public.immunization_requirements limit 1`,
    ],
    [
      'immunization_exemptions_review_values',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, null, '{}'); insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reject_reason) select '${NORTHFIELD_ID}', '${STUDENT}', id, 'medical', 'Why', 'maybe', null from public.immunization_requirements limit 1`,
    ],
    [
      'immunization_exemptions_reject_reason',
      `insert into public.immunization_requirements (university_id, name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, years) values ('${NORTHFIELD_ID}', 'MMR', '{03}', 1, 0, current_date, null, '{}'); insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status, reject_reason) select '${NORTHFIELD_ID}', '${STUDENT}', id, 'medical', 'Why', 'pending', 'Unreadable' from public.immunization_requirements limit 1`,
    ],
    // Immunization proof and the kept standings: the seed's documents (student02's vaccination card).
    [
      'medical_documents_storage_object_key',
      `insert into public.medical_documents (university_id, student_id, storage_object, content_type, size_bytes) select university_id, student_id, storage_object, content_type, size_bytes from public.medical_documents limit 1`,
    ],
    [
      'medical_documents_in_student_folder',
      `insert into public.medical_documents (university_id, student_id, storage_object, content_type, size_bytes) values ('${NORTHFIELD_ID}', '${STUDENT}', '${STUDENT2}/card.pdf', 'application/pdf', 10)`,
    ],
    [
      'medical_documents_file_name_length',
      `update public.medical_documents set file_name = 'card' || chr(10) || '.pdf'`,
    ],
    ['medical_documents_content_type_values', `update public.medical_documents set content_type = 'image/heic'`],
    ['medical_documents_size_range', `update public.medical_documents set size_bytes = 10485761`],
    ['immunization_standings_state_values', `update private.immunization_standings set state = 'due'`],
    [
      'clinic_hours_weekday_range',
      `update public.clinic_hours set weekday = 8 where university_id = '${NORTHFIELD_ID}' and weekday = 1`,
    ],
    [
      'clinic_hours_order',
      `update public.clinic_hours set closes_at = '07:00' where university_id = '${NORTHFIELD_ID}' and weekday = 1`,
    ],
    [
      'clinic_closures_order',
      `update public.clinic_closures set ends_on = starts_on - 1 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_closures_span',
      `update public.clinic_closures set ends_on = starts_on + 400 where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'clinic_closures_reason_length',
      `update public.clinic_closures set reason = ' ' where university_id = '${NORTHFIELD_ID}'`,
    ],
    [
      'doctor_hours_weekday_range',
      `update public.doctor_hours set weekday = 0 where doctor_id = '${nf('dr.chen')}' and weekday = 1`,
    ],
    [
      'doctor_hours_order',
      `update public.doctor_hours set closes_at = opens_at where doctor_id = '${nf('dr.chen')}' and weekday = 1`,
    ],
    [
      'doctor_time_off_order',
      `update public.doctor_time_off set ends_at = starts_at where doctor_id = '${nf('dr.bello')}'`,
    ],
    [
      'doctor_time_off_span',
      `update public.doctor_time_off set ends_at = starts_at + interval '400 days' where doctor_id = '${nf('dr.bello')}'`,
    ],
    [
      'doctor_time_off_reason_length',
      `update public.doctor_time_off set reason = repeat('x', 201) where doctor_id = '${nf('dr.bello')}'`,
    ],
    [
      'deployment_settings_one_row',
      `insert into private.deployment_settings (one_row, site_url) values (false, 'https://care.example.edu')`,
    ],
    [
      'deployment_settings_site_url_format',
      `insert into private.deployment_settings (site_url) values ('care.example.edu')`,
    ],
    // The clinical record: the seed's drafts (visits going on now), its signed visits and its excuse letter.
    ['icd10_codes_code_format', `insert into public.icd10_codes (code, title) values ('j06', 'Lower case')`],
    ['icd10_codes_title_length', `insert into public.icd10_codes (code, title) values ('Z99.9', ' ')`],
    [
      'visits_appointment_id_key',
      `insert into public.visits (appointment_id, doctor_id) select appointment_id, doctor_id from public.visits where status = 'draft' limit 1`,
    ],
    [
      'visits_chief_complaint_length',
      `update public.visits set chief_complaint = 'Cough' || chr(10) || 'and fever' where id = ${DRAFT}`,
    ],
    ['visits_subjective_length', `update public.visits set subjective = repeat('x', 10001) where id = ${DRAFT}`],
    ['visits_objective_length', `update public.visits set objective = repeat('x', 10001) where id = ${DRAFT}`],
    ['visits_assessment_length', `update public.visits set assessment = repeat('x', 10001) where id = ${DRAFT}`],
    ['visits_plan_length', `update public.visits set plan = repeat('x', 10001) where id = ${DRAFT}`],
    ['visits_follow_up_length', `update public.visits set follow_up = repeat('x', 1001) where id = ${DRAFT}`],
    ['visits_signed_state', `update public.visits set signed_at = now() where id = ${DRAFT}`],
    [
      'visit_addenda_text_length',
      `insert into public.visit_addenda (visit_id, author_id, text) values (${SIGNED}, '${DOCTOR}', ' ')`,
    ],
    [
      'vital_signs_temperature_c_range',
      `insert into public.vital_signs (visit_id, temperature_c) values (${DRAFT}, 98.6)`,
    ],
    [
      'vital_signs_systolic_mmhg_range',
      `insert into public.vital_signs (visit_id, systolic_mmhg, diastolic_mmhg) values (${DRAFT}, 400, 80)`,
    ],
    [
      'vital_signs_diastolic_mmhg_range',
      `insert into public.vital_signs (visit_id, systolic_mmhg, diastolic_mmhg) values (${DRAFT}, 120, 10)`,
    ],
    ['vital_signs_pulse_bpm_range', `insert into public.vital_signs (visit_id, pulse_bpm) values (${DRAFT}, 7)`],
    [
      'vital_signs_respiratory_rate_range',
      `insert into public.vital_signs (visit_id, respiratory_rate) values (${DRAFT}, 120)`,
    ],
    [
      'vital_signs_spo2_percent_range',
      `insert into public.vital_signs (visit_id, spo2_percent) values (${DRAFT}, 101)`,
    ],
    ['vital_signs_weight_kg_range', `insert into public.vital_signs (visit_id, weight_kg) values (${DRAFT}, 650)`],
    ['vital_signs_height_cm_range', `insert into public.vital_signs (visit_id, height_cm) values (${DRAFT}, 1.7)`],
    [
      'vital_signs_blood_pressure_pair',
      `insert into public.vital_signs (visit_id, systolic_mmhg) values (${DRAFT}, 120)`,
    ],
    [
      'vital_signs_blood_pressure_order',
      `insert into public.vital_signs (visit_id, systolic_mmhg, diastolic_mmhg) values (${DRAFT}, 80, 120)`,
    ],
    ['vital_signs_something_recorded', `insert into public.vital_signs (visit_id) values (${DRAFT})`],
    ['diagnoses_description_length', `insert into public.diagnoses (visit_id, description) values (${DRAFT}, ' ')`],
    ['prescriptions_drug_length', `insert into public.prescriptions (visit_id, drug) values (${DRAFT}, ' ')`],
    [
      'prescriptions_strength_length',
      `insert into public.prescriptions (visit_id, drug, strength) values (${DRAFT}, 'Zinc', repeat('x', 101))`,
    ],
    [
      'prescriptions_dose_length',
      `insert into public.prescriptions (visit_id, drug, dose) values (${DRAFT}, 'Zinc', repeat('x', 101))`,
    ],
    [
      'prescriptions_route_length',
      `insert into public.prescriptions (visit_id, drug, route) values (${DRAFT}, 'Zinc', repeat('x', 51))`,
    ],
    [
      'prescriptions_frequency_length',
      `insert into public.prescriptions (visit_id, drug, frequency) values (${DRAFT}, 'Zinc', repeat('x', 101))`,
    ],
    [
      'prescriptions_duration_length',
      `insert into public.prescriptions (visit_id, drug, duration) values (${DRAFT}, 'Zinc', repeat('x', 101))`,
    ],
    [
      'prescriptions_quantity_length',
      `insert into public.prescriptions (visit_id, drug, quantity) values (${DRAFT}, 'Zinc', repeat('x', 101))`,
    ],
    [
      'prescriptions_instructions_length',
      `insert into public.prescriptions (visit_id, drug, instructions) values (${DRAFT}, 'Zinc', repeat('x', 1001))`,
    ],
    [
      'prescriptions_allergy_acknowledgement_length',
      `insert into public.prescriptions (visit_id, drug, allergy_acknowledgement) values (${DRAFT}, 'Zinc', repeat('x', 501))`,
    ],
    [
      'excuse_letters_verification_code_key',
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code) select visit_id, starts_on, ends_on, verification_code from public.excuse_letters limit 1`,
    ],
    [
      'excuse_letters_verification_code_format',
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code) values (${SIGNED}, current_date, current_date, 'ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2')`,
    ],
    [
      'excuse_letters_dates_order',
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code) values (${SIGNED}, current_date, current_date - 1, repeat('A', 24))`,
    ],
    [
      'excuse_letters_span',
      `insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code) values (${SIGNED}, current_date, current_date + 31, repeat('A', 24))`,
    ],
    [
      'excuse_letters_revoke_reason_length',
      `update public.excuse_letters set revoked_at = now(), revoke_reason = repeat('x', 501)`,
    ],
    ['excuse_letters_revocation', `update public.excuse_letters set revoked_at = now()`],
    // Roster imports, written only by their functions.
    [
      'bulk_invitations_count',
      `insert into private.bulk_invitations (university_id, invitations) values ('${NORTHFIELD_ID}', 0)`,
    ],
    [
      'roster_imports_kind_values',
      `insert into public.roster_imports (university_id, kind, file_name, total_rows) values ('${NORTHFIELD_ID}', 'doctors', 'a.csv', 1)`,
    ],
    [
      'roster_imports_file_name_length',
      `insert into public.roster_imports (university_id, kind, file_name, total_rows) values ('${NORTHFIELD_ID}', 'students', E'a\\nb.csv', 1)`,
    ],
    [
      'roster_imports_total_rows_range',
      `insert into public.roster_imports (university_id, kind, file_name, total_rows) values ('${NORTHFIELD_ID}', 'students', 'a.csv', 0)`,
    ],
    [
      'roster_imports_status_values',
      `insert into public.roster_imports (university_id, kind, file_name, total_rows, status) values ('${NORTHFIELD_ID}', 'students', 'a.csv', 1, 'done')`,
    ],
    [
      'roster_imports_received',
      `insert into public.roster_imports (university_id, kind, file_name, total_rows, received_rows) values ('${NORTHFIELD_ID}', 'students', 'a.csv', 1, 2)`,
    ],
    [
      'roster_import_rows_row_number',
      `with i as (insert into public.roster_imports (university_id, kind, file_name, total_rows) values ('${NORTHFIELD_ID}', 'students', 'a.csv', 1) returning id, university_id)
       insert into public.roster_import_rows (import_id, row_number, university_id, outcome) select id, 0, university_id, 'new' from i`,
    ],
    [
      'roster_import_rows_outcome_values',
      `with i as (insert into public.roster_imports (university_id, kind, file_name, total_rows) values ('${NORTHFIELD_ID}', 'students', 'a.csv', 1) returning id, university_id)
       insert into public.roster_import_rows (import_id, row_number, university_id, outcome) select id, 2, university_id, 'maybe' from i`,
    ],
    ['student_roster_email_format', rosterInsert({ email: "'not-an-address'" })],
    ['student_roster_first_name_length', rosterInsert({ first_name: "' '" })],
    ['student_roster_last_name_length', rosterInsert({ last_name: "' '" })],
    ['student_roster_reg_number_format', rosterInsert({ reg_number: "'?'" })],
    ['student_roster_department_length', rosterInsert({ department: "' '" })],
    ['student_roster_year_of_study_range', rosterInsert({ year_of_study: '9' })],
    ['student_roster_phone_format', rosterInsert({ phone: "'call me'" })],
    ['student_roster_email_key', rosterInsert({}, { reg_number: "'NFU/2030/002'" })],
    ['student_roster_reg_number_key', rosterInsert({}, { email: "'new.two@northfield.edu'" })],
  ];

  it('each constraint rejects a violating row (and every constraint has a case)', async () => {
    const appt = await futureAppointment(STUDENT);
    const all = cases(appt);
    const wrong: string[] = [];
    for (const [constraint, sql] of all) {
      const { error } = await rolledBack(database.client, () => database.client.query(sql));
      if (error?.constraint !== constraint)
        wrong.push(`${constraint}: ${error ? `${error.code} ${error.constraint ?? ''} ${error.message}` : 'accepted'}`);
    }
    expect(wrong).toEqual([]);
    const declared = await database.client.query<{ conname: string }>(
      `select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname in ('public', 'private') and c.contype in ('c', 'u', 'x') order by 1`,
    );
    const covered = new Set(all.map(([c]) => c));
    expect(declared.rows.map((r) => r.conname).filter((c) => !covered.has(c))).toEqual([]);
  });

  it('accepts a reason of one line up to 200 characters, whatever the university named its types, and refuses others', async () => {
    const appt = await futureAppointment(STUDENT);
    const tryReason = (reason: string) =>
      rolledBack(database.client, () =>
        database.client.query('update public.appointments set reason = $1 where id = $2', [reason, appt]),
      );
    for (const ok of ['Check-up', 'Counselling', 'Other: Sprained ankle', 'x'.repeat(200)]) {
      expect((await tryReason(ok)).error).toBeUndefined();
    }
    for (const bad of ['', '   ', 'Other: two\nlines', 'x'.repeat(201)]) {
      expect((await tryReason(bad)).error?.constraint).toBe('appointments_reason_format');
    }
  });
});

// --- appointments -----------------------------------------------------------------------------------------------
describe('appointment status transitions', () => {
  const STATUSES = ['scheduled', 'ongoing', 'completed', 'cancelled'] as const;
  // ongoing → completed is signing the visit (sign_visit), never a status change: clinical-record.test.ts.
  const ALLOWED = new Set(['scheduled>ongoing', 'scheduled>cancelled', 'ongoing>cancelled']);
  const ID = '00000000-0000-4000-8000-00000000a001';
  /** The probe's appointment, 40 days ahead unless `at` (an ISO time) says otherwise. */
  const setupAt = (status: string, at?: string) => `
    insert into public.appointments (id, university_id, student_id, provider_id, date, name, department, reg, year, reason, status, cancel_reason)
    values ('${ID}', '${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', ${at ? `'${at}'::timestamptz` : "now() + interval '40 days'"}, 'Ada Okoro', 'Law',
            'NFU/2025/001', 2, 'Check-up', '${status}', ${status === 'cancelled' ? "'Because'" : 'null'})`;

  it.each(STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => [from, to] as const)))(
    'doctor: %s → %s',
    async (from, to) => {
      // On the visit's day: starting or completing is only allowed then.
      const today = await laterOrEarlierToday(database.client);
      const result = await probe(
        database.client,
        DOCTOR,
        `select * from public.update_appointment($1, status => $2, cancel_reason => 'Clinic closed')`,
        [ID, to],
        setupAt(from, today),
      );
      const allowed = ALLOWED.has(`${from}>${to}`);
      expect(result.ok).toBe(allowed);
      if (!allowed) {
        expect(result.error?.message).toMatch(
          from === 'ongoing' && to === 'completed'
            ? /^Sign the visit to complete it/
            : /cannot go from|can no longer change/,
        );
      }
    },
  );

  it('cancelling needs a reason; the reason is stored', async () => {
    const missing = await probe(
      database.client,
      STUDENT,
      `select * from public.update_appointment($1, status => 'cancelled')`,
      [ID],
      setupAt('scheduled'),
    );
    expect(missing.error?.message).toBe('Give a reason for cancelling the appointment');
    const direct = await probe(
      database.client,
      DOCTOR,
      `update public.appointments set status = 'cancelled' where id = $1`,
      [ID],
      setupAt('scheduled'),
    );
    expect(direct.error?.message).toBe('permission denied for table appointments');
    const ok = await probe<{ status: string; cancel_reason: string }>(
      database.client,
      STUDENT,
      `select * from public.update_appointment($1, status => 'cancelled', cancel_reason => ' Exam ')`,
      [ID],
      setupAt('scheduled'),
    );
    expect(ok.rows[0]).toMatchObject({ status: 'cancelled', cancel_reason: 'Exam' });
  });

  it('who may do what', async () => {
    const freeSlot = await clinicSlot(database.client, 41);
    const cases: [string, string, string, unknown[], RegExp | null][] = [
      [
        'student starts own appointment',
        STUDENT,
        `select public.update_appointment($1, status => 'ongoing')`,
        [ID],
        /Students can only reschedule or cancel/,
      ],
      [
        'student assigns a doctor',
        STUDENT,
        `select public.update_appointment($1, provider_id => $2)`,
        [ID, nf('dr.bello')],
        /Only clinic staff/,
      ],
      [
        'student changes provider directly',
        STUDENT,
        `update public.appointments set provider_id = $2 where id = $1`,
        [ID, nf('dr.bello')],
        /permission denied for table appointments/,
      ],
      [
        'student reschedules own to a free slot',
        STUDENT,
        `select public.update_appointment($1, date => $2)`,
        [ID, freeSlot],
        null,
      ],
      [
        'student reschedules own outside the slots',
        STUDENT,
        `select public.update_appointment($1, date => $2::timestamptz + interval '10 minutes')`,
        [ID, freeSlot],
        /not free/,
      ],
      [
        'student reschedules into the past',
        STUDENT,
        `select public.update_appointment($1, date => now() - interval '1 day')`,
        [ID],
        /future/,
      ],
      [
        'admin completes',
        ADMIN,
        `select public.update_appointment($1, status => 'ongoing')`,
        [ID],
        /Only a doctor can start or complete/,
      ],
      [
        'admin reschedules',
        ADMIN,
        `select public.update_appointment($1, date => now() + interval '42 days')`,
        [ID],
        null,
      ],
      [
        'admin assigns doctor',
        ADMIN,
        `select public.update_appointment($1, provider_id => $2)`,
        [ID, nf('dr.bello')],
        null,
      ],
      [
        'admin assigns a student as provider',
        ADMIN,
        `select public.update_appointment($1, provider_id => $2)`,
        [ID, STUDENT2],
        /active doctor of this university/,
      ],
      [
        'admin assigns other university doctor',
        ADMIN,
        `select public.update_appointment($1, provider_id => $2)`,
        [ID, sb('dr.adams')],
        /active doctor of this university/,
      ],
      [
        'doctor starts a visit 40 days early',
        DOCTOR,
        `select public.update_appointment($1, status => 'ongoing')`,
        [ID],
        /on its day/,
      ],
      [
        'doctor moves to another student',
        DOCTOR,
        `update public.appointments set student_id = $2 where id = $1`,
        [ID, STUDENT2],
        /permission denied for table appointments/,
      ],
      ['student deletes', STUDENT, `delete from public.appointments where id = $1`, [ID], /permission denied/],
    ];
    const wrong: string[] = [];
    for (const [label, who, sql, params, refusal] of cases) {
      const r = await probe(database.client, who, sql, params, setupAt('scheduled'));
      if (refusal === null ? !r.ok : r.ok || !refusal.test(r.error?.message ?? ''))
        wrong.push(`${label}: ${r.error?.message ?? 'ok'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a student cannot change an appointment once it is ongoing, nor reschedule ongoing ones', async () => {
    const r = await probe(
      database.client,
      STUDENT,
      `select public.update_appointment($1, date => now() + interval '45 days')`,
      [ID],
      setupAt('ongoing'),
    );
    expect(r.error?.message).toBe('You can only change an appointment while it is scheduled');
    const d = await probe(
      database.client,
      DOCTOR,
      `select public.update_appointment($1, date => now() + interval '45 days')`,
      [ID],
      setupAt('ongoing'),
    );
    expect(d.error?.message).toBe('Only a scheduled appointment can be rescheduled');
  });
});

describe('book_appointment', () => {
  it('books a free slot with the student profile as defaults and the first free doctor', async () => {
    const r = await probe<Record<string, unknown>>(
      database.client,
      STUDENT,
      `select * from public.book_appointment($1, 'Malaria')`,
      [await clinicSlot(database.client, 60)],
    );
    expect(r.error).toBeUndefined();
    expect(r.rows[0]).toMatchObject({
      student_id: STUDENT,
      university_id: NORTHFIELD_ID,
      status: 'scheduled',
      reason: 'Malaria',
      name: 'Ada Okoro',
      duration_minutes: 30,
    });
    expect([DOCTOR, nf('dr.bello'), nf('dr.chen')]).toContain(r.rows[0].provider_id);
  });

  it.each([
    ['past time', `now() - interval '1 hour'`, `'Check-up'`, 'null', 'Choose a date and time in the future'],
    [
      'too far ahead',
      `now() + interval '400 days'`,
      `'Check-up'`,
      'null',
      'Appointments can be booked at most a year ahead',
    ],
    ['no reason', `now() + interval '60 days'`, `''`, 'null', 'Choose a reason for the appointment'],
    ['unknown reason', `now() + interval '60 days'`, `'Flu'`, 'null', "Choose one of the clinic's types of visit"],
    ['no date', 'null', `'Check-up'`, 'null', 'Choose a date and time for the appointment'],
    [
      'other university doctor',
      `now() + interval '60 days'`,
      `'Check-up'`,
      `'${sb('dr.adams')}'`,
      'Choose an active doctor of this university',
    ],
  ])('refuses %s', async (_label, date, reason, provider, message) => {
    const r = await probe(
      database.client,
      STUDENT,
      `select * from public.book_appointment(${date}, ${reason}, ${provider})`,
    );
    expect(r.error?.message).toBe(message);
    expect(r.error?.code).toBe('P0001');
  });

  it('does not offer a taken slot, and turns staff overlaps into clear 23P01 errors', async () => {
    const slot = await clinicSlot(database.client, 45, '10:00');
    const booked = `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
      values ('${NORTHFIELD_ID}', '${STUDENT}', '${DOCTOR}', '${slot}', 'Ada Okoro', 'Law', 'NFU/2025/001', 2, 'Check-up')`;
    const mine = await probe(
      database.client,
      STUDENT,
      `select public.book_appointment(date => $1, reason => 'Check-up')`,
      [slot],
      booked,
    );
    expect(mine.error).toMatchObject({ code: 'P0001', message: 'That time is not free: choose one of the free times' });
    const theirs = await probe(
      database.client,
      STUDENT2,
      `select public.book_appointment(date => $1, reason => 'Check-up', provider_id => $2)`,
      [slot, DOCTOR],
      booked,
    );
    expect(theirs.error).toMatchObject({
      code: 'P0001',
      message: 'That time is not free: choose one of the free times',
    });
    // Another doctor is still free then, and cancelling frees the slot.
    const other = await probe(
      database.client,
      STUDENT2,
      `select public.book_appointment(date => $1, reason => 'Check-up', provider_id => $2)`,
      [slot, nf('dr.bello')],
      booked,
    );
    expect(other.error).toBeUndefined();
    const freed = await probe(
      database.client,
      STUDENT2,
      `select public.book_appointment(date => $1, reason => 'Check-up', provider_id => $2)`,
      [slot, DOCTOR],
      `${booked}; update public.appointments set status = 'cancelled', cancel_reason = 'x' where student_id = '${STUDENT}' and date = '${slot}'`,
    );
    expect(freed.error).toBeUndefined();
    // Staff may place a visit anywhere, but never on top of another one.
    const staff = await probe(
      database.client,
      ADMIN,
      `select public.update_appointment($1, date => $2::timestamptz + interval '10 minutes', provider_id => $3)`,
      [await futureAppointment(STUDENT2), slot, DOCTOR],
      booked,
    );
    expect(staff.error).toMatchObject({ code: '23P01', message: 'That doctor is already booked at that time' });
  });

  it('a direct insert gets the same rules', async () => {
    const r = await probe(
      database.client,
      STUDENT,
      `insert into public.appointments (date, department, year, reason) values (now() - interval '1 day', 'Law', 1, 'Check-up')`,
    );
    expect(r.error?.message).toBe('Choose a date and time in the future');
  });
});

// --- sign-up ----------------------------------------------------------------------------------------------------
describe('sign-up trigger', () => {
  /** What the auth service inserts for a sign-up, then (when `confirmed`) what opening the confirmation link does. */
  const signUp = (email: string, data: unknown, confirmed = true) =>
    rolledBack(database.client, async () => {
      const id = (
        await database.client.query(
          `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, $2) returning id`,
          [email, JSON.stringify(data)],
        )
      ).rows[0].id;
      if (confirmed)
        await database.client.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
      const member = (
        await database.client.query(
          'select m.*, u.name as university_name, u.join_code from public.members m join public.universities u on u.id = m.university_id where m.id = $1',
          [id],
        )
      ).rows[0];
      return member as Record<string, unknown> | undefined;
    });
  const student = {
    kind: 'student',
    join_code: 'northfield',
    first_name: 'Zed',
    last_name: 'Ola',
    phone: '+1 555 000 1111',
    reg_number: 'NFU/2026/500',
    department: 'Law',
    year_of_study: 2,
  };
  const university = { kind: 'university', university_name: ' Lakeside College ', phone: '+234 800 000' };

  it('kind university creates the university (random join code) and its super admin once the address is confirmed', async () => {
    const { value, error } = await signUp('Office@Lakeside.edu', university);
    expect(error).toBeUndefined();
    expect(value).toMatchObject({
      role: 'admin',
      is_super_admin: true,
      status: 'active',
      university_name: 'Lakeside College',
      email: 'office@lakeside.edu',
      first_name: 'Lakeside College',
    });
    expect(value!.join_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('kind student with a valid join code creates the student once confirmed; metadata cannot grant rights', async () => {
    const { value, error } = await signUp('zed@northfield.edu', {
      ...student,
      year_of_study: '3',
      role: 'admin',
      is_super_admin: true,
      university_id: SOUTHBANK_ID,
    });
    expect(error).toBeUndefined();
    expect(value).toMatchObject({
      role: 'student',
      is_super_admin: false,
      university_id: NORTHFIELD_ID,
      reg_number: 'NFU/2026/500',
      year_of_study: 3,
      first_name: 'Zed',
      last_name: 'Ola',
    });
  });

  it('creates nothing for a sign-up whose address is not confirmed: no university, member or registration number', async () => {
    const { value, error } = await rolledBack(database.client, async () => {
      for (const [email, data] of [
        ['office@lakeside.edu', university],
        ['zed@northfield.edu', student],
      ] as const) {
        await database.client.query(
          `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, $2)`,
          [email, JSON.stringify(data)],
        );
      }
      const held = await database.client
        .query(`select 1 from public.members where email in ('office@lakeside.edu', 'zed@northfield.edu')
        union all select 1 from public.universities where name = 'Lakeside College'`);
      // Someone else may register the same number meanwhile: the unconfirmed sign-up holds nothing.
      await database.client.query(
        `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values (gen_random_uuid(), 'real.zed@northfield.edu', now(), $1)`,
        [JSON.stringify(student)],
      );
      return held.rowCount;
    });
    expect(error).toBeUndefined();
    expect(value).toBe(0);
  });

  it.each([
    [
      'no kind',
      {},
      'Sign-up must register a university (kind "university"), a student (kind "student") or accept a staff invitation (kind "staff")',
    ],
    [
      'kind admin',
      { kind: 'admin' },
      'Sign-up must register a university (kind "university"), a student (kind "student") or accept a staff invitation (kind "staff")',
    ],
    ['university without a name', { kind: 'university', university_name: ' ' }, 'Enter the university name'],
    [
      'a university name of two lines',
      { kind: 'university', university_name: 'Lakeside\nhttps://evil.example' },
      'The university name must be a single line of text',
    ],
    [
      'bad phone',
      { kind: 'university', university_name: 'Lakeside', phone: 'call me' },
      'Enter a valid phone number (digits, spaces, +, -, parentheses)',
    ],
    [
      'student without a join code',
      { ...student, join_code: '' },
      'A join code from your university is required to register as a student',
    ],
    [
      'student with an unknown join code',
      { ...student, join_code: 'NOPE1234' },
      'That join code does not match any university. Check the link your university sent you',
    ],
    ['student without a last name', { ...student, last_name: '' }, 'Enter your first and last name'],
    ['a name with a line break', { ...student, first_name: 'Zed\rSubject: hi' }, 'Names must be a single line of text'],
    [
      'bad reg number',
      { ...student, reg_number: '!' },
      'Enter your registration number (2-30 letters, digits, / . _ -)',
    ],
    ['no department', { ...student, department: '' }, 'Enter your department'],
    ['year 0', { ...student, year_of_study: 0 }, 'Year of study must be a whole number from 1 to 8'],
    ['year 9', { ...student, year_of_study: 9 }, 'Year of study must be a whole number from 1 to 8'],
    ['year 2.5', { ...student, year_of_study: 2.5 }, 'Year of study must be a whole number from 1 to 8'],
    ['year text', { ...student, year_of_study: 'two' }, 'Year of study must be a whole number from 1 to 8'],
    [
      'taken reg number',
      { ...student, reg_number: 'NFU/2024/001' },
      'That registration number is already registered at this university',
    ],
    [
      'staff without an invitation',
      { kind: 'staff', first_name: 'Eve', last_name: 'Mallory' },
      'This invitation link has expired or has already been used. Ask your university to invite you again',
    ],
  ])(
    'refuses %s with a clear P0001 at sign-up, before any confirmation, and stores nothing',
    async (_label, data, message) => {
      const before = (await database.client.query('select count(*)::int n from auth.users')).rows[0].n;
      const { error } = await signUp('new.person@northfield.edu', data, false);
      expect(error).toMatchObject({ code: 'P0001', message });
      expect((await database.client.query('select count(*)::int n from auth.users')).rows[0].n).toBe(before);
    },
  );

  it('refuses the confirmation when what the sign-up asked for was taken meanwhile, creating nothing', async () => {
    const { error } = await rolledBack(database.client, async () => {
      const id = (
        await database.client.query(
          `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), 'zed@northfield.edu', $1) returning id`,
          [JSON.stringify(student)],
        )
      ).rows[0].id;
      await database.client.query(
        `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values (gen_random_uuid(), 'real.zed@northfield.edu', now(), $1)`,
        [JSON.stringify(student)],
      );
      await database.client.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
    });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'That registration number is already registered at this university',
    });
  });
});

// --- staff management -------------------------------------------------------------------------------------------
describe('staff accounts', () => {
  it('has no default staff password any more: nothing stores one and nothing can set one', async () => {
    const r = await probe(database.client, SUPER, `select public.set_default_staff_password('FreshStaffPass9')`);
    expect(r.error?.code).toBe('42883');
    const { rows } = await database.client.query(`select to_regclass('private.university_secrets') as secrets,
      exists (select 1 from information_schema.columns where table_name = 'universities' and column_name = 'default_staff_password_set_at') as flag`);
    expect(rows).toEqual([{ secrets: null, flag: false }]);
  });

  it('a new password clears the must-change flag an operator set', async () => {
    const { value } = await rolledBack(database.client, async () => {
      await database.client.query('update public.members set must_change_password = true where id = $1', [DOCTOR]);
      await database.client.query(
        `update auth.users set encrypted_password = extensions.crypt('MyOwnPass2026', extensions.gen_salt('bf', 4)) where id = $1`,
        [DOCTOR],
      );
      return (await database.client.query('select must_change_password from public.members where id = $1', [DOCTOR]))
        .rows[0];
    });
    expect(value).toEqual({ must_change_password: false });
  });
});

describe('member status, super admins and removal', () => {
  it('deactivation bans, ends sessions and takes effect on the next request; reactivation restores', async () => {
    const result = await rolledBack(database.client, async () => {
      await database.client.query(
        `insert into auth.sessions (id, user_id) values ('00000000-0000-4000-8000-0000000005e5', $1)`,
        [STUDENT2],
      );
      await database.client.query(
        `insert into auth.refresh_tokens (token, user_id, session_id) values ('rt-probe', $1, '00000000-0000-4000-8000-0000000005e5')`,
        [STUDENT2],
      );
      await database.client.query('savepoint s');
      await actAs(database.client, SUPER);
      const row = (await database.client.query(`select (public.set_member_status($1, 'deactivated')).*`, [STUDENT2]))
        .rows[0];
      // The student's still-valid access token now sees nothing, and booking is refused.
      await actAs(database.client, STUDENT2);
      const own = (await database.client.query('select count(*)::int n from public.members')).rows[0].n;
      const appts = (await database.client.query('select count(*)::int n from public.appointments')).rows[0].n;
      const health = (await database.client.query('select count(*)::int n from public.health_profiles')).rows[0].n;
      let booking = '';
      await database.client.query('savepoint b');
      try {
        await database.client.query(`select public.book_appointment(now() + interval '90 days', 'Check-up')`);
      } catch (e) {
        booking = (e as Error).message;
        await database.client.query('rollback to savepoint b');
      }
      await database.client.query('reset role');
      const user = (await database.client.query('select banned_until from auth.users where id = $1', [STUDENT2]))
        .rows[0];
      const sessions = (
        await database.client.query('select count(*)::int n from auth.sessions where user_id = $1', [STUDENT2])
      ).rows[0].n;
      const tokens = (
        await database.client.query('select count(*)::int n from auth.refresh_tokens where user_id = $1', [STUDENT2])
      ).rows[0].n;
      await actAs(database.client, SUPER);
      await database.client.query(`select public.set_member_status($1, 'active')`, [STUDENT2]);
      await actAs(database.client, STUDENT2);
      const ownAgain = (await database.client.query('select count(*)::int n from public.members')).rows[0].n;
      await database.client.query('reset role');
      const userAgain = (await database.client.query('select banned_until from auth.users where id = $1', [STUDENT2]))
        .rows[0];
      return { row, own, appts, health, booking, user, sessions, tokens, ownAgain, userAgain };
    });
    expect(result.error).toBeUndefined();
    const v = result.value!;
    expect(v.row.status).toBe('deactivated');
    expect([v.own, v.appts, v.health]).toEqual([0, 0, 0]);
    expect(v.booking).toBe('Only students can book appointments');
    expect((v.user.banned_until as Date) > new Date(await hoursFromNow(database.client, 50 * 365 * 24))).toBe(true);
    expect([v.sessions, v.tokens]).toEqual([0, 0]);
    expect(v.ownAgain).toBe(1);
    expect(v.userAgain.banned_until).toBeNull();
  });

  it.each([
    [
      'deactivate yourself',
      `select public.set_member_status($1, 'deactivated')`,
      [SUPER],
      'You cannot change the status of your own account',
    ],
    [
      'unknown status',
      `select public.set_member_status($1, 'paused')`,
      [STUDENT2],
      'Status must be active or deactivated',
    ],
    [
      'make a student super admin',
      'select public.make_super_admin($1)',
      [STUDENT2],
      'Only staff members can be made super admin',
    ],
    ['remove yourself', 'select public.remove_member($1)', [SUPER], 'You cannot remove your own account'],
    ['remove someone of another university', 'select public.remove_member($1)', [sb('student02')], 'Member not found'],
  ])('refuses to %s', async (_label, sql, params, message) => {
    const r = await probe(database.client, SUPER, sql, params);
    expect(r.error).toMatchObject({ code: 'P0001', message });
  });

  it('make_super_admin gives a doctor super-admin powers', async () => {
    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, SUPER);
      await database.client.query('select public.make_super_admin($1)', [nf('dr.bello')]);
      await actAs(database.client, nf('dr.bello'));
      return (await database.client.query('select count(*)::int n from public.invitations')).rows[0].n;
    });
    expect(result.value).toBeGreaterThan(0);
  });

  it('remove_member keeps the records of a doctor’s visits: one with visits on record is deactivated instead, one with visits booked waits', async () => {
    const seen = await probe(database.client, SUPER, 'select public.remove_member($1)', [nf('dr.adams')]);
    expect(seen.error).toMatchObject({
      code: 'P0001',
      message:
        'Dr Amelia Adams has visits on record, and the clinic keeps its records with their doctor, so this account cannot be removed. Deactivate it instead: they can no longer sign in, and the records stay.',
    });
    const result = await rolledBack(database.client, async () => {
      // A doctor who has seen no one yet, with two visits booked, then none.
      // Invited and signed up the way the auth service does it (invitations.test.ts).
      await database.client.query(
        `insert into public.invitations (university_id, email, role, token_hash) values ($1, 'dr.new@northfield.edu', 'doctor', encode(extensions.digest('new-doctor', 'sha256'), 'hex'))`,
        [NORTHFIELD_ID],
      );
      const doctor = (
        await database.client.query<{ id: string }>(
          `insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values (gen_random_uuid(), 'dr.new@northfield.edu', 'x', $1) returning id`,
          [{ kind: 'staff', invitation: 'new-doctor', first_name: 'Nia', last_name: 'New' }],
        )
      ).rows[0].id;
      await database.client.query(`update public.members set title = 'Dr' where id = $1`, [doctor]);
      // Weeks apart, so the two never fall on the same weekday slot whatever today is.
      for (const daysAhead of [50, 74]) {
        await database.client.query(
          `insert into public.appointments (university_id, student_id, provider_id, date, name, department, reg, year, reason)
           select m.university_id, m.id, $2, $3, m.first_name || ' ' || m.last_name, m.department, m.reg_number, m.year_of_study, 'Check-up' from public.members m where m.id = $1`,
          [STUDENT2, doctor, await clinicSlot(database.client, daysAhead)],
        );
      }
      await actAs(database.client, SUPER);
      await database.client.query('savepoint booked');
      const booked = await database.client.query('select public.remove_member($1)', [doctor]).then(
        () => undefined,
        (error: Error) => error.message,
      );
      await database.client.query('rollback to savepoint booked');
      await database.client.query('reset role');
      await database.client.query(
        `update public.appointments set status = 'cancelled', cancel_reason = 'Doctor leaving' where provider_id = $1`,
        [doctor],
      );
      await actAs(database.client, SUPER);
      await database.client.query('savepoint cancelled');
      const cancelled = await database.client.query('select public.remove_member($1)', [doctor]).then(
        () => undefined,
        (error: Error) => error.message,
      );
      await database.client.query('rollback to savepoint cancelled');
      // Booked by mistake and deleted by the server: no record of them remains, and nothing keeps the account.
      await database.client.query('reset role');
      await database.client.query('delete from public.appointments where provider_id = $1', [doctor]);
      await actAs(database.client, SUPER);
      await database.client.query('select public.remove_member($1)', [doctor]);
      await database.client.query('reset role');
      const left = (await database.client.query('select count(*)::int as n from auth.users where id = $1', [doctor]))
        .rows[0].n;
      return { booked, cancelled, left };
    });
    expect(result).toEqual({
      value: {
        booked:
          'Dr Nia New still has 2 booked visits: give them to another doctor or cancel them, then remove the account.',
        cancelled: expect.stringMatching(/^Dr Nia New has visits on record, .* Deactivate it instead/),
        left: 0,
      },
    });
  });

  it('remove_member deletes the account and its data, and the audit log keeps the record', async () => {
    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, SUPER);
      await database.client.query('select public.remove_member($1)', [STUDENT2]);
      await database.client.query('reset role');
      return (
        await database.client.query(
          `select (select count(*)::int from auth.users where id = $1) users,
        (select count(*)::int from public.appointments where student_id = $1) appts,
        (select count(*)::int from public.health_profiles where student_id = $1) health,
        (select count(*)::int from public.audit_log where record_id = $1 and action = 'delete' and table_name = 'members' and actor_id = $2) audited`,
          [STUDENT2, SUPER],
        )
      ).rows[0];
    });
    expect(result.value).toEqual({ users: 0, appts: 0, health: 0, audited: 1 });
  });
});

// --- health profiles and audit ------------------------------------------------------------------------------------
describe('health profiles and the audit trail', () => {
  it("staff cannot select a student's health profile; a doctor reads it through get_health_profile, which is audited", async () => {
    const plain = await probe(database.client, DOCTOR, 'select * from public.health_profiles where student_id = $1', [
      STUDENT2,
    ]);
    expect(plain.rows).toEqual([]);
    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, DOCTOR);
      const profile = (await database.client.query('select * from public.get_health_profile($1)', [STUDENT2])).rows[0];
      await actAs(database.client, STUDENT2);
      const seenByStudent = (
        await database.client.query(`select actor_id from public.audit_log where action = 'read' and record_id = $1`, [
          STUDENT2,
        ])
      ).rows;
      const names = (
        await database.client.query('select first_name, last_name from public.staff_directory where id = $1', [DOCTOR])
      ).rows;
      await actAs(database.client, STUDENT);
      const seenByOther = (
        await database.client.query(`select count(*)::int n from public.audit_log where record_id = $1`, [STUDENT2])
      ).rows[0].n;
      return { profile, seenByStudent, names, seenByOther };
    });
    expect(result.error).toBeUndefined();
    expect(result.value!.profile.student_id).toBe(STUDENT2);
    expect(result.value!.seenByStudent).toEqual([{ actor_id: DOCTOR }]);
    expect(result.value!.names).toEqual([{ first_name: 'Amelia', last_name: 'Adams' }]);
    expect(result.value!.seenByOther).toBe(0);
    const admin = await probe(database.client, ADMIN, 'select * from public.get_health_profile($1)', [STUDENT2]);
    expect(admin.error?.message).toBe("Only doctors of the student's university can read health profiles");
  });

  it('writes audit rows for insert/update/delete on members, health_profiles, appointments and programs', async () => {
    const result = await rolledBack(database.client, async () => {
      await actAs(database.client, STUDENT);
      await database.client.query(
        `update public.health_profiles set allergies = 'Pollen', bmi = 23.1 where student_id = $1`,
        [STUDENT],
      );
      await database.client.query(`update public.members set phone = '+1 555 123 4567' where id = $1`, [STUDENT]);
      const appt = (
        await database.client.query(`select (public.book_appointment($1, 'Vaccination')).id`, [
          await clinicSlot(database.client, 80),
        ])
      ).rows[0].id;
      await actAs(database.client, DOCTOR);
      const program = (
        await database.client.query(
          `insert into public.programs (title, date) values ('Audit me', current_date) returning id`,
        )
      ).rows[0].id;
      await actAs(database.client, ADMIN);
      await database.client.query('delete from public.programs where id = $1', [program]);
      await database.client.query('reset role');
      return (
        await database.client.query(
          `select table_name, action, details from public.audit_log where actor_id in ($1, $2, $3) and record_id in ($1, $4, $5) order by id`,
          [STUDENT, DOCTOR, ADMIN, appt, program],
        )
      ).rows;
    });
    expect(result.error).toBeUndefined();
    const rows = result.value!;
    expect(rows.map((r) => `${r.table_name}:${r.action}`)).toEqual([
      'health_profiles:update',
      'members:update',
      'appointments:insert',
      'programs:insert',
      'programs:delete',
    ]);
    // Health data never lands in the audit log, only the names of the changed columns.
    expect(rows[0].details).toEqual({ columns: ['allergies', 'bmi'] });
    expect(JSON.stringify(rows[0].details)).not.toContain('Pollen');
    expect(rows[1].details).toEqual({ changed: { phone: ['+1 555 0201 11', '+1 555 123 4567'] } });
  });

  it('the audit log is append-only, even for the table owner', async () => {
    const { error } = await rolledBack(database.client, () => database.client.query('delete from public.audit_log'));
    expect(error?.message).toBe('The audit log is append-only');
  });

  it('students cannot change their role, status, university, email or password flag', async () => {
    for (const column of [
      'role',
      'status',
      'university_id',
      'is_super_admin',
      'email',
      'must_change_password',
      'reg_number',
    ]) {
      const r = await probe(database.client, STUDENT, `update public.members set ${column} = ${column} where id = $1`, [
        STUDENT,
      ]);
      expect(r.error?.message).toBe('permission denied for table members');
    }
  });
});

describe('dashboard_counts and lookups', () => {
  it('returns live numbers for each role', async () => {
    const admin = await probe<{ c: Record<string, unknown> }>(
      database.client,
      ADMIN,
      'select public.dashboard_counts() c',
    );
    expect(admin.rows[0].c).toMatchObject({ role: 'admin', students: 20, staff: 5, programs: 5, appointments: 83 });
    const doctor = await probe<{ c: Record<string, number> }>(
      database.client,
      DOCTOR,
      'select public.dashboard_counts() c',
    );
    const expected = (
      await database.client.query(
        `select count(*)::int a, count(distinct student_id)::int p from public.appointments where provider_id = $1`,
        [DOCTOR],
      )
    ).rows[0];
    expect(doctor.rows[0].c).toMatchObject({
      role: 'doctor',
      appointments: expected.a,
      patients: expected.p,
      programs: 5,
    });
    const student = await probe<{ c: Record<string, number> }>(
      database.client,
      STUDENT,
      'select public.dashboard_counts() c',
    );
    expect(student.rows[0].c).toMatchObject({ role: 'student', appointments: 5, upcoming_appointments: 3 });
    const southbank = await probe<{ c: Record<string, number> }>(
      database.client,
      sb('admin'),
      'select public.dashboard_counts() c',
    );
    expect(southbank.rows[0].c).toMatchObject({ students: 20, programs: 3 });
  });

  it('university_for_join_code finds only real codes', async () => {
    const hit = await probe(database.client, null, `select name from public.university_for_join_code(' southbank ')`);
    expect(hit.rows).toEqual([{ name: 'Southbank University' }]);
    const miss = await probe(database.client, null, `select name from public.university_for_join_code('NOPE')`);
    expect(miss.rows).toEqual([]);
  });

  it('seeded demo accounts sign in with the documented password', async () => {
    const r = await database.client
      .query(`select count(*)::int n from auth.users u join auth.identities i on i.user_id = u.id
      where u.encrypted_password = extensions.crypt('CampusCare2026', u.encrypted_password) and u.email_confirmed_at is not null`);
    expect(r.rows[0].n).toBe(50);
  });
});

describe('appointment search and totals at scale', () => {
  const search = (caller: string, term: string) =>
    probe<{ name: string; reg: string }>(
      database.client,
      caller,
      'select name, reg from public.search_appointments($1)',
      [term],
    );

  it('finds names and registration numbers case-insensitively, in the caller university only', async () => {
    const byReg = await search(ADMIN, 'nfu/2024');
    expect(byReg.ok).toBe(true);
    expect(byReg.rows.length).toBeGreaterThan(0);
    expect(byReg.rows.every((r) => r.reg.startsWith('NFU/2024'))).toBe(true);
    const { rows } = await database.client.query<{ name: string }>(
      `select name from public.appointments where university_id = $1 limit 1`,
      [NORTHFIELD_ID],
    );
    const byName = await search(DOCTOR, rows[0].name.toUpperCase());
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r) => r.name === rows[0].name && r.reg.startsWith('NFU/'))).toBe(true);
    // The seed gives both universities the same names: each sees only its own students' appointments.
    const southbank = await search(sb('admin'), rows[0].name);
    expect(southbank.rows.length).toBeGreaterThan(0);
    expect(southbank.rows.every((r) => r.reg.startsWith('SBU/'))).toBe(true);
  });

  it('treats % and _ in a term as plain characters', async () => {
    expect((await search(ADMIN, '%')).rows).toEqual([]);
    expect((await search(ADMIN, '_')).rows).toEqual([]);
  });

  it('refuses students, empty and overlong terms with a clear message', async () => {
    expect((await search(STUDENT, 'nfu')).error?.message).toBe('Only clinic staff can search appointments');
    expect((await search(ADMIN, '  ')).error?.message).toBe('Search for 1 to 100 characters');
    expect((await search(ADMIN, 'x'.repeat(101))).error?.message).toBe('Search for 1 to 100 characters');
  });

  it("appointments_total is the staff member's university's real count", async () => {
    for (const [caller, university] of [
      [DOCTOR, NORTHFIELD_ID],
      [sb('admin'), SOUTHBANK_ID],
    ]) {
      const total = await probe<{ n: string }>(database.client, caller, 'select public.appointments_total() n');
      const real = await database.client.query<{ n: string }>(
        'select count(*) n from public.appointments where university_id = $1',
        [university],
      );
      expect(total.rows[0].n).toBe(real.rows[0].n);
    }
    expect((await probe(database.client, STUDENT, 'select public.appointments_total()')).error?.message).toBe(
      "Only clinic staff can see the university's appointments",
    );
  });
});
