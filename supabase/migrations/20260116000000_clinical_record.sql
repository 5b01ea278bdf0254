-- The clinical record: visits with their note, vital signs, diagnoses, prescriptions, addenda and excuse letters, as
-- docs/clinical-record.md agreed (its table and column names are the contract), under the health-data rules: the
-- database decides, signed records are never edited, admins never read clinical content, every staff read is shown
-- to the student, and no clinical content goes into email:
--   * A visit is an appointment that was started: moving an appointment to `ongoing` opens its note as a draft, and a
--     walk-in is an appointment a doctor creates already ongoing. `completed` is reached only by signing the note.
--   * Only the visit's doctor writes the draft and what hangs off it; signing freezes all of it for good, for everyone.
--     Corrections are addenda, which are never changed either.
--   * Doctors read a student's record through open_patient_chart() and open_visit(), which record the read for the
--     student's "Who viewed my health record"; directly they read only the drafts they are writing. A student reads
--     their own signed visits (never a draft). Admins and super admins read no clinical content, only counts.
--   * Excuse letters carry a long random code; anyone holding it can check the letter (valid or revoked, who, which
--     university, which days, which doctor) and nothing else. The code is kept, so the student can print the letter
--     again, but no API role reads the column: it reaches the student (their own, signed) and the university's doctors
--     only through the functions that return their letters.
--   * The visit's doctor books the student's follow-up from the note (book_follow_up), at a free time only; the
--     clinic's bookings count against none of the student's own booking limits.
--   * A signed visit sends the student "You have a new visit summary" with a link: no clinical content in email.

-- 1. Appointments: booked or walk-in ------------------------------------------------------------------------------
create type public.appointment_kind as enum ('booked', 'walk_in');
create type public.visit_status as enum ('draft', 'signed');

-- Server-owned like the status: students book `booked`; only start_walk_in_visit() creates a walk-in.
alter table public.appointments add column kind public.appointment_kind not null default 'booked';
comment on column public.appointments.kind is
  'booked (a student or staff booked it) or walk_in (a doctor saw the student without a booking: created ongoing).';

-- A doctor's walk-in does not take their agenda's time: a student who walks in is seen between bookings, and a
-- doctor may keep a visit open (waiting for a test, say) while seeing the next person. The student may still be in one
-- visit at a time (appointments_no_student_overlap, unchanged). Same name, so the overlap message keeps working.
alter table public.appointments drop constraint appointments_no_provider_overlap;
alter table public.appointments add constraint appointments_no_provider_overlap exclude using gist (
  provider_id with =, private.appointment_slot(date, duration_minutes) with &&
) where (provider_id is not null and status in ('scheduled', 'ongoing') and kind = 'booked');

-- Appointments the clinic made for a student (a follow-up booked from a note, a walk-in), with who made them. The
-- student's booking limits count only the student's own bookings, and before this migration every booking through the
-- API was one (only students could insert). A table of its own in the private schema rather than a column: every
-- client reads appointments whole and the shared code types their rows whole, while this fact matters only to the
-- limits. Filled by appointments_staff_booking (below); nobody reads it but the database.
create table private.staff_bookings (
  appointment_id uuid primary key references public.appointments (id) on delete cascade,
  booked_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now()
);
create index staff_bookings_booked_by_idx on private.staff_bookings (booked_by) where booked_by is not null;
revoke all on private.staff_bookings from public, anon, authenticated, service_role;

-- 2. Tables ---------------------------------------------------------------------------------------------------------
-- A default for columns the BEFORE INSERT triggers below fill from the visit (the student, mostly): clients neither
-- need to nor may name them (no column grant), and the generated types then say so. Never stored as is: the column
-- is NOT NULL and the trigger always sets it.
create function private.filled_by_trigger()
returns uuid
language sql
immutable
set search_path = ''
as $$
  select null::uuid
$$;
revoke all on function private.filled_by_trigger() from public;
-- Defaults are evaluated with the inserting role's privileges.
grant execute on function private.filled_by_trigger() to authenticated, service_role;

-- ICD-10 reference data (the codes and titles are public facts); the rows are in 20260116000100_icd10_codes.sql.
create table public.icd10_codes (
  code text primary key constraint icd10_codes_code_format check (code ~ '^[A-Z][0-9]{2}(\.[0-9A-Z]{1,2})?$'),
  title text not null constraint icd10_codes_title_length check (char_length(btrim(title)) between 1 and 300)
);
comment on table public.icd10_codes is 'WHO ICD-10 codes a campus clinic uses most (code, title): the diagnosis picker''s list.';
-- The picker searches by code prefix ("J06") and by words of the title ("sprain").
create index icd10_codes_code_prefix_idx on public.icd10_codes (code text_pattern_ops);
create index icd10_codes_title_trgm_idx on public.icd10_codes using gin (title extensions.gin_trgm_ops);

