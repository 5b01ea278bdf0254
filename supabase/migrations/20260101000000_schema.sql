-- CampusCare schema: tables, constraints and indexes. Policies, triggers, RPCs and storage follow in
-- later migrations. Every object is schema-qualified so the file applies unchanged to a hosted Supabase project.

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists btree_gist with schema extensions;
create extension if not exists citext with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- RLS helpers and trigger functions live here: PostgREST exposes only `public`, so nothing in `private` is callable
-- over the API, yet policies evaluated as `authenticated` can still call the helpers they need.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create type public.member_role as enum ('admin', 'doctor', 'student');
create type public.member_status as enum ('active', 'deactivated');
create type public.appointment_status as enum ('scheduled', 'ongoing', 'completed', 'cancelled');

-- An appointment occupies [date, date + duration). Adding minutes never depends on the time zone, so the function is
-- truly immutable and may back the exclusion constraints below (timestamptz + interval itself is only stable).
create function private.appointment_slot(starts_at timestamptz, minutes integer)
returns tstzrange
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.tstzrange(starts_at, starts_at + pg_catalog.make_interval(mins => minutes), '[)')
$$;

-- universities ----------------------------------------------------------------------------------------------------
create table public.universities (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint universities_name_length check (char_length(btrim(name)) between 2 and 200),
  email extensions.citext not null constraint universities_email_format check (email::text ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  phone text constraint universities_phone_format check (phone ~ '^\+?[0-9][0-9 ()./-]{3,24}$'),
  logo_path text constraint universities_logo_path_length check (char_length(logo_path) <= 500),
  join_code text not null constraint universities_join_code_key unique
    constraint universities_join_code_format check (join_code ~ '^[A-Z0-9-]{4,32}$'),
  -- Lets the settings screen say whether a default staff password exists without ever exposing its hash.
  default_staff_password_set_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.universities is 'A tenant. Every other row belongs to exactly one university.';

-- Kept out of `public` and granted to no API role: the hash must never be readable, even by the university's admins.
create table private.university_secrets (
  university_id uuid primary key references public.universities (id) on delete cascade,
  default_staff_password_hash text not null constraint university_secrets_bcrypt check (default_staff_password_hash ~ '^\$2[aby]\$'),
  updated_at timestamptz not null default now()
);

-- members ---------------------------------------------------------------------------------------------------------
create table public.members (
  id uuid primary key references auth.users (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade,
  role public.member_role not null,
  is_super_admin boolean not null default false,
  status public.member_status not null default 'active',
  must_change_password boolean not null default false,
  title text constraint members_title_values check (title in ('Dr', 'Mr', 'Mrs', 'Miss', 'Ms', 'Prof')),
  first_name text not null default '' constraint members_first_name_length check (char_length(first_name) <= 100),
  last_name text not null default '' constraint members_last_name_length check (char_length(last_name) <= 100),
  email text not null constraint members_email_format check (email = lower(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  phone text constraint members_phone_format check (phone ~ '^\+?[0-9][0-9 ()./-]{3,24}$'),
  staff_id text constraint members_staff_id_length check (char_length(staff_id) between 1 and 50),
  position text constraint members_position_length check (char_length(position) <= 100),
  specialization text constraint members_specialization_length check (char_length(specialization) <= 100),
  reg_number text constraint members_reg_number_format check (reg_number ~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$'),
  department text constraint members_department_length check (char_length(btrim(department)) between 1 and 100),
  year_of_study smallint constraint members_year_of_study_range check (year_of_study between 1 and 8),
  avatar_path text constraint members_avatar_path_length check (char_length(avatar_path) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint members_super_admin_is_staff check (not is_super_admin or role <> 'student'),
  constraint members_student_fields check (
    role <> 'student'
    or (reg_number is not null and department is not null and year_of_study is not null
        and btrim(first_name) <> '' and btrim(last_name) <> '')
  ),
  constraint members_university_reg_number_key unique (university_id, reg_number),
  constraint members_university_staff_id_key unique (university_id, staff_id)
);
comment on table public.members is
  'One row per account (id = auth.users.id). Role, university and status are read from here by RLS, never from user metadata.';

-- Staff and student lists: filter by university and role, newest first.
create index members_university_role_idx on public.members (university_id, role, created_at desc);
-- Server-side search (ilike '%term%') on names, email and registration number.
create index members_first_name_trgm_idx on public.members using gin (first_name extensions.gin_trgm_ops);
create index members_last_name_trgm_idx on public.members using gin (last_name extensions.gin_trgm_ops);
create index members_email_trgm_idx on public.members using gin (email extensions.gin_trgm_ops);
create index members_reg_number_trgm_idx on public.members using gin (reg_number extensions.gin_trgm_ops);

-- health_profiles -------------------------------------------------------------------------------------------------
create table public.health_profiles (
  student_id uuid primary key references public.members (id) on delete cascade,
  genotype text constraint health_profiles_genotype_values check (genotype in ('AA', 'AS', 'AC', 'SS', 'SC', 'CC')),
  blood_group text constraint health_profiles_blood_group_values
    check (blood_group in ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')),
  disabled boolean,
  allergies text constraint health_profiles_allergies_length check (char_length(allergies) <= 1000),
  bmi numeric(4, 1) constraint health_profiles_bmi_range check (bmi between 10 and 80),
  updated_at timestamptz not null default now()
);

-- appointments ----------------------------------------------------------------------------------------------------
-- `reason` is one of the clinic's categories, or 'Other: <free text>' when none fits (up to 200 characters).
create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  student_id uuid not null references public.members (id) on delete cascade,
  provider_id uuid references public.members (id) on delete set null,
  date timestamptz not null,
  duration_minutes integer not null default 30 constraint appointments_duration_range check (duration_minutes between 10 and 240),
  name text not null constraint appointments_name_length check (char_length(btrim(name)) between 1 and 200),
  department text not null constraint appointments_department_length check (char_length(btrim(department)) between 1 and 100),
  reg text not null constraint appointments_reg_format check (reg ~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$'),
  year smallint not null constraint appointments_year_range check (year between 1 and 8),
  reason text not null constraint appointments_reason_values check (
    reason in ('Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other')
    or (reason ~ '^Other: [^[:space:]]' and char_length(reason) <= 200)
  ),
  status public.appointment_status not null default 'scheduled',
  cancel_reason text constraint appointments_cancel_reason_length check (char_length(cancel_reason) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A cancelled appointment always says why; any other status carries no cancel reason.
  constraint appointments_cancel_reason_required
    check ((status = 'cancelled') = (coalesce(btrim(cancel_reason), '') <> '')),
  -- Double booking is impossible even under concurrency: the constraint, not a check-then-insert, decides.
  constraint appointments_no_student_overlap exclude using gist (
    student_id with =, private.appointment_slot(date, duration_minutes) with &&
  ) where (status in ('scheduled', 'ongoing')),
  constraint appointments_no_provider_overlap exclude using gist (
    provider_id with =, private.appointment_slot(date, duration_minutes) with &&
  ) where (provider_id is not null and status in ('scheduled', 'ongoing'))
);
comment on column public.appointments.reason is
  'Check-up | Malaria | Consultation | Vaccination | Follow-up | Other, or ''Other: <free text>'' (max 200 chars).';

create index appointments_provider_date_idx on public.appointments (provider_id, date);
create index appointments_university_date_idx on public.appointments (university_id, date desc);
create index appointments_student_date_idx on public.appointments (student_id, date);
create index appointments_name_trgm_idx on public.appointments using gin (name extensions.gin_trgm_ops);
create index appointments_reg_trgm_idx on public.appointments using gin (reg extensions.gin_trgm_ops);

-- programs --------------------------------------------------------------------------------------------------------
create table public.programs (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  title text not null constraint programs_title_length check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' constraint programs_description_length check (char_length(description) <= 5000),
  date date not null,
  time time,
  location text constraint programs_location_length check (char_length(location) <= 200),
  program_type text constraint programs_program_type_length check (char_length(program_type) <= 100),
  target_audience text constraint programs_target_audience_length check (char_length(target_audience) <= 200),
  activities text constraint programs_activities_length check (char_length(activities) <= 2000),
  organiser text constraint programs_organiser_length check (char_length(organiser) <= 200),
  created_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now()
);
create index programs_university_date_idx on public.programs (university_id, date desc);
create index programs_created_by_idx on public.programs (created_by);

-- invitations -----------------------------------------------------------------------------------------------------
create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  email extensions.citext not null,
  role public.member_role not null default 'doctor' constraint invitations_staff_role check (role in ('doctor', 'admin')),
  invited_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz
);
create index invitations_university_created_idx on public.invitations (university_id, created_at desc);
create index invitations_invited_by_idx on public.invitations (invited_by);
create index invitations_email_idx on public.invitations (lower(email::text));

-- audit_log -------------------------------------------------------------------------------------------------------
-- No foreign keys on purpose: the trail must outlive the rows and accounts it describes.
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  university_id uuid,
  action text not null constraint audit_log_action_values check (action in ('insert', 'update', 'delete', 'read')),
  table_name text not null,
  record_id uuid,
  details jsonb not null default '{}'::jsonb
);
create index audit_log_university_at_idx on public.audit_log (university_id, at desc);
-- "Who read my health record": a student's lookup of reads of their own profile.
create index audit_log_health_reads_idx on public.audit_log (record_id, at desc)
  where table_name = 'health_profiles' and action = 'read';

-- email_outbox ----------------------------------------------------------------------------------------------------
create table public.email_outbox (
  id bigint generated always as identity primary key,
  to_email text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index email_outbox_pending_idx on public.email_outbox (created_at) where sent_at is null;

-- RLS everywhere; policies come in the next migration. A table without a policy is closed to API roles.
alter table public.universities enable row level security;
alter table public.members enable row level security;
alter table public.health_profiles enable row level security;
alter table public.appointments enable row level security;
alter table public.programs enable row level security;
alter table public.invitations enable row level security;
alter table public.audit_log enable row level security;
alter table public.email_outbox enable row level security;
alter table private.university_secrets enable row level security;

-- Explicit grants: hosted projects no longer grant new public tables to the API roles automatically, and we want
-- exactly these. Column lists keep role, status, university and email out of reach of direct updates.
revoke all on public.universities, public.members, public.health_profiles, public.appointments, public.programs,
  public.invitations, public.audit_log, public.email_outbox from anon, authenticated, service_role;
revoke all on private.university_secrets from public, anon, authenticated, service_role;

grant select on public.universities to authenticated;
grant update (name, email, phone, logo_path) on public.universities to authenticated;
grant select on public.members to authenticated;
grant update (title, first_name, last_name, phone, staff_id, position, specialization, department, year_of_study, avatar_path)
  on public.members to authenticated;
grant select, insert, update on public.health_profiles to authenticated;
grant select, insert, update on public.appointments to authenticated;
grant select, insert, update, delete on public.programs to authenticated;
grant select on public.invitations to authenticated;
grant select on public.audit_log to authenticated;
-- email_outbox: no API role at all; the server delivers it over its own connection.

grant select, insert, update, delete on public.universities, public.members, public.health_profiles,
  public.appointments, public.programs, public.invitations to service_role;
grant select on public.audit_log to service_role;

revoke all on function private.appointment_slot(timestamptz, integer) from public;
-- Index expressions are evaluated with the writer's privileges.
grant execute on function private.appointment_slot(timestamptz, integer) to authenticated, service_role;
