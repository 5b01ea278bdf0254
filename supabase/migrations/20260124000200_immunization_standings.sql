-- Immunization compliance at scale: the admins' counts and holds list read every student of the university on every
-- requirement, and deciding each student's status there and then (doses in order, the interval between them) took
-- seconds at 100,000 students. The decision is now kept: private.immunization_standings holds, per requirement and
-- student it applies to (active students only), the part of the status that changes only when something is written
-- (met, exempt, under review, or open with its due date and what is missing), refreshed by triggers in the same
-- transaction as the write, so readers see committed data only. Whether an open requirement is due or overdue depends
-- on the day and is decided when it is read. One function still decides, private.immunization_states(), for one
-- student (a student's own page, a write) or for all of a requirement's at once (a new or changed requirement).

-- The day a requirement falls due for a student who joined at `p_joined_at`: its fixed date, or days after joining on
-- the clinic's calendar.
create function private.immunization_due_on(p_requirement public.immunization_requirements, p_joined_at timestamptz, p_zone text)
returns date
language sql
stable
return coalesce(p_requirement.due_on, (p_joined_at at time zone coalesce(p_zone, 'UTC'))::date + p_requirement.due_days_after_joining);

-- The standing the facts make, apart from the day: `exempt` (an approved exemption), `met` (enough approved doses of
-- its vaccines, `p_approved` in order of the day given, each at least the interval after the last one counted),
-- `under_review` (a dose or exemption waits for the clinic), else `open` until its due date; with what is missing in
-- words, named by `p_vaccine` (the name of its first vaccine): "2 more doses of MMR (measles, mumps and rubella) (at
-- least 28 days apart)".
create function private.immunization_decision(p_requirement public.immunization_requirements, p_vaccine text, p_approved date[],
                                              p_exempt boolean, p_pending boolean,
                                              out state text, out doses_counted integer, out missing text)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_last date;
  v_day date;
  v_left integer;
begin
  doses_counted := 0;
  foreach v_day in array coalesce(p_approved, '{}') loop
    if v_last is null or v_day - v_last >= p_requirement.min_interval_days then
      doses_counted := doses_counted + 1;
      v_last := v_day;
    end if;
  end loop;
  v_left := greatest(p_requirement.doses_required - doses_counted, 0);
  state := case when p_exempt then 'exempt' when v_left = 0 then 'met' when p_pending then 'under_review' else 'open' end;
  if state not in ('exempt', 'met') then
    missing := format('%s more dose%s of %s%s', v_left, case when v_left = 1 then '' else 's' end, p_vaccine,
                      case when v_left > 1 and p_requirement.min_interval_days > 0
                           then format(' (at least %s days apart)', p_requirement.min_interval_days) else '' end);
  end if;
end;
$$;