-- visits: one per started appointment. The note is the doctor's: chief complaint, then SOAP, then the follow-up.
create table public.visits (
  id uuid primary key default gen_random_uuid(),
  appointment_id uuid not null constraint visits_appointment_id_key unique
    references public.appointments (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade,
  student_id uuid not null references public.members (id) on delete cascade,
  -- Null only once the doctor's account has been removed (the note keeps everything else).
  doctor_id uuid references public.members (id) on delete set null,
  status public.visit_status not null default 'draft',
  chief_complaint text constraint visits_chief_complaint_length
    check (char_length(chief_complaint) <= 200 and private.is_single_line(chief_complaint)),
  subjective text constraint visits_subjective_length check (char_length(subjective) <= 10000),
  objective text constraint visits_objective_length check (char_length(objective) <= 10000),
  assessment text constraint visits_assessment_length check (char_length(assessment) <= 10000),
  plan text constraint visits_plan_length check (char_length(plan) <= 10000),
  follow_up text constraint visits_follow_up_length check (char_length(follow_up) <= 1000),
  signed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint visits_signed_state check ((status = 'signed') = (signed_at is not null))
);
create index visits_student_created_idx on public.visits (student_id, created_at desc);
create index visits_doctor_status_idx on public.visits (doctor_id, status);
create index visits_university_status_idx on public.visits (university_id, status);

-- Corrections and additions to a signed visit: written once, never changed.
create table public.visit_addenda (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  student_id uuid not null default private.filled_by_trigger() references public.members (id) on delete cascade,
  author_id uuid default auth.uid() references public.members (id) on delete set null,
  text text not null constraint visit_addenda_text_length check (char_length(btrim(text)) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index visit_addenda_visit_idx on public.visit_addenda (visit_id, created_at);
create index visit_addenda_author_idx on public.visit_addenda (author_id);

-- Vital signs. The ranges refuse what no living student can measure (a typo, a unit mix-up: 98.6 as °C); values
-- outside the normal adult ranges are only flagged (private.vital_flags). shared/src/validation/columnRules.ts says
-- the same ranges to the forms.
create table public.vital_signs (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  student_id uuid not null default private.filled_by_trigger() references public.members (id) on delete cascade,
  recorded_at timestamptz not null default now(),
  temperature_c numeric(4, 1) constraint vital_signs_temperature_c_range check (temperature_c between 25 and 45),
  systolic_mmhg smallint constraint vital_signs_systolic_mmhg_range check (systolic_mmhg between 50 and 300),
  diastolic_mmhg smallint constraint vital_signs_diastolic_mmhg_range check (diastolic_mmhg between 20 and 200),
  pulse_bpm smallint constraint vital_signs_pulse_bpm_range check (pulse_bpm between 20 and 250),
  respiratory_rate smallint constraint vital_signs_respiratory_rate_range check (respiratory_rate between 4 and 80),
  spo2_percent smallint constraint vital_signs_spo2_percent_range check (spo2_percent between 50 and 100),
  weight_kg numeric(5, 1) constraint vital_signs_weight_kg_range check (weight_kg between 20 and 400),
  height_cm numeric(4, 1) constraint vital_signs_height_cm_range check (height_cm between 100 and 250),
  -- kg / m², computed here so no client can store a BMI that does not follow from the weight and height.
  bmi numeric(4, 1) generated always as (round(weight_kg * 10000 / (height_cm * height_cm), 1)) stored,
  constraint vital_signs_blood_pressure_pair check ((systolic_mmhg is null) = (diastolic_mmhg is null)),
  constraint vital_signs_blood_pressure_order check (systolic_mmhg > diastolic_mmhg),
  constraint vital_signs_something_recorded check (
    num_nonnulls(temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm) > 0
  )
);
create index vital_signs_visit_idx on public.vital_signs (visit_id);
create index vital_signs_student_recorded_idx on public.vital_signs (student_id, recorded_at);

create table public.diagnoses (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  description text not null constraint diagnoses_description_length
    check (char_length(btrim(description)) between 1 and 300 and private.is_single_line(description)),
  icd10_code text references public.icd10_codes (code),
  created_at timestamptz not null default now()
);
create index diagnoses_visit_idx on public.diagnoses (visit_id);

create table public.prescriptions (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  student_id uuid not null default private.filled_by_trigger() references public.members (id) on delete cascade,
  drug text not null constraint prescriptions_drug_length
    check (char_length(btrim(drug)) between 1 and 200 and private.is_single_line(drug)),
  strength text constraint prescriptions_strength_length check (char_length(strength) <= 100 and private.is_single_line(strength)),
  dose text constraint prescriptions_dose_length check (char_length(dose) <= 100 and private.is_single_line(dose)),
  route text constraint prescriptions_route_length check (char_length(route) <= 50 and private.is_single_line(route)),
  frequency text constraint prescriptions_frequency_length check (char_length(frequency) <= 100 and private.is_single_line(frequency)),
  duration text constraint prescriptions_duration_length check (char_length(duration) <= 100 and private.is_single_line(duration)),
  quantity text constraint prescriptions_quantity_length check (char_length(quantity) <= 100 and private.is_single_line(quantity)),
  instructions text constraint prescriptions_instructions_length check (char_length(instructions) <= 1000),
  -- Required when the drug matches the student's recorded allergies (prescriptions_guard_allergies), and kept.
  allergy_acknowledgement text constraint prescriptions_allergy_acknowledgement_length
    check (char_length(allergy_acknowledgement) <= 500 and private.is_single_line(allergy_acknowledgement)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index prescriptions_visit_idx on public.prescriptions (visit_id);
create index prescriptions_student_created_idx on public.prescriptions (student_id, created_at desc);

-- Excuse letters. The code is stored as issued (24 characters, without the dashes it is printed with) rather than as a
-- hash: the student downloads and prints the letter again whenever they need it, and the code is on it. It is 119 bits
-- of randomness, so keeping it adds no way in for a guesser; what protects it is that no API role may select the
-- column (reads are granted column by column below) and private.letter_json() returns it only to those entitled. Letters
-- are never deleted; a revoked letter is kept and says so.
create table public.excuse_letters (
  id uuid primary key default gen_random_uuid(),
  visit_id uuid not null references public.visits (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  student_id uuid not null default private.filled_by_trigger() references public.members (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  verification_code text not null constraint excuse_letters_verification_code_key unique
    constraint excuse_letters_verification_code_format check (verification_code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{24}$'),
  issued_by uuid default auth.uid() references public.members (id) on delete set null,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references public.members (id) on delete set null,
  revoke_reason text constraint excuse_letters_revoke_reason_length
    check (char_length(btrim(revoke_reason)) between 1 and 500 and private.is_single_line(revoke_reason)),
  constraint excuse_letters_dates_order check (ends_on >= starts_on),
  constraint excuse_letters_span check (ends_on - starts_on <= 30),
  constraint excuse_letters_revocation check ((revoked_at is null) = (revoke_reason is null))
);
create index excuse_letters_visit_idx on public.excuse_letters (visit_id);
create index excuse_letters_student_issued_idx on public.excuse_letters (student_id, issued_at desc);
create index excuse_letters_issued_by_idx on public.excuse_letters (issued_by);
create index excuse_letters_revoked_by_idx on public.excuse_letters (revoked_by) where revoked_by is not null;

-- 3. Rules ------------------------------------------------------------------------------------------------------------
-- The caller's active doctor row in the given university, or nothing.
create function private.doctor_of(p_university uuid)
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'doctor' or v_me.university_id is distinct from p_university then
    return null;
  end if;
  return v_me;
end;
$$;

-- Restated whole from 20260101000200_triggers.sql. New: a walk-in is inserted ongoing, now, by its own doctor
-- (start_walk_in_visit); an appointment's kind never changes; and `completed` needs the visit's signed note, so it is
-- reached only by sign_visit() — never by update_appointment() or a direct update, the server's included. (The server
-- and the seed may still insert finished appointments as history.)
create or replace function private.appointments_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_caller_role public.member_role;
  v_student public.members;
begin
  if v_uid is not null then
    select m.role into v_caller_role from public.members m where m.id = v_uid and m.status = 'active';
  end if;

  if tg_op = 'INSERT' then
    select * into v_student from public.members m where m.id = new.student_id;
    if v_student.id is null or v_student.role <> 'student' or v_student.university_id <> new.university_id then
      perform private.fail('An appointment must belong to a student of the same university');
    end if;
    if v_uid is not null and new.kind = 'walk_in' then
      if v_caller_role is distinct from 'doctor' or new.provider_id is distinct from v_uid then
        perform private.fail('Only a doctor can start a walk-in visit, as its doctor');
      end if;
      if new.status <> 'ongoing' or new.date not between now() - interval '1 minute' and now() + interval '1 minute' then
        perform private.fail('A walk-in visit starts now');
      end if;
    elsif v_uid is not null then
      if new.status <> 'scheduled' then
        perform private.fail('A new appointment starts as scheduled');
      end if;
      if new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
  else
    if new.id <> old.id or new.university_id <> old.university_id or new.student_id <> old.student_id
       or new.created_at <> old.created_at then
      perform private.fail('An appointment''s student and university cannot change');
    end if;
    if new.kind <> old.kind then
      perform private.fail('An appointment stays booked or walk-in');
    end if;
    if old.status in ('completed', 'cancelled')
       and (to_jsonb(new) - 'updated_at') is distinct from (to_jsonb(old) - 'updated_at') then
      perform private.fail(format('This appointment is already %s and can no longer change', old.status));
    end if;
    if new.status <> old.status and not (
      (old.status = 'scheduled' and new.status in ('ongoing', 'cancelled'))
      or (old.status = 'ongoing' and new.status in ('completed', 'cancelled'))
    ) then
      perform private.fail(format('An appointment cannot go from %s to %s', old.status, new.status));
    end if;
    if new.date <> old.date or new.duration_minutes <> old.duration_minutes then
      if old.status <> 'scheduled' then
        perform private.fail('Only a scheduled appointment can be rescheduled');
      end if;
      if v_uid is not null and new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif v_uid is not null and new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
    if v_uid is not null then
      if v_caller_role = 'student' then
        if new.provider_id is distinct from old.provider_id or new.name <> old.name or new.department <> old.department
           or new.reg <> old.reg or new.year <> old.year then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
        if new.status <> old.status and new.status <> 'cancelled' then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
      elsif v_caller_role = 'admin' and new.status <> old.status and new.status in ('ongoing', 'completed') then
        perform private.fail('Only a doctor can start or complete an appointment');
      end if;
    end if;
    if new.status = 'completed' and old.status <> 'completed' and not exists (
      select 1 from public.visits v where v.appointment_id = new.id and v.status = 'signed'
    ) then
      perform private.fail('Sign the visit to complete it: an appointment is completed when its doctor signs the visit note');
    end if;
    new.updated_at := now();
  end if;

  if new.status = 'cancelled' and coalesce(btrim(new.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
  end if;
  if new.provider_id is not null and (tg_op = 'INSERT' or new.provider_id is distinct from old.provider_id) then
    if not exists (
      select 1 from public.members d
      where d.id = new.provider_id and d.university_id = new.university_id and d.role = 'doctor' and d.status = 'active'
    ) then
      perform private.fail('Choose an active doctor of this university');
    end if;
  end if;
  return new;
end;
$$;

-- Restated whole from 20260112000000_server_owned_columns.sql: the limits are on the student's own bookings. A booking
-- someone else makes for them (a walk-in, a follow-up booked from a note: private.staff_bookings) is the clinic's
-- doing, so it is neither refused by the student's limits nor counted in them, and a follow-up never costs the student
-- a booking of their own. The patient still comes from their member row.
create or replace function private.appointments_student_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_bookings_per_minute constant integer := 3;
  v_student public.members;
  v_settings public.clinic_settings;
  v_zone text;
begin
  if auth.uid() is null then
    return new;
  end if;
  select * into v_student from public.members m where m.id = new.student_id;
  new.name := left(btrim(v_student.first_name || ' ' || v_student.last_name), 200);
  new.reg := v_student.reg_number;
  if new.kind = 'walk_in' or auth.uid() is distinct from new.student_id then
    return new;
  end if;

  select * into v_settings from public.clinic_settings s where s.university_id = new.university_id;
  v_zone := coalesce(v_settings.timezone, 'UTC');
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(new.student_id::text));
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id and a.status = 'scheduled' and a.date > now()
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= v_settings.student_upcoming_limit then
    perform private.fail(format(
      'You already have %s upcoming appointment%s, the most the clinic allows. Cancel one, or book again after your next visit.',
      v_settings.student_upcoming_limit, case when v_settings.student_upcoming_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id
        and a.created_at >= (date_trunc('day', now() at time zone v_zone) at time zone v_zone)
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= v_settings.student_daily_booking_limit then
    perform private.fail(format(
      'You can book at most %s appointment%s a day, cancelled ones included. Please book again tomorrow.',
      v_settings.student_daily_booking_limit, case when v_settings.student_daily_booking_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id and a.created_at > now() - interval '1 minute'
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= c_bookings_per_minute then
    perform private.fail(format('You are booking too quickly: at most %s appointments a minute. Please wait a minute and try again.',
                                c_bookings_per_minute));
  end if;
  return new;
end;
$$;

-- Records who made a booking that is not the student's own. API requests only: the server and the seed record history,
-- which was nobody's booking this week.
create function private.appointments_staff_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and auth.uid() is distinct from new.student_id then
    insert into private.staff_bookings (appointment_id, booked_by) values (new.id, auth.uid());
  end if;
  return null;
end;
$$;
revoke all on function private.appointments_staff_booking() from public, anon, authenticated, service_role;
create trigger appointments_staff_booking after insert on public.appointments
  for each row execute function private.appointments_staff_booking();

-- Starting an appointment opens its note; cancelling a started one discards the draft, which was never part of the
-- record (a signed visit's appointment is completed and cannot be cancelled). The draft is the appointment's doctor's,
-- or, for an unassigned one, the doctor's who started it. The booking's reason is the first draft of the chief
-- complaint. A draft from which a letter was issued cannot be discarded: the student holds the letter.
create function private.appointments_visit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_doctor uuid := new.provider_id;
begin
  if new.status = 'ongoing' and (tg_op = 'INSERT' or old.status <> 'ongoing') then
    if v_doctor is null then
      v_doctor := (private.doctor_of(new.university_id)).id;
    end if;
    if v_doctor is null then
      perform private.fail('Assign a doctor before starting the visit');
    end if;
    insert into public.visits (appointment_id, doctor_id, chief_complaint)
    values (new.id, v_doctor, nullif(left(regexp_replace(new.reason, '^Other: ', ''), 200), 'Other'))
    on conflict (appointment_id) do nothing;
  elsif tg_op = 'UPDATE' and new.status = 'cancelled' and old.status = 'ongoing' then
    if exists (select 1 from public.excuse_letters l join public.visits v on v.id = l.visit_id where v.appointment_id = new.id) then
      perform private.fail('An excuse letter was issued from this visit: sign the visit instead of cancelling it');
    end if;
    delete from public.visits v where v.appointment_id = new.id and v.status = 'draft';
  end if;
  return null;
end;
$$;
create trigger appointments_visit after insert or update of status on public.appointments
  for each row execute function private.appointments_visit();

-- visits: filled from their appointment; a draft is its doctor's alone; signing needs a chief complaint and an
-- assessment or diagnosis, and freezes the row. The one change a signed row still takes is its doctor's account being
-- removed (the foreign key clears doctor_id; the note stays). Requests without a JWT subject (server, seed) may record
-- history: a visit of a finished appointment, and when it was signed.
create function private.visits_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_appointment public.appointments;
begin
  if tg_op = 'DELETE' then
    -- Only cascades (the student's account removed) reach a signed visit: a statement of its own never does.
    if old.status = 'signed' and pg_catalog.pg_trigger_depth() = 1 then
      perform private.fail('A signed visit is part of the record and cannot be deleted');
    end if;
    return old;
  end if;

  if tg_op = 'UPDATE' then
    if new.doctor_id is null and old.doctor_id is not null
       and (to_jsonb(new) - 'doctor_id') = (to_jsonb(old) - 'doctor_id') then
      return new;
    end if;
    if old.status = 'signed' then
      perform private.fail('This visit is signed and can no longer change. Add an addendum to correct or complete it');
    end if;
    if v_uid is not null and v_uid is distinct from old.doctor_id then
      perform private.fail('Only the visit''s doctor can edit its draft');
    end if;
    if new.id <> old.id or new.appointment_id <> old.appointment_id or new.university_id <> old.university_id
       or new.student_id <> old.student_id or new.doctor_id is distinct from old.doctor_id or new.created_at <> old.created_at then
      perform private.fail('A visit''s appointment, student and doctor cannot change');
    end if;
  else
    select * into v_appointment from public.appointments a where a.id = new.appointment_id;
    if v_appointment.id is null then
      perform private.fail('Appointment not found');
    end if;
    new.university_id := v_appointment.university_id;
    new.student_id := v_appointment.student_id;
    if not exists (select 1 from public.members d
                   where d.id = new.doctor_id and d.role = 'doctor' and d.university_id = new.university_id) then
      perform private.fail('A visit''s doctor must be a doctor of the student''s university');
    end if;
    if v_uid is not null then
      if v_appointment.status <> 'ongoing' then
        perform private.fail('A visit is opened by starting its appointment');
      end if;
      new.status := 'draft';
      new.signed_at := null;
      new.created_at := now();
    end if;
  end if;

  new.chief_complaint := nullif(btrim(new.chief_complaint), '');
  new.subjective := nullif(btrim(new.subjective), '');
  new.objective := nullif(btrim(new.objective), '');
  new.assessment := nullif(btrim(new.assessment), '');
  new.plan := nullif(btrim(new.plan), '');
  new.follow_up := nullif(btrim(new.follow_up), '');

  if new.status = 'signed' and (tg_op = 'INSERT' or old.status = 'draft') then
    if new.chief_complaint is null then
      perform private.fail('Write the chief complaint before signing the visit');
    end if;
    if new.assessment is null and (tg_op = 'INSERT' or not exists (select 1 from public.diagnoses d where d.visit_id = new.id)) then
      perform private.fail('Record an assessment or a diagnosis before signing the visit');
    end if;
    new.signed_at := case when v_uid is null then coalesce(new.signed_at, now()) else now() end;
  end if;
  if tg_op = 'UPDATE' and (v_uid is not null or new.updated_at = old.updated_at) then
    new.updated_at := now();
  end if;
  return new;
end;
$$;
create trigger visits_guard before insert or update or delete on public.visits
  for each row execute function private.visits_guard();

-- What signing does besides freezing the note: the appointment is completed, and the student is told a summary is
-- waiting (nothing clinical in the email, not even the reason). Nothing is mailed while the seed loads.
create function private.queue_visit_summary_email(p_visit public.visits)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_student public.members;
  v_university text;
  v_link text := private.site_url() || '/studentvisits';
begin
  select * into v_student from public.members m where m.id = p_visit.student_id and m.status = 'active';
  if v_student.id is null then
    return false;
  end if;
  select u.name into v_university from public.universities u where u.id = p_visit.university_id;
  insert into public.email_outbox (to_email, subject, body, appointment_id, kind, dedupe_key)
  values (
    v_student.email,
    'You have a new visit summary',
    array_to_string(array[
      format('Hello %s,', coalesce(nullif(v_student.first_name, ''), private.member_display_name(v_student))),
      '',
      format('You have a new visit summary from the %s clinic.', v_university),
      '',
      'To read it, sign in to CampusCare and open My visits: ' || v_link,
      '',
      'For your privacy, this email says nothing about the visit itself.'
    ], E'\n') || E'\n',
    p_visit.appointment_id,
    'visit_summary',
    'visit_summary:' || p_visit.id
  )
  on conflict (dedupe_key) do nothing;
  return found;
end;
$$;

create function private.visits_signed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'signed' and old.status = 'draft' then
    update public.appointments a set status = 'completed' where a.id = new.appointment_id and a.status = 'ongoing';
    if coalesce(current_setting('campuscare.provisioning', true), '') <> 'on' then
      perform private.queue_visit_summary_email(new);
    end if;
  end if;
  return null;
end;
$$;
create trigger visits_signed after update of status on public.visits
  for each row execute function private.visits_signed();

-- Vital signs, diagnoses and prescriptions: written only into a draft, only by its doctor, and never changed or
-- removed once the visit is signed (only cascades, when the whole visit goes with a removed account, reach them then).
-- The university and student are the visit's.
create function private.visit_child_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_visit public.visits;
begin
  select * into v_visit from public.visits v
  where v.id = case when tg_op = 'DELETE' then old.visit_id else new.visit_id end;
  if tg_op = 'DELETE' then
    if v_visit.status = 'signed' and pg_catalog.pg_trigger_depth() = 1 then
      perform private.fail('This visit is signed and can no longer change. Add an addendum to correct or complete it');
    end if;
    if v_visit.status = 'draft' and v_uid is not null and v_uid is distinct from v_visit.doctor_id then
      perform private.fail('Only the visit''s doctor can edit its draft');
    end if;
    return old;
  end if;
  if v_visit.id is null then
    perform private.fail('Visit not found');
  end if;
  if tg_op = 'UPDATE' and new.visit_id <> old.visit_id then
    perform private.fail('This belongs to another visit');
  end if;
  if v_visit.status = 'signed' then
    perform private.fail('This visit is signed and can no longer change. Add an addendum to correct or complete it');
  end if;
  if v_uid is not null and v_uid is distinct from v_visit.doctor_id then
    perform private.fail('Only the visit''s doctor can edit its draft');
  end if;
  -- Tables without a student_id column (diagnoses) ignore that key.
  new := jsonb_populate_record(new, jsonb_build_object('university_id', v_visit.university_id, 'student_id', v_visit.student_id));
  return new;
end;
$$;
create trigger vital_signs_guard before insert or update or delete on public.vital_signs
  for each row execute function private.visit_child_guard();
create trigger diagnoses_guard before insert or update or delete on public.diagnoses
  for each row execute function private.visit_child_guard();
create trigger prescriptions_guard before insert or update or delete on public.prescriptions
  for each row execute function private.visit_child_guard();

-- Diagnoses and prescriptions store what was typed, trimmed; a blank optional field is left out.
create function private.diagnoses_tidy()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.description := btrim(new.description);
  new.icd10_code := nullif(upper(btrim(new.icd10_code)), '');
  return new;
end;
$$;
create trigger diagnoses_tidy before insert or update on public.diagnoses
  for each row execute function private.diagnoses_tidy();

-- The words of the student's recorded allergies (health_profiles.allergies, free text) that a drug's name matches,
-- compared case-insensitively word by word: the same word, an allergy word of 5+ letters inside a drug word
-- ("penicillin" in "phenoxymethylpenicillin"), or a drug word of 5+ letters starting an allergy word ("penicillins").
-- Words that say nothing about a substance ("none", "allergy", "severe", …) are left out. A safety prompt, not a
-- drug-class database: amoxicillin does not match "penicillin".
create function private.allergy_matches(p_allergies text, p_drug text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  with allergy as (
    select distinct w from regexp_split_to_table(lower(coalesce(p_allergies, '')), '[^[:alpha:]]+') w
    where char_length(w) >= 3
      and w not in ('none', 'nil', 'known', 'nka', 'nkda', 'not', 'any', 'and', 'the', 'for', 'with', 'from', 'other',
                    'allergy', 'allergies', 'allergic', 'intolerance', 'intolerant', 'reaction', 'reactions', 'mild',
                    'moderate', 'severe', 'rash', 'hives', 'drug', 'drugs', 'food', 'foods', 'medicine', 'medicines')
  ),
  drug as (
    select distinct w from regexp_split_to_table(lower(coalesce(p_drug, '')), '[^[:alpha:]]+') w where char_length(w) >= 3
  )
  select coalesce(array_agg(distinct a.w order by a.w), '{}'::text[])
  from allergy a
  join drug d on d.w = a.w
             or (char_length(a.w) >= 5 and strpos(d.w, a.w) > 0)
             or (char_length(d.w) >= 5 and starts_with(a.w, d.w))
$$;

create function private.prescriptions_allergies()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_matches text[];
begin
  new.drug := btrim(new.drug);
  new.strength := nullif(btrim(new.strength), '');
  new.dose := nullif(btrim(new.dose), '');
  new.route := nullif(btrim(new.route), '');
  new.frequency := nullif(btrim(new.frequency), '');
  new.duration := nullif(btrim(new.duration), '');
  new.quantity := nullif(btrim(new.quantity), '');
  new.instructions := nullif(btrim(new.instructions), '');
  new.allergy_acknowledgement := nullif(btrim(new.allergy_acknowledgement), '');
  select private.allergy_matches(h.allergies, new.drug) into v_matches
  from public.health_profiles h where h.student_id = new.student_id;
  -- The refusal carries the hint 'allergy_acknowledgement_required' (a marker, never shown): the doctor's page tests it,
  -- not the message's words, to ask for the acknowledgement.
  if cardinality(v_matches) > 0 and new.allergy_acknowledgement is null then
    perform private.fail(
      format(
        '%s matches the student''s recorded allergy to %s. To prescribe it anyway, say why in the allergy acknowledgement',
        new.drug, array_to_string(v_matches, ', ')),
      'allergy_acknowledgement_required');
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;
-- Named to run after prescriptions_guard (BEFORE triggers run in name order), which sets the student.
create trigger prescriptions_guard_allergies before insert or update on public.prescriptions
  for each row execute function private.prescriptions_allergies();

-- Addenda: on signed visits only, by a doctor of the student's university, written once.
create function private.visit_addenda_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_visit public.visits;
begin
  if tg_op = 'DELETE' then
    if pg_catalog.pg_trigger_depth() = 1 then
      perform private.fail('An addendum is part of the record and cannot be deleted');
    end if;
    return old;
  elsif tg_op = 'UPDATE' then
    if new.author_id is null and old.author_id is not null
       and (to_jsonb(new) - 'author_id') = (to_jsonb(old) - 'author_id') then
      return new;
    end if;
    perform private.fail('An addendum cannot be changed: add another one');
  end if;
  select * into v_visit from public.visits v where v.id = new.visit_id;
  if v_visit.id is null then
    perform private.fail('Visit not found');
  end if;
  if v_visit.status <> 'signed' then
    perform private.fail('Addenda are added to signed visits: edit the draft instead');
  end if;
  if v_uid is not null then
    if (private.doctor_of(v_visit.university_id)).id is null then
      perform private.fail('Only doctors of the student''s university can add an addendum');
    end if;
    new.author_id := v_uid;
    new.created_at := now();
  end if;
  new.university_id := v_visit.university_id;
  new.student_id := v_visit.student_id;
  new.text := btrim(new.text);
  return new;
end;
$$;
create trigger visit_addenda_guard before insert or update or delete on public.visit_addenda
  for each row execute function private.visit_addenda_guard();

-- Letters: issued by the visit's doctor from its draft or signed note; after that the only change is a revocation,
-- once, by a doctor of the university (or a removed account's foreign key clearing issued_by or revoked_by).
create function private.excuse_letters_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_visit public.visits;
  c_revocation constant text[] := array['revoked_at', 'revoked_by', 'revoke_reason'];
  c_people constant text[] := array['issued_by', 'revoked_by'];
begin
  if tg_op = 'DELETE' then
    if pg_catalog.pg_trigger_depth() = 1 then
      perform private.fail('Excuse letters are kept: revoke the letter instead');
    end if;
    return old;
  elsif tg_op = 'UPDATE' then
    if (to_jsonb(new) - c_people) = (to_jsonb(old) - c_people)
       and (new.issued_by is null or new.issued_by = old.issued_by)
       and (new.revoked_by is null or new.revoked_by is not distinct from old.revoked_by) then
      return new;
    end if;
    if old.revoked_at is not null then
      perform private.fail('This letter is already revoked');
    end if;
    if new.revoked_at is null or (to_jsonb(new) - c_revocation) <> (to_jsonb(old) - c_revocation) then
      perform private.fail('An excuse letter cannot be changed: revoke it and issue a new one');
    end if;
    if v_uid is not null then
      if (private.doctor_of(old.university_id)).id is null then
        perform private.fail('Only doctors of the student''s university can revoke an excuse letter');
      end if;
      new.revoked_by := v_uid;
      new.revoked_at := now();
    end if;
    new.revoke_reason := btrim(new.revoke_reason);
    return new;
  end if;
  select * into v_visit from public.visits v where v.id = new.visit_id;
  if v_visit.id is null then
    perform private.fail('Visit not found');
  end if;
  if v_uid is not null then
    if v_uid is distinct from v_visit.doctor_id then
      perform private.fail('Only the visit''s doctor can issue an excuse letter from it');
    end if;
    new.issued_by := v_uid;
    new.issued_at := now();
    new.revoked_at := null;
    new.revoked_by := null;
    new.revoke_reason := null;
  end if;
  new.university_id := v_visit.university_id;
  new.student_id := v_visit.student_id;
  return new;
end;
$$;
create trigger excuse_letters_guard before insert or update or delete on public.excuse_letters
  for each row execute function private.excuse_letters_guard();

-- The audit trail of the record's writes, for the super admin's audit view: names of what was recorded, never the
-- values (super admins must not read clinical content there either). Drafts are the doctor's working copy: editing
-- one is not recorded, opening, signing and discarding it are, as is every vital, diagnosis or prescription added to
-- or removed from it, each addendum and each letter issued or revoked.
create function private.audit_clinical_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_columns jsonb;
  v_student uuid := (v_row ->> 'student_id')::uuid;
  v_visit uuid := case when tg_table_name = 'visits' then (v_row ->> 'id')::uuid else (v_row ->> 'visit_id')::uuid end;
begin
  if tg_op = 'UPDATE' then
    if not ((tg_table_name = 'excuse_letters' and v_new ->> 'revoked_at' is distinct from v_old ->> 'revoked_at')
            or (tg_table_name = 'visits' and v_new ->> 'status' <> v_old ->> 'status')) then
      return null;
    end if;
    select jsonb_agg(n.key order by n.key) into v_columns
    from jsonb_each(v_new) n where n.key <> 'updated_at' and n.value is distinct from v_old -> n.key;
    if v_columns is null then
      return null;
    end if;
  else
    select jsonb_agg(e.key order by e.key) into v_columns
    from jsonb_each(v_row) e
    where e.value <> 'null'::jsonb
      and e.key not in ('id', 'visit_id', 'appointment_id', 'university_id', 'student_id', 'doctor_id', 'author_id',
                        'issued_by', 'status', 'created_at', 'updated_at', 'recorded_at', 'issued_at', 'signed_at',
                        'verification_code', 'bmi');
  end if;
  if v_student is null then
    select v.student_id into v_student from public.visits v where v.id = v_visit;
  end if;
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (auth.uid(), (v_row ->> 'university_id')::uuid, lower(tg_op), tg_table_name, (v_row ->> 'id')::uuid,
          jsonb_strip_nulls(jsonb_build_object(
            'columns', coalesce(v_columns, '[]'::jsonb),
            'student_id', v_student,
            'visit_id', v_visit,
            'status', case when tg_table_name = 'visits' then v_row ->> 'status' end)));
  return null;
end;
$$;
create trigger visits_audit after insert or update or delete on public.visits
  for each row execute function private.audit_clinical_row();
create trigger visit_addenda_audit after insert or delete on public.visit_addenda
  for each row execute function private.audit_clinical_row();
create trigger vital_signs_audit after insert or delete on public.vital_signs
  for each row execute function private.audit_clinical_row();
create trigger diagnoses_audit after insert or delete on public.diagnoses
  for each row execute function private.audit_clinical_row();
create trigger prescriptions_audit after insert or delete on public.prescriptions
  for each row execute function private.audit_clinical_row();
create trigger excuse_letters_audit after insert or update or delete on public.excuse_letters
  for each row execute function private.audit_clinical_row();

-- 4. Access ---------------------------------------------------------------------------------------------------------
alter table public.icd10_codes enable row level security;
alter table public.visits enable row level security;
alter table public.visit_addenda enable row level security;
alter table public.vital_signs enable row level security;
alter table public.diagnoses enable row level security;
alter table public.prescriptions enable row level security;
alter table public.excuse_letters enable row level security;

-- API roles write only what a doctor types into a draft; ids, the university, the student, authors, timestamps and
-- statuses are the database's. Addenda, letters and signing go through their functions. service_role gets nothing:
-- no server code reads the record, and the service key should not open it either.
revoke all on public.icd10_codes, public.visits, public.visit_addenda, public.vital_signs, public.diagnoses,
  public.prescriptions, public.excuse_letters from public, anon, authenticated, service_role;
grant select on public.icd10_codes to authenticated;
grant select on public.visits, public.visit_addenda, public.vital_signs, public.diagnoses, public.prescriptions to authenticated;
grant update (chief_complaint, subjective, objective, assessment, plan, follow_up) on public.visits to authenticated;
grant insert (visit_id, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm),
  update (temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm, respiratory_rate, spo2_percent, weight_kg, height_cm),
  delete on public.vital_signs to authenticated;
grant insert (visit_id, description, icd10_code), update (description, icd10_code), delete on public.diagnoses to authenticated;
grant insert (visit_id, drug, strength, dose, route, frequency, duration, quantity, instructions, allergy_acknowledgement),
  update (drug, strength, dose, route, frequency, duration, quantity, instructions, allergy_acknowledgement),
  delete on public.prescriptions to authenticated;
-- Column by column, so the verification code is never readable directly (`select *` is refused, as on invitations):
-- it reaches its readers through private.letter_json().
grant select (id, visit_id, university_id, student_id, starts_on, ends_on, issued_by, issued_at, revoked_at, revoked_by, revoke_reason)
  on public.excuse_letters to authenticated;

-- The policies' helpers and the triggers' functions run for API roles.
revoke all on function private.doctor_of(uuid), private.appointments_visit(), private.visits_guard(),
  private.queue_visit_summary_email(public.visits), private.visits_signed(), private.visit_child_guard(),
  private.diagnoses_tidy(), private.allergy_matches(text, text), private.prescriptions_allergies(),
  private.visit_addenda_guard(), private.excuse_letters_guard(), private.audit_clinical_row()
  from public, anon, authenticated, service_role;

create policy icd10_codes_select on public.icd10_codes for select to authenticated
  using ((select private.current_university_id()) is not null);

-- Doctors directly: the drafts they are writing. Everything else of a student's record reaches staff through
-- open_patient_chart() and open_visit(), which record the read. Students: their own signed visits.
create policy visits_select on public.visits for select to authenticated
  using (
    university_id = (select private.current_university_id())
    and (
      (status = 'draft' and doctor_id = (select auth.uid()) and (select private.is_doctor()))
      or (status = 'signed' and student_id = (select auth.uid()) and (select private.member_role()) = 'student')
    )
  );
create policy visits_update_draft on public.visits for update to authenticated
  using (
    university_id = (select private.current_university_id())
    and status = 'draft' and doctor_id = (select auth.uid()) and (select private.is_doctor())
  )
  with check (
    university_id = (select private.current_university_id())
    and status = 'draft' and doctor_id = (select auth.uid()) and (select private.is_doctor())
  );

-- What hangs off a visit is read as the visit is (the subquery sees only the visits the caller may), and written
-- only into the caller's own draft.
create policy vital_signs_select on public.vital_signs for select to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id));
create policy vital_signs_write on public.vital_signs for all to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())))
  with check (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())));
create policy diagnoses_select on public.diagnoses for select to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id));
create policy diagnoses_write on public.diagnoses for all to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())))
  with check (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())));
create policy prescriptions_select on public.prescriptions for select to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id));
create policy prescriptions_write on public.prescriptions for all to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())))
  with check (exists (select 1 from public.visits v where v.id = visit_id and v.status = 'draft' and v.doctor_id = (select auth.uid())));
