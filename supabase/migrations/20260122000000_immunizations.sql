-- Immunization compliance, the database's part (docs/clinical-record.md, "Tables"): vaccines as reference data, each
-- university's requirements, the doses and exemption requests students record, and one function that decides each
-- student's status per requirement. Proof documents, the clinic's review screens and reminders build on these.
--
-- Who sees what: a student reads their own doses and exemption requests; the clinic's staff never select them
-- directly (a doctor's reading goes through audited functions, as for the chart); admins read only statuses and
-- counts (immunization_compliance(), overdue_students()); requirements are written by the university's super admin.

create table public.vaccines (
  cvx_code text primary key,
  name text not null,
  constraint vaccines_cvx_code_format check (cvx_code ~ '^[0-9]{1,3}$'),
  constraint vaccines_name_length check (char_length(btrim(name)) between 1 and 200)
);

comment on table public.vaccines is 'Vaccines by their CDC CVX code (public reference data, shipped in migrations).';

insert into public.vaccines (cvx_code, name) values
  ('03', 'MMR (measles, mumps and rubella)'),
  ('08', 'Hepatitis B, paediatric or adolescent'),
  ('43', 'Hepatitis B, adult'),
  ('45', 'Hepatitis B, unspecified'),
  ('52', 'Hepatitis A, adult'),
  ('85', 'Hepatitis A, unspecified'),
  ('21', 'Varicella (chickenpox)'),
  ('37', 'Yellow fever'),
  ('115', 'Tdap (tetanus, diphtheria and pertussis)'),
  ('09', 'Td (tetanus and diphtheria), adult'),
  ('10', 'Polio, inactivated (IPV)'),
  ('62', 'HPV, quadrivalent'),
  ('165', 'HPV, 9-valent'),
  ('114', 'Meningococcal ACWY (MenACWY-D)'),
  ('136', 'Meningococcal ACWY (MenACWY-CRM)'),
  ('147', 'Meningococcal ACWY, unspecified'),
  ('162', 'Meningococcal B (MenB-FHbp)'),
  ('163', 'Meningococcal B (MenB-4C)'),
  ('141', 'Influenza, seasonal, injectable'),
  ('88', 'Influenza, unspecified'),
  ('213', 'COVID-19, unspecified'),
  ('101', 'Typhoid, ViCPs'),
  ('25', 'Typhoid, oral'),
  ('18', 'Rabies, intramuscular'),
  ('19', 'BCG');

create table public.immunization_requirements (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  name text not null,
  -- The vaccines whose doses count towards it (Hepatitis B: paediatric, adult or unspecified).
  cvx_codes text[] not null,
  doses_required smallint not null default 1,
  min_interval_days integer not null default 0,
  due_on date,
  due_days_after_joining integer,
  -- Whom it applies to: everyone when both are empty, else students of these departments and/or years.
  departments text[] not null default '{}',
  years smallint[] not null default '{}',
  medical_exemption boolean not null default true,
  medical_exemption_needs_document boolean not null default true,
  personal_exemption boolean not null default false,
  personal_exemption_needs_document boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint immunization_requirements_name_length check (char_length(btrim(name)) between 1 and 200 and private.is_single_line(name)),
  constraint immunization_requirements_vaccines check (cardinality(cvx_codes) between 1 and 10),
  constraint immunization_requirements_doses_range check (doses_required between 1 and 10),
  constraint immunization_requirements_interval_range check (min_interval_days between 0 and 3650),
  constraint immunization_requirements_due check (num_nonnulls(due_on, due_days_after_joining) = 1),
  constraint immunization_requirements_due_days_range check (due_days_after_joining between 0 and 3650),
  constraint immunization_requirements_years_range check (years <@ array[1, 2, 3, 4, 5, 6, 7, 8]::smallint[])
);

create index immunization_requirements_university_idx on public.immunization_requirements (university_id);

create table public.immunization_doses (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null,
  student_id uuid not null references public.members (id) on delete cascade,
  cvx_code text not null references public.vaccines (cvx_code),
  given_on date not null,
  given_at text,
  lot text,
  source text not null default 'student',
  review_status text not null default 'pending',
  reviewed_by uuid references public.members (id) on delete set null,
  reviewed_at timestamptz,
  reject_reason text,
  created_at timestamptz not null default now(),
  constraint immunization_doses_university_id_fkey foreign key (university_id) references public.universities (id) on delete cascade,
  constraint immunization_doses_source_values check (source in ('student', 'clinic')),
  constraint immunization_doses_review_values check (review_status in ('pending', 'approved', 'rejected')),
  constraint immunization_doses_given_at_length check (char_length(given_at) <= 200 and private.is_single_line(given_at)),
  constraint immunization_doses_lot_length check (char_length(lot) <= 50 and private.is_single_line(lot)),
  constraint immunization_doses_reject_reason check ((review_status = 'rejected') = (reject_reason is not null)
                                                     and char_length(reject_reason) between 1 and 500)
);

create index immunization_doses_student_idx on public.immunization_doses (student_id, cvx_code, given_on);
create index immunization_doses_pending_idx on public.immunization_doses (university_id, created_at) where review_status = 'pending';

create table public.immunization_exemptions (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  student_id uuid not null references public.members (id) on delete cascade,
  requirement_id uuid not null references public.immunization_requirements (id) on delete cascade,
  kind text not null,
  reason text not null,
  review_status text not null default 'pending',
  reviewed_by uuid references public.members (id) on delete set null,
  reviewed_at timestamptz,
  reject_reason text,
  created_at timestamptz not null default now(),
  constraint immunization_exemptions_kind_values check (kind in ('medical', 'personal')),
  constraint immunization_exemptions_reason_length check (char_length(btrim(reason)) between 1 and 2000),
  constraint immunization_exemptions_review_values check (review_status in ('pending', 'approved', 'rejected')),
  constraint immunization_exemptions_reject_reason check ((review_status = 'rejected') = (reject_reason is not null)
                                                          and char_length(reject_reason) between 1 and 500)
);

create index immunization_exemptions_student_idx on public.immunization_exemptions (student_id, requirement_id);

alter table public.vaccines enable row level security;
alter table public.immunization_requirements enable row level security;
alter table public.immunization_doses enable row level security;
alter table public.immunization_exemptions enable row level security;
revoke all on public.vaccines, public.immunization_requirements, public.immunization_doses, public.immunization_exemptions
  from public, anon, authenticated, service_role;
grant select on public.vaccines, public.immunization_requirements, public.immunization_doses, public.immunization_exemptions
  to authenticated, service_role;
grant insert (name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, departments, years,
              medical_exemption, medical_exemption_needs_document, personal_exemption, personal_exemption_needs_document),
      update (name, cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, departments, years,
              medical_exemption, medical_exemption_needs_document, personal_exemption, personal_exemption_needs_document),
      delete
  on public.immunization_requirements to authenticated;

-- Whether a requirement applies to a member: students only; everyone, or those of its departments and/or years.
create function private.requirement_applies(p_requirement public.immunization_requirements, p_member public.members)
returns boolean
language sql
stable
return p_member.role = 'student' and p_member.university_id = p_requirement.university_id
  and (cardinality(p_requirement.departments) = 0 or p_member.department = any(p_requirement.departments))
  and (cardinality(p_requirement.years) = 0 or p_member.year_of_study = any(p_requirement.years));

grant execute on function private.requirement_applies(public.immunization_requirements, public.members) to authenticated, service_role;
revoke all on function private.requirement_applies(public.immunization_requirements, public.members) from public, anon;

-- Staff read the university's requirements; a student those that apply to them.
create function private.requirement_visible(p_requirement public.immunization_requirements)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  return v_me.university_id = p_requirement.university_id
    and (v_me.role in ('admin', 'doctor') or private.requirement_applies(p_requirement, v_me));
end;
$$;

revoke all on function private.requirement_visible(public.immunization_requirements) from public, anon;
grant execute on function private.requirement_visible(public.immunization_requirements) to authenticated, service_role;

create policy vaccines_select on public.vaccines for select to authenticated using (true);
create policy immunization_requirements_select on public.immunization_requirements for select to authenticated
  using (university_id = (select private.current_university_id()) and private.requirement_visible(immunization_requirements));
create policy immunization_requirements_write on public.immunization_requirements for all to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));
create policy immunization_doses_select on public.immunization_doses for select to authenticated
  using (student_id = (select auth.uid()));