-- The standings of the given students on a requirement, or (`p_students` null) of every active student it applies to,
-- from their doses of its vaccines and their exemptions from it, in one query either way. Built as text so that each
-- call is planned for its own students: an index for one, a scan for a hundred thousand.
create function private.immunization_states(p_requirement public.immunization_requirements, p_students uuid[])
returns table (student_id uuid, state text, due_on date, doses_counted integer, missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_vaccine text;
begin
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = p_requirement.university_id;
  select v.name into v_vaccine from public.vaccines v where v.cvx_code = p_requirement.cvx_codes[1];
  return query execute format($query$
    select m.id, s.state, private.immunization_due_on($1, m.created_at, $3), s.doses_counted, s.missing
    from public.members m
    left join (
      select d.student_id,
             array_agg(d.given_on order by d.given_on) filter (where d.review_status = 'approved') as approved,
             bool_or(d.review_status = 'pending') as pending
      from public.immunization_doses d
      where d.cvx_code = any(($1).cvx_codes) and %1$s
      group by d.student_id
    ) doses on doses.student_id = m.id
    left join (
      select e.student_id, bool_or(e.review_status = 'approved') as exempt, bool_or(e.review_status = 'pending') as pending
      from public.immunization_exemptions e
      where e.requirement_id = ($1).id and %2$s
      group by e.student_id
    ) exemptions on exemptions.student_id = m.id
    cross join lateral private.immunization_decision($1, $4, doses.approved, coalesce(exemptions.exempt, false),
                                                     coalesce(doses.pending, false) or coalesce(exemptions.pending, false)) s
    where %3$s
    $query$,
    case when p_students is null then 'd.university_id = ($1).university_id' else 'd.student_id = any($2)' end,
    case when p_students is null then 'true' else 'e.student_id = any($2)' end,
    case when p_students is null
         then 'm.university_id = ($1).university_id and m.status = ''active'' and private.requirement_applies($1, m)'
         else 'm.id = any($2)' end)
  using p_requirement, p_students, v_zone, v_vaccine;
end;
$$;

-- One student's standing on one requirement, apart from the day.
create function private.immunization_state(p_requirement public.immunization_requirements, p_student public.members,
                                           out state text, out due_on date, out doses_counted integer, out missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  select s.state, s.due_on, s.doses_counted, s.missing into state, due_on, doses_counted, missing
  from private.immunization_states(p_requirement, array[p_student.id]) s;
end;
$$;

-- The status as people read it: an open requirement is `due` until its due date and `overdue` after it (the clinic's
-- calendar).
create or replace function private.immunization_status(p_requirement public.immunization_requirements, p_student public.members,
                                                       out status text, out due_on date, out doses_counted integer, out missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_state record;
begin
  select * into v_state from private.immunization_state(p_requirement, p_student);
  status := case when v_state.state <> 'open' then v_state.state
                 when v_state.due_on < private.clinic_today(p_requirement.university_id) then 'overdue'
                 else 'due' end;
  due_on := v_state.due_on;
  doses_counted := v_state.doses_counted;
  missing := v_state.missing;
end;
$$;

-- No foreign keys: checking three of them for each of 100,000 rows (and locking each student's member row) was most of
-- the time a new requirement took. The triggers below remove a student's or a requirement's standings with it.
create table private.immunization_standings (
  requirement_id uuid not null,
  student_id uuid not null,
  university_id uuid not null,
  state text not null,
  due_on date not null,
  doses_counted integer not null,
  missing text,
  -- When the student was emailed that the requirement is due soon, and that it has passed (each once).
  due_reminded_at timestamptz,
  overdue_reminded_at timestamptz,
  -- Student first: a write refreshes one student's standings.
  primary key (student_id, requirement_id),
  constraint immunization_standings_state_values check (state in ('met', 'exempt', 'under_review', 'open'))
);

comment on table private.immunization_standings is
  'private.immunization_states() of every active student on every requirement that applies to them, kept by triggers.';
-- The holds list and the reminders: open requirements by due date, with whether the student was reminded. Few indexes,
-- as a new requirement writes a row for every student.
create index immunization_standings_open_idx on private.immunization_standings (university_id, due_on)
  include (due_reminded_at, overdue_reminded_at) where state = 'open';

alter table private.immunization_standings enable row level security;
revoke all on private.immunization_standings from public, anon, authenticated, service_role;

-- One student's standings again: on the given requirements (null: every requirement of their university). A student
-- no longer active, or whom a requirement no longer applies to, has no standing on it.
create function private.refresh_student_standings(p_student uuid, p_requirements uuid[] default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_student public.members;
begin
  select * into v_student from public.members m where m.id = p_student;
  delete from private.immunization_standings st
  where st.student_id = p_student
    and (p_requirements is null or st.requirement_id = any(p_requirements))
    and (v_student.id is null or v_student.status <> 'active' or not exists (
      select 1 from public.immunization_requirements r where r.id = st.requirement_id and private.requirement_applies(r, v_student)));
  if v_student.id is null or v_student.status <> 'active' then
    return;
  end if;
  insert into private.immunization_standings as st (requirement_id, student_id, university_id, state, due_on, doses_counted, missing)
  select r.id, s.student_id, r.university_id, s.state, s.due_on, s.doses_counted, s.missing
  from public.immunization_requirements r
  cross join lateral private.immunization_states(r, array[p_student]) s
  where r.university_id = v_student.university_id and (p_requirements is null or r.id = any(p_requirements))
    and private.requirement_applies(r, v_student)
  on conflict (requirement_id, student_id) do update
    set state = excluded.state, due_on = excluded.due_on, doses_counted = excluded.doses_counted, missing = excluded.missing
    where (st.state, st.due_on, st.doses_counted, st.missing)
          is distinct from (excluded.state, excluded.due_on, excluded.doses_counted, excluded.missing);
end;
$$;

-- Every student's standing on one requirement again (a new or changed requirement, a university's new time zone), in
-- one statement.
create function private.refresh_requirement_standings(p_requirement uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_requirement public.immunization_requirements;
begin
  select * into v_requirement from public.immunization_requirements r where r.id = p_requirement;
  if v_requirement.id is null then
    return;
  end if;
  delete from private.immunization_standings st
  where st.requirement_id = v_requirement.id
    and not exists (select 1 from public.members m
                    where m.id = st.student_id and m.status = 'active' and private.requirement_applies(v_requirement, m));
  insert into private.immunization_standings as st (requirement_id, student_id, university_id, state, due_on, doses_counted, missing)
  select v_requirement.id, s.student_id, v_requirement.university_id, s.state, s.due_on, s.doses_counted, s.missing
  from private.immunization_states(v_requirement, null) s
  on conflict (requirement_id, student_id) do update
    set state = excluded.state, due_on = excluded.due_on, doses_counted = excluded.doses_counted, missing = excluded.missing
    where (st.state, st.due_on, st.doses_counted, st.missing)
          is distinct from (excluded.state, excluded.due_on, excluded.doses_counted, excluded.missing);
end;
$$;

create function private.immunization_doses_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.refresh_student_standings(old.student_id, array(
      select r.id from public.immunization_requirements r where r.university_id = old.university_id and old.cvx_code = any(r.cvx_codes)));
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.student_id, new.cvx_code) is distinct from (old.student_id, old.cvx_code)) then
    perform private.refresh_student_standings(new.student_id, array(
      select r.id from public.immunization_requirements r where r.university_id = new.university_id and new.cvx_code = any(r.cvx_codes)));
  end if;
  return null;
end;
$$;

create function private.immunization_exemptions_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.refresh_student_standings(old.student_id, array[old.requirement_id]);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.student_id, new.requirement_id) is distinct from (old.student_id, old.requirement_id)) then
    perform private.refresh_student_standings(new.student_id, array[new.requirement_id]);
  end if;
  return null;
end;
$$;

create function private.immunization_requirements_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from private.immunization_standings st where st.requirement_id = old.id;
  else
    perform private.refresh_requirement_standings(new.id);
  end if;
  return null;
end;
$$;

create function private.members_immunization_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    delete from private.immunization_standings st where st.student_id = old.id;
  elsif new.role = 'student' or (tg_op = 'UPDATE' and old.role = 'student') then
    perform private.refresh_student_standings(new.id);
  end if;
  return null;
end;
$$;

create function private.clinic_settings_immunization_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.timezone is distinct from old.timezone then
    perform private.refresh_requirement_standings(r.id)
    from public.immunization_requirements r
    where r.university_id = new.university_id and r.due_days_after_joining is not null;
  end if;
  return null;
end;
$$;

create trigger immunization_doses_standings after insert or update or delete on public.immunization_doses
  for each row execute function private.immunization_doses_standings();
create trigger immunization_exemptions_standings after insert or update or delete on public.immunization_exemptions
  for each row execute function private.immunization_exemptions_standings();
create trigger immunization_requirements_standings
  after insert or delete or update of cvx_codes, doses_required, min_interval_days, due_on, due_days_after_joining, departments, years
  on public.immunization_requirements
  for each row execute function private.immunization_requirements_standings();
create trigger members_immunization_standings
  after insert or delete or update of role, status, department, year_of_study, created_at, university_id on public.members
  for each row execute function private.members_immunization_standings();
create trigger clinic_settings_immunization_standings after update of timezone on public.clinic_settings
  for each row execute function private.clinic_settings_immunization_standings();

revoke all on function private.immunization_due_on(public.immunization_requirements, timestamptz, text),
  private.immunization_decision(public.immunization_requirements, text, date[], boolean, boolean),
  private.immunization_states(public.immunization_requirements, uuid[]),
  private.immunization_state(public.immunization_requirements, public.members),
  private.refresh_student_standings(uuid, uuid[]), private.refresh_requirement_standings(uuid),
  private.immunization_doses_standings(), private.immunization_exemptions_standings(),
  private.immunization_requirements_standings(), private.members_immunization_standings(),
  private.clinic_settings_immunization_standings()
  from public, anon, authenticated, service_role;

-- The requirements already defined.
select private.refresh_requirement_standings(r.id) from public.immunization_requirements r;

-- Per requirement, how many of the students it applies to stand in each status: counted from the kept standings.
-- Counts only, never a dose or a reason. A requirement nobody falls under yet is listed with zeros.
create or replace function public.immunization_compliance()
returns table (requirement_id uuid, name text, students bigint, met bigint, exempt bigint, under_review bigint,
               due bigint, overdue bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_today date;
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see immunization compliance');
  end if;
  v_today := private.clinic_today(v_me.university_id);
  return query
    select r.id, r.name, count(st.student_id),
           count(*) filter (where st.state = 'met'), count(*) filter (where st.state = 'exempt'),
           count(*) filter (where st.state = 'under_review'),
           count(*) filter (where st.state = 'open' and st.due_on >= v_today),
           count(*) filter (where st.state = 'open' and st.due_on < v_today)
    from public.immunization_requirements r
    left join private.immunization_standings st on st.requirement_id = r.id
    where r.university_id = v_me.university_id
    group by r.id, r.name
    order by r.name, r.id;
end;
$$;

-- The registrar's holds list: students overdue on a requirement (one, or all), with what is missing.
create or replace function public.overdue_students(requirement uuid default null)
returns table (student_id uuid, student_name text, reg_number text, department text, year_of_study smallint,
               requirement_id uuid, requirement_name text, due_on date, missing text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_today date;
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see who is overdue');
  end if;
  v_today := private.clinic_today(v_me.university_id);
  return query
    select m.id, private.member_display_name(m), m.reg_number, m.department, m.year_of_study, r.id, r.name, st.due_on, st.missing
    from private.immunization_standings st
    join public.immunization_requirements r on r.id = st.requirement_id
    join public.members m on m.id = st.student_id
    where st.university_id = v_me.university_id and st.state = 'open' and st.due_on < v_today
      and (overdue_students.requirement is null or st.requirement_id = overdue_students.requirement)
    order by st.due_on, m.last_name, m.first_name, r.name;
end;
$$;