create policy visit_addenda_select on public.visit_addenda for select to authenticated
  using (exists (select 1 from public.visits v where v.id = visit_id));
-- A letter is the student's (once its visit is signed) and its issuer's.
create policy excuse_letters_select on public.excuse_letters for select to authenticated
  using (
    university_id = (select private.current_university_id())
    and (
      (issued_by = (select auth.uid()) and (select private.is_doctor()))
      or (student_id = (select auth.uid()) and exists (select 1 from public.visits v where v.id = visit_id))
    )
  );

-- 5. Flags and documents ---------------------------------------------------------------------------------------------
-- Values outside the normal adult ranges (possible, so never refused), in the words the chart and the summary show.
-- vitalFlagsOf (shared/src/validation/columnRules.ts) says it again for a reading just added; validation-agreement.test.ts
-- holds the two to the same flags.
create function private.vital_flags(p_vitals public.vital_signs)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array_remove(array[
    case when p_vitals.temperature_c >= 38 then 'fever' when p_vitals.temperature_c < 35 then 'low temperature' end,
    case when p_vitals.systolic_mmhg >= 140 or p_vitals.diastolic_mmhg >= 90 then 'high blood pressure'
         when p_vitals.systolic_mmhg < 90 or p_vitals.diastolic_mmhg < 60 then 'low blood pressure' end,
    case when p_vitals.pulse_bpm > 100 then 'fast pulse' when p_vitals.pulse_bpm < 50 then 'slow pulse' end,
    case when p_vitals.respiratory_rate > 20 then 'fast breathing' when p_vitals.respiratory_rate < 12 then 'slow breathing' end,
    case when p_vitals.spo2_percent < 95 then 'low SpO2' end,
    case when p_vitals.bmi < 18.5 then 'underweight' when p_vitals.bmi >= 30 then 'obese' when p_vitals.bmi >= 25 then 'overweight' end
  ], null)