create policy immunization_exemptions_select on public.immunization_exemptions for select to authenticated
  using (student_id = (select auth.uid()));

create function private.immunization_requirements_validate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  if exists (select 1 from unnest(new.cvx_codes) c where not exists (select 1 from public.vaccines v where v.cvx_code = c)) then
    perform private.fail('Choose vaccines from the list');
  end if;
  new.departments := array(select distinct btrim(d) from unnest(new.departments) d where btrim(d) <> '' order by 1);
  new.updated_at := now();
  return new;
end;
$$;

create trigger immunization_requirements_validate before insert or update on public.immunization_requirements
  for each row execute function private.immunization_requirements_validate();

-- One student's standing on one requirement, decided here only: `exempt` (an approved exemption), `met` (enough
-- approved doses of its vaccines, each at least the interval after the last one counted), `under_review` (a dose or
-- exemption waits for the clinic), else `due` until the due date (a fixed day, or days after the student joined, on
-- the clinic's calendar) and `overdue` after it; with what is missing in words.
create function private.immunization_status(p_requirement public.immunization_requirements, p_student public.members,
                                            out status text, out due_on date, out doses_counted integer, out missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_last date;
  v_dose record;
  v_left integer;
  v_vaccine text;
begin
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = p_requirement.university_id;
  due_on := coalesce(p_requirement.due_on,
                     (p_student.created_at at time zone coalesce(v_zone, 'UTC'))::date + p_requirement.due_days_after_joining);
  doses_counted := 0;
  for v_dose in
    select d.given_on from public.immunization_doses d
    where d.student_id = p_student.id and d.cvx_code = any(p_requirement.cvx_codes) and d.review_status = 'approved'
    order by d.given_on
  loop
    if v_last is null or v_dose.given_on - v_last >= p_requirement.min_interval_days then
      doses_counted := doses_counted + 1;
      v_last := v_dose.given_on;
    end if;
  end loop;
  v_left := greatest(p_requirement.doses_required - doses_counted, 0);
  select v.name into v_vaccine from public.vaccines v where v.cvx_code = p_requirement.cvx_codes[1];

  if exists (select 1 from public.immunization_exemptions e
             where e.student_id = p_student.id and e.requirement_id = p_requirement.id and e.review_status = 'approved') then
    status := 'exempt';
  elsif v_left = 0 then
    status := 'met';
  elsif exists (select 1 from public.immunization_doses d
                where d.student_id = p_student.id and d.cvx_code = any(p_requirement.cvx_codes) and d.review_status = 'pending')
        or exists (select 1 from public.immunization_exemptions e
                   where e.student_id = p_student.id and e.requirement_id = p_requirement.id and e.review_status = 'pending') then
    status := 'under_review';
  elsif due_on < (now() at time zone coalesce(v_zone, 'UTC'))::date then
    status := 'overdue';
  else
    status := 'due';
  end if;
  if status not in ('exempt', 'met') then
    missing := format('%s more dose%s of %s%s', v_left, case when v_left = 1 then '' else 's' end, v_vaccine,
                      case when v_left > 1 and p_requirement.min_interval_days > 0
                           then format(' (at least %s days apart)', p_requirement.min_interval_days) else '' end);
  end if;
end;
$$;

revoke all on function private.immunization_status(public.immunization_requirements, public.members) from public, anon, authenticated, service_role;

-- The signed-in student's requirements, each with its status.
create function public.my_immunizations()
returns table (requirement_id uuid, name text, doses_required smallint, min_interval_days integer, status text,
               due_on date, doses_counted integer, missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students have immunization requirements');
  end if;
  return query
    select r.id, r.name, r.doses_required, r.min_interval_days, s.status, s.due_on, s.doses_counted, s.missing
    from public.immunization_requirements r, lateral private.immunization_status(r, v_me) s
    where private.requirement_applies(r, v_me)
    order by s.due_on, r.name;
end;
$$;

-- A dose the student reports (waiting for the clinic's review).
create function public.record_immunization_dose(cvx_code text, given_on date, given_at text default null, lot text default null)
returns public.immunization_doses
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_zone text;
  v_dose public.immunization_doses;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students record their own doses; the clinic records the doses it gives');
  end if;
  if not exists (select 1 from public.vaccines v where v.cvx_code = record_immunization_dose.cvx_code) then
    perform private.fail('Choose a vaccine from the list');
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  if record_immunization_dose.given_on is null or record_immunization_dose.given_on > (now() at time zone coalesce(v_zone, 'UTC'))::date then
    perform private.fail('Give the day the dose was given: today or earlier');
  elsif record_immunization_dose.given_on < date '1900-01-01' then
    perform private.fail('Give the day the dose was given');
  end if;
  insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot)
  values (v_me.university_id, v_me.id, record_immunization_dose.cvx_code, record_immunization_dose.given_on,
          nullif(btrim(record_immunization_dose.given_at), ''), nullif(btrim(record_immunization_dose.lot), ''))
  returning * into v_dose;
  return v_dose;
end;
$$;

-- An exemption the student asks for, of a kind the requirement accepts.
create function public.request_immunization_exemption(requirement_id uuid, kind text, reason text)
returns public.immunization_exemptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_requirement public.immunization_requirements;
  v_exemption public.immunization_exemptions;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students ask for exemptions');
  end if;
  select * into v_requirement from public.immunization_requirements r where r.id = request_immunization_exemption.requirement_id;
  if v_requirement.id is null or not private.requirement_applies(v_requirement, v_me) then
    perform private.fail('Requirement not found');
  end if;
  if request_immunization_exemption.kind is null or request_immunization_exemption.kind not in ('medical', 'personal')
     or (request_immunization_exemption.kind = 'medical' and not v_requirement.medical_exemption)
     or (request_immunization_exemption.kind = 'personal' and not v_requirement.personal_exemption) then
    perform private.fail(format('%s accepts %s', v_requirement.name,
      case when v_requirement.medical_exemption and v_requirement.personal_exemption then 'medical or personal exemptions'
           when v_requirement.medical_exemption then 'medical exemptions only'
           when v_requirement.personal_exemption then 'personal exemptions only'
           else 'no exemptions' end));
  end if;
  if coalesce(btrim(request_immunization_exemption.reason), '') = '' then
    perform private.fail('Give the reason for the exemption');
  end if;
  insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason)
  values (v_me.university_id, v_me.id, v_requirement.id, request_immunization_exemption.kind, btrim(request_immunization_exemption.reason))
  returning * into v_exemption;
  return v_exemption;
end;
$$;

-- For the university's admins: per requirement, how many of the students it applies to stand in each status. Counts
-- only, never a dose or a reason.
create function public.immunization_compliance()
returns table (requirement_id uuid, name text, students bigint, met bigint, exempt bigint, under_review bigint,
               due bigint, overdue bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see immunization compliance');
  end if;
  return query
    select r.id, r.name, count(*),
           count(*) filter (where s.status = 'met'), count(*) filter (where s.status = 'exempt'),
           count(*) filter (where s.status = 'under_review'), count(*) filter (where s.status = 'due'),
           count(*) filter (where s.status = 'overdue')
    from public.immunization_requirements r
    join public.members m on private.requirement_applies(r, m) and m.status = 'active'
    cross join lateral private.immunization_status(r, m) s
    where r.university_id = v_me.university_id
    group by r.id, r.name
    order by r.name;
end;
$$;

-- The registrar's holds list: students overdue on a requirement (one, or all), with what is missing.
create function public.overdue_students(requirement uuid default null)
returns table (student_id uuid, student_name text, reg_number text, department text, year_of_study smallint,
               requirement_id uuid, requirement_name text, due_on date, missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see who is overdue');
  end if;
  return query
    select m.id, private.member_display_name(m), m.reg_number, m.department, m.year_of_study, r.id, r.name, s.due_on, s.missing
    from public.immunization_requirements r
    join public.members m on private.requirement_applies(r, m) and m.status = 'active'
    cross join lateral private.immunization_status(r, m) s
    where r.university_id = v_me.university_id and s.status = 'overdue'
      and (overdue_students.requirement is null or r.id = overdue_students.requirement)
    order by s.due_on, m.last_name, m.first_name, r.name;
end;
$$;

revoke all on function public.my_immunizations(), public.record_immunization_dose(text, date, text, text),
  public.request_immunization_exemption(uuid, text, text), public.immunization_compliance(), public.overdue_students(uuid)
  from public, anon;
grant execute on function public.my_immunizations(), public.record_immunization_dose(text, date, text, text),
  public.request_immunization_exemption(uuid, text, text), public.immunization_compliance(), public.overdue_students(uuid)
  to authenticated;