$$;

-- A member's name as the record shows it; null for a removed account.
create function private.member_name(p_member uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select private.member_display_name(m) from public.members m where m.id = p_member
$$;

create function private.vital_json(p_vitals public.vital_signs)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select (to_jsonb(p_vitals) - 'university_id' - 'student_id') || jsonb_build_object('flags', to_jsonb(private.vital_flags(p_vitals)))
$$;

-- A letter as the chart, the visit and "My visits" show it. The verification code (printed in groups of four, as on
-- the letter) is there only for those entitled to print or check the letter: the student whose letter it is, once the
-- visit is signed, and the doctors of the student's university. Decided here from the caller, not by the function
-- that asks, so no reader added later can hand a code to anyone else (an admin, a classmate, the other university).
create function private.letter_json(p_letter public.excuse_letters)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_letter jsonb := jsonb_build_object(
    'id', p_letter.id, 'visit_id', p_letter.visit_id, 'student_id', p_letter.student_id,
    'starts_on', p_letter.starts_on, 'ends_on', p_letter.ends_on,
    'issued_at', p_letter.issued_at, 'issued_by', p_letter.issued_by, 'issued_by_name', private.member_name(p_letter.issued_by),
    'status', case when p_letter.revoked_at is null then 'valid' else 'revoked' end,
    'revoked_at', p_letter.revoked_at, 'revoked_by', p_letter.revoked_by,
    'revoked_by_name', private.member_name(p_letter.revoked_by), 'revoke_reason', p_letter.revoke_reason);
begin
  if v_me.university_id = p_letter.university_id and (
       v_me.role = 'doctor'
       or (v_me.id = p_letter.student_id
           and exists (select 1 from public.visits v where v.id = p_letter.visit_id and v.status = 'signed'))) then
    v_letter := v_letter || jsonb_build_object('verification_code', regexp_replace(p_letter.verification_code, '(.{4})(?!$)', '\1-', 'g'));
  end if;
  return v_letter;
end;
$$;

-- One visit with everything under it: the shape open_visit(), open_patient_chart() and my_visits() share.
create function private.visit_json(p_visit public.visits)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_visit.id, 'appointment_id', p_visit.appointment_id, 'student_id', p_visit.student_id,
    'doctor_id', p_visit.doctor_id, 'doctor_name', private.member_name(p_visit.doctor_id), 'status', p_visit.status,
    'kind', a.kind, 'date', a.date, 'duration_minutes', a.duration_minutes, 'reason', a.reason,
    'chief_complaint', p_visit.chief_complaint, 'subjective', p_visit.subjective, 'objective', p_visit.objective,
    'assessment', p_visit.assessment, 'plan', p_visit.plan, 'follow_up', p_visit.follow_up,
    'signed_at', p_visit.signed_at, 'created_at', p_visit.created_at, 'updated_at', p_visit.updated_at,
    'vital_signs', coalesce((select jsonb_agg(private.vital_json(v) order by v.recorded_at, v.id)
                             from public.vital_signs v where v.visit_id = p_visit.id), '[]'::jsonb),
    'diagnoses', coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'description', d.description,
                                                              'icd10_code', d.icd10_code, 'icd10_title', c.title,
                                                              'created_at', d.created_at) order by d.created_at, d.id)
                           from public.diagnoses d left join public.icd10_codes c on c.code = d.icd10_code
                           where d.visit_id = p_visit.id), '[]'::jsonb),
    'prescriptions', coalesce((select jsonb_agg(to_jsonb(r) - 'university_id' - 'student_id' order by r.created_at, r.id)
                               from public.prescriptions r where r.visit_id = p_visit.id), '[]'::jsonb),
    'addenda', coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'text', x.text, 'created_at', x.created_at,
                                                            'author_id', x.author_id, 'author_name', private.member_name(x.author_id))
                                          order by x.created_at, x.id)
                         from public.visit_addenda x where x.visit_id = p_visit.id), '[]'::jsonb),
    'excuse_letters', coalesce((select jsonb_agg(private.letter_json(l) order by l.issued_at, l.id)
                                from public.excuse_letters l where l.visit_id = p_visit.id), '[]'::jsonb))
  from public.appointments a where a.id = p_visit.appointment_id
$$;

-- The words a prescription is checked against (shown highlighted on the chart).
create function private.allergy_terms(p_allergies text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(w order by w), '{}'::text[]) from (
    select distinct w from regexp_split_to_table(lower(coalesce(p_allergies, '')), '[^[:alpha:]]+') w
    where cardinality(private.allergy_matches(p_allergies, w)) > 0
  ) t
$$;

create function private.student_json(p_student public.members)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('id', p_student.id, 'first_name', p_student.first_name, 'last_name', p_student.last_name,
                            'email', p_student.email, 'phone', p_student.phone, 'reg_number', p_student.reg_number,
                            'department', p_student.department, 'year_of_study', p_student.year_of_study,
                            'status', p_student.status, 'avatar_path', p_student.avatar_path)
$$;

-- A staff opening of a student's record: the same entry get_health_profile() writes, with the screen's name, so the
-- student's "Who viewed my health record" (my_health_record_views) and the audit view show it.
create function private.record_chart_read(p_me public.members, p_student uuid, p_screen text, p_visit uuid default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (p_me.id, p_me.university_id, 'read', 'health_profiles', p_student,
          jsonb_strip_nulls(jsonb_build_object('screen', p_screen, 'visit_id', p_visit)))
$$;

revoke all on function private.vital_flags(public.vital_signs), private.member_name(uuid), private.vital_json(public.vital_signs),
  private.letter_json(public.excuse_letters), private.visit_json(public.visits), private.allergy_terms(text),
  private.student_json(public.members), private.record_chart_read(public.members, uuid, text, uuid)
  from public, anon, authenticated, service_role;

-- 6. Letters' codes ----------------------------------------------------------------------------------------------------
-- 24 characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31^24, about 2^119, so no code can be guessed
-- or enumerated. Bytes of 248 and above are dropped so each character is equally likely. Stored as the 24 characters;
-- printed and shown in groups of four (private.letter_json).
create function private.new_letter_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  v_bytes bytea;
  v_code text := '';
  v_byte integer;
begin
  while char_length(v_code) < 24 loop
    v_bytes := extensions.gen_random_bytes(32);
    for i in 0..31 loop
      v_byte := get_byte(v_bytes, i);
      if v_byte < 248 and char_length(v_code) < 24 then
        v_code := v_code || substr(alphabet, 1 + v_byte % 31, 1);
      end if;
    end loop;
  end loop;
  return v_code;
end;
$$;
revoke all on function private.new_letter_code() from public, anon, authenticated, service_role;

-- 7. Functions ---------------------------------------------------------------------------------------------------------
-- A walk-in: the doctor creates an appointment for now (their own, one clinic slot long, kind walk_in, ongoing) and
-- its draft opens at once. `reason` is one of the booking reasons or the student's complaint in their words.
create function public.start_walk_in_visit(student_id uuid, reason text)
returns public.visits
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_reason text := btrim(coalesce(start_walk_in_visit.reason, ''));
  v_slot integer;
  v_appointment uuid;
  v_visit public.visits;
  v_constraint text;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors can start a walk-in visit');
  end if;
  select * into v_student from public.members m
  where m.id = start_walk_in_visit.student_id and m.university_id = v_me.university_id and m.role = 'student' and m.status = 'active';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if v_reason = '' then
    perform private.fail('Say why the student came in');
  end if;
  if not private.is_single_line(v_reason) then
    perform private.fail('Describe the reason on one line, without line breaks or other control characters');
  end if;
  if v_reason not in ('Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up') then
    if char_length(v_reason) > 193 then
      perform private.fail('Describe the reason in at most 193 characters');
    end if;
    v_reason := 'Other: ' || v_reason;
  end if;
  select s.slot_minutes into v_slot from public.clinic_settings s where s.university_id = v_me.university_id;

  begin
    insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                     reg, year, reason, status, kind)
    values (v_me.university_id, v_student.id, v_me.id, now(), coalesce(v_slot, 30),
            left(btrim(v_student.first_name || ' ' || v_student.last_name), 200), v_student.department,
            v_student.reg_number, v_student.year_of_study, v_reason, 'ongoing', 'walk_in')
    returning id into v_appointment;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01',
      message = 'This student has a visit booked or in progress now: start or finish that one instead';
  end;
  select * into v_visit from public.visits v where v.appointment_id = v_appointment;
  return v_visit;
end;
$$;

-- Signing: only by the visit's doctor, once. visits_guard checks the note is complete and sets signed_at;
-- visits_signed completes the appointment and queues the student's email.
create function public.sign_visit(visit_id uuid)
returns public.visits
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only the visit''s doctor can sign it');
  end if;
  select * into v_visit from public.visits v
  where v.id = sign_visit.visit_id and v.university_id = v_me.university_id
  for update;
  if v_visit.id is null then
    perform private.fail('Visit not found');
  end if;
  if v_visit.doctor_id is distinct from v_me.id then
    perform private.fail('Only the visit''s doctor can sign it');
  end if;
  if v_visit.status = 'signed' then
    perform private.fail('This visit is already signed');
  end if;
  update public.visits v set status = 'signed' where v.id = v_visit.id returning * into v_visit;
  return v_visit;
end;
$$;

create function public.add_visit_addendum(visit_id uuid, text text)
returns public.visit_addenda
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
  v_addendum public.visit_addenda;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can add an addendum');
  end if;
  select * into v_visit from public.visits v where v.id = add_visit_addendum.visit_id and v.university_id = v_me.university_id;
  if v_visit.id is null or (v_visit.status = 'draft' and v_visit.doctor_id is distinct from v_me.id) then
    perform private.fail('Visit not found');
  end if;
  if coalesce(btrim(add_visit_addendum.text), '') = '' then
    perform private.fail('Write the addendum');
  end if;
  if char_length(btrim(add_visit_addendum.text)) > 5000 then
    perform private.fail('An addendum can be at most 5000 characters');
  end if;
  insert into public.visit_addenda (visit_id, text) values (v_visit.id, add_visit_addendum.text) returning * into v_addendum;
  return v_addendum;
end;
$$;

-- An excuse letter for a date range, from a draft or signed visit, by its doctor. The range may start up to 7 days
-- before the visit and up to 7 days after it, and covers at most 31 days. Returns the letter with its code and the
-- address that checks it (the chart, the visit and the student's "My visits" show the code again later).
create function public.issue_excuse_letter(visit_id uuid, starts_on date, ends_on date)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
  v_visit_day date;
  v_code text := private.new_letter_code();
  v_letter public.excuse_letters;
  v_letter_json jsonb;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only the visit''s doctor can issue an excuse letter from it');
  end if;
  select * into v_visit from public.visits v where v.id = issue_excuse_letter.visit_id and v.university_id = v_me.university_id;
  if v_visit.id is null or (v_visit.status = 'draft' and v_visit.doctor_id is distinct from v_me.id) then
    perform private.fail('Visit not found');
  end if;
  if v_visit.doctor_id is distinct from v_me.id then
    perform private.fail('Only the visit''s doctor can issue an excuse letter from it');
  end if;
  if issue_excuse_letter.starts_on is null or issue_excuse_letter.ends_on is null then
    perform private.fail('Choose the first and last day the letter covers');
  end if;
  if issue_excuse_letter.ends_on < issue_excuse_letter.starts_on then
    perform private.fail('The last day must be on or after the first day');
  end if;
  if issue_excuse_letter.ends_on - issue_excuse_letter.starts_on > 30 then
    perform private.fail('A letter covers at most 31 days');
  end if;
  select (a.date at time zone coalesce(s.timezone, 'UTC'))::date into v_visit_day
  from public.appointments a left join public.clinic_settings s on s.university_id = a.university_id
  where a.id = v_visit.appointment_id;
  if issue_excuse_letter.starts_on not between v_visit_day - 7 and v_visit_day + 7 then
    perform private.fail('A letter starts at most 7 days before or after the visit');
  end if;
  insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code)
  values (v_visit.id, issue_excuse_letter.starts_on, issue_excuse_letter.ends_on, v_code)
  returning * into v_letter;
  v_letter_json := private.letter_json(v_letter);
  return v_letter_json || jsonb_build_object(
    'verification_url', private.site_url() || '/verify-letter?code=' || (v_letter_json ->> 'verification_code'));
end;
$$;

-- Any doctor of the student's university may revoke a letter (the issuer may be away); it is kept and says so.
create function public.revoke_excuse_letter(letter_id uuid, reason text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_letter public.excuse_letters;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can revoke an excuse letter');
  end if;
  select * into v_letter from public.excuse_letters l
  where l.id = revoke_excuse_letter.letter_id and l.university_id = v_me.university_id
  for update;
  if v_letter.id is null then
    perform private.fail('Excuse letter not found');
  end if;
  if v_letter.revoked_at is not null then
    perform private.fail('This letter is already revoked');
  end if;
  if coalesce(btrim(revoke_excuse_letter.reason), '') = '' then
    perform private.fail('Give a reason for revoking the letter');
  end if;
  if not private.is_single_line(revoke_excuse_letter.reason) or char_length(btrim(revoke_excuse_letter.reason)) > 500 then
    perform private.fail('Give the reason on one line, in at most 500 characters');
  end if;
  update public.excuse_letters l set revoked_at = now(), revoked_by = v_me.id, revoke_reason = revoke_excuse_letter.reason
  where l.id = v_letter.id returning * into v_letter;
  return private.letter_json(v_letter);
end;
$$;

-- A follow-up booked from the note: the visit's doctor (the one who knows when the student should come back) books the
-- visit's student a new appointment with themselves, reason Follow-up, from a draft or a signed visit. Only at a time
-- the clinic offers: every slot the appointment covers must be one available_slots() gives this doctor (the clinic's
-- and the doctor's hours, no closure, no time off, neither the doctor nor the student booked then, the notice and at
-- most a year ahead), so the times the doctor's picker shows are exactly the times this takes. The notice stays: it is
-- part of that one definition of a free time, and a follow-up is days or weeks away. Staff may schedule outside hours
-- elsewhere (update_appointment); a follow-up is a booking, so it may not. It is the clinic's booking
-- (private.staff_bookings): none of the student's limits apply or count it. The student gets the usual booking email
-- (appointments_notify), which carries no reason and nothing from the visit.
create function public.book_follow_up(visit_id uuid, date timestamptz, duration_minutes integer default null)
returns public.appointments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
  v_student public.members;
  v_settings public.clinic_settings;
  v_duration integer;
  v_row public.appointments;
  v_constraint text;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only the visit''s doctor can book a follow-up from it');
  end if;
  select * into v_visit from public.visits v where v.id = book_follow_up.visit_id and v.university_id = v_me.university_id;
  if v_visit.id is null or (v_visit.status = 'draft' and v_visit.doctor_id is distinct from v_me.id) then
    perform private.fail('Visit not found');
  end if;
  if v_visit.doctor_id is distinct from v_me.id then
    perform private.fail('Only the visit''s doctor can book a follow-up from it');
  end if;
  select * into v_student from public.members m where m.id = v_visit.student_id and m.status = 'active';
  if v_student.id is null then
    perform private.fail('This student''s account is deactivated: a follow-up cannot be booked');
  end if;
  if book_follow_up.date is null then
    perform private.fail('Choose a date and time for the follow-up');
  end if;
  if book_follow_up.date <= now() then
    perform private.fail('Choose a date and time in the future');
  end if;
  select * into v_settings from public.clinic_settings s where s.university_id = v_visit.university_id;
  v_duration := coalesce(book_follow_up.duration_minutes, v_settings.slot_minutes);
  if v_duration not between 10 and 240 then
    perform private.fail('An appointment lasts between 10 and 240 minutes');
  end if;

  -- The student's, then the doctor's slot lock, as lock_appointment_slot takes them for the insert below: a booking
  -- racing this one waits, so the free time checked here is still free when the row goes in.
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(v_student.id::text));
  perform pg_catalog.pg_advisory_xact_lock(2, pg_catalog.hashtext(v_me.id::text));
  for i in 0 .. (v_duration - 1) / v_settings.slot_minutes loop
    if not private.slot_is_free(v_visit.university_id, v_me.id,
                                book_follow_up.date + make_interval(mins => i * v_settings.slot_minutes), v_student.id, null) then
      perform private.fail(format(
        'That time is not free for a follow-up: choose one of your free times (within the clinic''s hours and yours, '
        'at least %s ahead, not on a closure or your time off, and when neither you nor the student is booked)',
        private.describe_minutes(v_settings.min_notice_minutes)));
    end if;
  end loop;

  begin
    insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                     reg, year, reason)
    values (v_visit.university_id, v_student.id, v_me.id, book_follow_up.date, v_duration,
            left(btrim(v_student.first_name || ' ' || v_student.last_name), 200), v_student.department,
            v_student.reg_number, v_student.year_of_study, 'Follow-up')
    returning * into v_row;
  exception when exclusion_violation then
    -- Not reached while the locks above hold (the free-time check saw every active booking); said from the doctor's
    -- side all the same.
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = case v_constraint
      when 'appointments_no_provider_overlap' then 'You are already booked at that time'
      else 'The student already has an appointment at that time' end;
  end;
  return v_row;
end;
$$;

-- For /verify-letter, no sign-in: whether the letter a code belongs to is valid or revoked, whose it is, from which
-- university, which days it covers, when and by which doctor it was issued. Nothing clinical, not even why it was
-- revoked. A code that matches no letter is simply {"found": false}; only input no code could be (empty, too long,
-- control characters) is refused, with a message.
create function public.verify_excuse_letter(code text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code text;
  v_letter public.excuse_letters;
  v_zone text;
begin
  if verify_excuse_letter.code is null or btrim(verify_excuse_letter.code) = '' then
    perform private.fail('Enter the verification code printed on the letter');
  end if;
  if char_length(verify_excuse_letter.code) > 64 or not private.is_single_line(verify_excuse_letter.code) then
    perform private.fail('A verification code is 24 letters and digits, as printed on the letter');
  end if;
  v_code := upper(regexp_replace(verify_excuse_letter.code, '[[:space:]-]', '', 'g'));
  if v_code !~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{24}$' then
    return jsonb_build_object('found', false);
  end if;
  select * into v_letter from public.excuse_letters l where l.verification_code = v_code;
  if v_letter.id is null then
    return jsonb_build_object('found', false);
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_letter.university_id;
  return jsonb_build_object(
    'found', true,
    'status', case when v_letter.revoked_at is null then 'valid' else 'revoked' end,
    'student_name', (select btrim(m.first_name || ' ' || m.last_name) from public.members m where m.id = v_letter.student_id),
    'university_name', (select u.name from public.universities u where u.id = v_letter.university_id),
    'starts_on', v_letter.starts_on,
    'ends_on', v_letter.ends_on,
    'issued_on', (v_letter.issued_at at time zone coalesce(v_zone, 'UTC'))::date,
    'doctor_name', coalesce(private.member_name(v_letter.issued_by), 'A former doctor of the clinic'),
    'revoked_on', (v_letter.revoked_at at time zone coalesce(v_zone, 'UTC'))::date);
end;
$$;

-- The patient chart: health profile (allergies), the visit timeline (signed visits with their addenda, and the
-- caller's own drafts), every vital sign for the trend, current prescriptions (from visits signed in the last 90
-- days), every letter (with its code, as the student has it) and the coming appointments. Doctors of the student's university only; each
-- opening is recorded as a read of the health record on the screen 'Patient chart'.
create function public.open_patient_chart(student_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_profile public.health_profiles;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a patient chart');
  end if;
  select * into v_student from public.members m
  where m.id = open_patient_chart.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  perform private.record_chart_read(v_me, v_student.id, 'Patient chart');
  select * into v_profile from public.health_profiles h where h.student_id = v_student.id;
  return jsonb_build_object(
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', to_jsonb(private.allergy_terms(v_profile.allergies)),
    'visits', coalesce((
      select jsonb_agg(private.visit_json(v) order by a.date desc, v.id)
      from public.visits v join public.appointments a on a.id = v.appointment_id
      where v.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id)), '[]'::jsonb),
    'vital_signs', coalesce((
      select jsonb_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id)), '[]'::jsonb),
    'current_prescriptions', coalesce((
      select jsonb_agg((to_jsonb(r) - 'university_id' - 'student_id')
                       || jsonb_build_object('prescribed_at', v.signed_at, 'doctor_name', private.member_name(v.doctor_id))
                       order by v.signed_at desc, r.created_at, r.id)
      from public.prescriptions r join public.visits v on v.id = r.visit_id
      where r.student_id = v_student.id and v.status = 'signed' and v.signed_at >= now() - interval '90 days'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select jsonb_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l where l.student_id = v_student.id), '[]'::jsonb),
    'upcoming_appointments', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'date', a.date, 'duration_minutes', a.duration_minutes,
                                          'status', a.status, 'kind', a.kind, 'reason', a.reason,
                                          'provider_id', a.provider_id, 'provider_name', private.member_name(a.provider_id))
                       order by a.date, a.id)
      from public.appointments a
      where a.student_id = v_student.id and (a.status = 'ongoing' or (a.status = 'scheduled' and a.date >= now()))), '[]'::jsonb));
end;
$$;

-- One visit: a signed one, or the caller's own draft. Doctors of the student's university; recorded on the screen
-- 'Visit'. With the student and their allergies, which prescribing needs.
create function public.open_visit(visit_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
  v_student public.members;
  v_profile public.health_profiles;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a visit');
  end if;
  select * into v_visit from public.visits v where v.id = open_visit.visit_id and v.university_id = v_me.university_id;
  if v_visit.id is null or (v_visit.status = 'draft' and v_visit.doctor_id is distinct from v_me.id) then
    perform private.fail('Visit not found');
  end if;
  perform private.record_chart_read(v_me, v_visit.student_id, 'Visit', v_visit.id);
  select * into v_student from public.members m where m.id = v_visit.student_id;
  select * into v_profile from public.health_profiles h where h.student_id = v_visit.student_id;
  return jsonb_build_object(
    'visit', private.visit_json(v_visit),
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', to_jsonb(private.allergy_terms(v_profile.allergies)));
end;
$$;

-- "My visits": each signed visit's after-visit summary and the note itself (open notes); drafts never.
create function public.my_visits()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can see their visits');
  end if;
  return jsonb_build_object(
    'student', private.student_json(v_me),
    'university', (select jsonb_build_object('id', u.id, 'name', u.name) from public.universities u where u.id = v_me.university_id),
    'visits', coalesce((
      select jsonb_agg(private.visit_json(v) order by a.date desc, v.id)
      from public.visits v join public.appointments a on a.id = v.appointment_id
      where v.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb));
end;
$$;

-- What admins and super admins get of the clinical record: numbers for their university, never content. Days of the
-- clinic's calendar, both inclusive; by default the last 30.
create function public.clinical_counts(from_date date default null, to_date date default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_zone text;
  v_to date;
  v_from date;
  v_start timestamptz;
  v_end timestamptz;
begin
  if v_me.id is null or not (v_me.role = 'admin' or v_me.is_super_admin) then
    perform private.fail('Only admins can see the clinic''s counts');
  end if;
  select coalesce(s.timezone, 'UTC') into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  v_zone := coalesce(v_zone, 'UTC');
  v_to := coalesce(clinical_counts.to_date, (now() at time zone v_zone)::date);
  v_from := coalesce(clinical_counts.from_date, v_to - 29);
  if v_from > v_to then
    perform private.fail('The start date must be on or before the end date');
  end if;
  if v_to - v_from > 366 then
    perform private.fail('Choose at most a year at a time');
  end if;
  v_start := v_from::timestamp at time zone v_zone;
  v_end := (v_to + 1)::timestamp at time zone v_zone;
  return jsonb_build_object(
    'from_date', v_from,
    'to_date', v_to,
    'visits_signed', (select count(*) from public.visits v
                      where v.university_id = v_me.university_id and v.status = 'signed'
                        and v.signed_at >= v_start and v.signed_at < v_end),
    'visits_in_progress', (select count(*) from public.visits v where v.university_id = v_me.university_id and v.status = 'draft'),
    'walk_ins', (select count(*) from public.appointments a
                 where a.university_id = v_me.university_id and a.kind = 'walk_in' and a.status <> 'cancelled'
                   and a.date >= v_start and a.date < v_end),
    'students_seen', (select count(distinct v.student_id) from public.visits v
                      where v.university_id = v_me.university_id and v.status = 'signed'
                        and v.signed_at >= v_start and v.signed_at < v_end),
    'prescriptions', (select count(*) from public.prescriptions r join public.visits v on v.id = r.visit_id
                      where v.university_id = v_me.university_id and v.status = 'signed'
                        and v.signed_at >= v_start and v.signed_at < v_end),
    'excuse_letters_issued', (select count(*) from public.excuse_letters l
                              where l.university_id = v_me.university_id and l.issued_at >= v_start and l.issued_at < v_end),
    'excuse_letters_revoked', (select count(*) from public.excuse_letters l
                               where l.university_id = v_me.university_id and l.revoked_at >= v_start and l.revoked_at < v_end));
end;
$$;

-- The diagnosis picker: codes starting with the term ("j06", "S93.4"), then titles containing it ("sprain"), best
-- first. Any active member (codes and titles are public facts).
create function public.search_icd10_codes(term text, max_results integer default 20)
returns setof public.icd10_codes
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_term text := btrim(coalesce(search_icd10_codes.term, ''));
  v_like text;
begin
  if private.current_member() is null then
    perform private.fail('Your account has no access');
  end if;
  if char_length(v_term) not between 1 and 100 then
    perform private.fail('Search for 1 to 100 characters');
  end if;
  if search_icd10_codes.max_results is null or search_icd10_codes.max_results not between 1 and 100 then
    perform private.fail('Ask for 1 to 100 results');
  end if;
  v_like := replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_');
  return query
    select c.code, c.title
    from public.icd10_codes c
    where c.code like upper(v_like) || '%' or c.title ilike '%' || v_like || '%'
    order by (c.code = upper(v_term)) desc, (c.code like upper(v_like) || '%') desc, (c.title ilike v_like || '%') desc,
             c.code
    limit search_icd10_codes.max_results;
end;
$$;

revoke all on function public.start_walk_in_visit(uuid, text), public.sign_visit(uuid), public.add_visit_addendum(uuid, text),
  public.issue_excuse_letter(uuid, date, date), public.revoke_excuse_letter(uuid, text),
  public.book_follow_up(uuid, timestamptz, integer), public.verify_excuse_letter(text),
  public.open_patient_chart(uuid), public.open_visit(uuid), public.my_visits(), public.clinical_counts(date, date),
  public.search_icd10_codes(text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.start_walk_in_visit(uuid, text), public.sign_visit(uuid), public.add_visit_addendum(uuid, text),
  public.issue_excuse_letter(uuid, date, date), public.revoke_excuse_letter(uuid, text),
  public.book_follow_up(uuid, timestamptz, integer), public.open_patient_chart(uuid),
  public.open_visit(uuid), public.my_visits(), public.clinical_counts(date, date), public.search_icd10_codes(text, integer)
  to authenticated;
grant execute on function public.verify_excuse_letter(text) to anon, authenticated;

-- 8. Email kinds, the student's data, the audit view ----------------------------------------------------------------
alter table public.email_outbox drop constraint email_outbox_kind_values;
alter table public.email_outbox add constraint email_outbox_kind_values check (kind in (
  'booking_confirmation', 'doctor_notice', 'doctor_unassigned', 'cancellation', 'reschedule', 'reminder', 'visit_summary'));

-- Restated whole from 20260108000000_privacy_views.sql, with the clinical record: signed visits (with everything under
-- them), and vital signs, prescriptions and excuse letters (with their codes: the student's own) on their own, as the
-- export's readers expect.
create or replace function public.my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_student();
begin
  return jsonb_build_object(
    'exported_at', now(),
    'university', (select jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone)
                   from public.universities u where u.id = v_me.university_id),
    'profile', to_jsonb(v_me),
    'health_profile', (select to_jsonb(h) from public.health_profiles h where h.student_id = v_me.id),
    'appointments', coalesce((
      select jsonb_agg(to_jsonb(a) || jsonb_build_object('provider_name', concat_ws(' ', p.title, p.first_name, p.last_name))
                       order by a.date desc, a.id)
      from public.appointments a
      left join public.members p on p.id = a.provider_id
      where a.student_id = v_me.id), '[]'::jsonb),
    'visits', coalesce((
      select jsonb_agg(private.visit_json(v) order by a.date desc, v.id)
      from public.visits v join public.appointments a on a.id = v.appointment_id
      where v.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'vital_signs', coalesce((
      select jsonb_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'prescriptions', coalesce((
      select jsonb_agg((to_jsonb(r) - 'university_id' - 'student_id') || jsonb_build_object('prescribed_at', v.signed_at)
                       order by v.signed_at desc, r.created_at, r.id)
      from public.prescriptions r join public.visits v on v.id = r.visit_id
      where r.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select jsonb_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l join public.visits v on v.id = l.visit_id
      where l.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'health_record_views', coalesce((
      select jsonb_agg(jsonb_build_object('viewed_at', v.viewed_at, 'viewer_name', v.viewer_name,
                                          'viewer_role', v.viewer_role, 'screen', v.screen)
                       order by v.viewed_at desc, v.id desc)
      from public.my_health_record_views() v), '[]'::jsonb));
end;
$$;

-- Restated whole from 20260108000100_audit_view.sql: writes to the clinical record are health-record changes.
create or replace function private.audit_event(p_action text, p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_action in ('sign_in', 'sign_in_failed') then p_action
    when p_table = 'health_profiles' and p_action = 'read' then 'health_record_read'
    when p_table in ('health_profiles', 'visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters')
      then 'health_record_change'
    when p_table = 'members' then 'member_change'
    when p_table in ('invitations', 'student_invitations') then 'invitation'
    when p_table = 'appointments' then 'appointment_change'
    when p_table = 'programs' then 'program_change'
    else 'settings_change'
  end
$$;

-- Restated whole from 20260112000000_server_owned_columns.sql: the clinical record's entries say what happened to whose
-- record in words (signed, issued, revoked, recorded: the names of the vitals), and never a value.
create or replace function private.describe_audit_entry(p_entry public.audit_log)
returns table (actor_name text, actor_role text, actor_email text, what text, subject text, subject_email text, summary text)
language sql
stable
set search_path = ''
as $$
  select
    coalesce(p_entry.actor_name,
             case when actor.id is not null then private.member_display_name(actor) end,
             case when p_entry.actor_id is not null then 'Removed account'
                  when p_entry.action = 'sign_in_failed' then 'Unknown (not signed in)'
                  else 'System' end),
    actor.role::text,
    coalesce(p_entry.actor_email, actor.email::text),
    case p_entry.table_name
      when 'sessions' then 'Sign-in'
      when 'health_profiles' then 'Health record'
      when 'members' then 'Member'
      when 'invitations' then 'Staff invitation'
      when 'student_invitations' then 'Student invitation'
      when 'appointments' then 'Appointment'
      when 'programs' then 'Program'
      when 'universities' then 'University profile'
      when 'university_secrets' then 'Default staff password'
      when 'clinic_settings' then 'Clinic booking rules'
      when 'clinic_hours' then 'Clinic hours'
      when 'clinic_closures' then 'Clinic closure'
      when 'doctor_hours' then 'Doctor hours'
      when 'doctor_time_off' then 'Doctor time off'
      when 'visits' then 'Visit note'
      when 'visit_addenda' then 'Visit addendum'
      when 'vital_signs' then 'Vital signs'
      when 'diagnoses' then 'Diagnosis'
      when 'prescriptions' then 'Prescription'
      when 'excuse_letters' then 'Excuse letter'
      else p_entry.table_name
    end,
    coalesce(case when subject.id is not null then private.member_display_name(subject) end,
             nullif(concat_ws(' ', p_entry.details -> 'old' ->> 'first_name', p_entry.details -> 'old' ->> 'last_name'), ''),
             p_entry.details -> 'new' ->> 'email',
             p_entry.details -> 'old' ->> 'email'),
    coalesce(subject.email::text, p_entry.details -> 'new' ->> 'email', p_entry.details -> 'old' ->> 'email'),
    left(case
      when p_entry.action = 'sign_in' then 'Signed in' || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'sign_in_failed' then
        case p_entry.details ->> 'reason' when 'deactivated' then 'Refused: the account is deactivated'
                                          else 'Wrong password' end
        || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'read' then 'Opened the health record' || coalesce(' (' || (p_entry.details ->> 'screen') || ')', '')
      when p_entry.table_name = 'health_profiles' then
        case p_entry.action when 'insert' then 'Filled in: ' when 'update' then 'Updated: ' else 'Deleted: ' end || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
      when p_entry.table_name = 'university_secrets' then 'Default staff password changed'
      when p_entry.table_name in ('visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters') then
        case
          when p_entry.table_name = 'visits' and p_entry.action = 'insert' then 'Opened a visit note'
          when p_entry.table_name = 'visits' and p_entry.action = 'update' and p_entry.details ->> 'status' = 'signed' then 'Signed the visit note'
          when p_entry.table_name = 'visits' and p_entry.action = 'delete' then 'Discarded a draft visit note'
          when p_entry.table_name = 'excuse_letters' and p_entry.action = 'insert' then 'Issued an excuse letter'
          when p_entry.table_name = 'excuse_letters' and p_entry.action = 'update' then 'Revoked an excuse letter'
          when p_entry.table_name = 'visit_addenda' and p_entry.action = 'insert' then 'Added an addendum'
          when p_entry.action = 'insert' then 'Recorded: ' || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
          when p_entry.action = 'delete' then 'Removed from the record'
          else 'Changed'
        end
      when p_entry.action = 'insert' then
        case p_entry.table_name
          when 'invitations' then 'Invited ' || (p_entry.details -> 'new' ->> 'email') || ' as ' || (p_entry.details -> 'new' ->> 'role')
          when 'student_invitations' then 'Sent the join link to ' || (p_entry.details -> 'new' ->> 'email')
          when 'members' then 'Joined as ' || (p_entry.details -> 'new' ->> 'role')
          when 'appointments' then 'Booked: ' || (p_entry.details -> 'new' ->> 'reason') || ' on ' || (p_entry.details -> 'new' ->> 'date')
          when 'programs' then 'Created "' || (p_entry.details -> 'new' ->> 'title') || '"'
          when 'clinic_closures' then 'Closed ' || (p_entry.details -> 'new' ->> 'starts_on') || ' to ' || (p_entry.details -> 'new' ->> 'ends_on')
          else 'Created'
        end
      when p_entry.action = 'delete' then 'Deleted'
      else coalesce(private.audit_changes_text(p_entry.details -> 'changed'), 'Changed')
    end, 500)
  from (select 1) one
  left join public.members actor on actor.id = p_entry.actor_id
  left join public.members subject on subject.id = case
    when p_entry.table_name in ('members', 'health_profiles', 'sessions') then p_entry.record_id
    when p_entry.table_name = 'appointments' then coalesce(
      (select a.student_id from public.appointments a where a.id = p_entry.record_id),
      (p_entry.details -> 'old' ->> 'student_id')::uuid)
    when p_entry.table_name in ('doctor_hours', 'doctor_time_off') then
      coalesce(p_entry.details -> 'new' ->> 'doctor_id', p_entry.details -> 'old' ->> 'doctor_id')::uuid
    when p_entry.table_name in ('visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters') then
      (p_entry.details ->> 'student_id')::uuid
  end
$$;
