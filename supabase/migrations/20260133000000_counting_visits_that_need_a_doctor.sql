-- The admin dashboard counted the visits that need a doctor by building the whole list: every candidate appointment
-- read whole, sorted, and judged by visit_problem() one call at a time, on every dashboard load (7 ms of database time
-- for the ~1,000 unassigned visits of the bench's 1M-appointment university; 182 dashboards a second instead of 1,531).
-- Every source of the list implies its problem, as visit_problem() tests the same things in the same order: unassigned,
-- a doctor who left, a closure, time off. So the count reads ids only: the unassigned visits are counted from their
-- index, the rest are a union of ids. Visits outside the hours are the exception: that table is kept by
-- mark_visits_outside_hours() and may lag a change of hours, so those are still judged one by one. The list and the
-- count take the assigned visits from one function, so they cannot disagree.
create function private.assigned_visit_ids_with_problems(p_university uuid)
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select a.id from public.members m join public.appointments a on a.provider_id = m.id
    where m.university_id = p_university and m.role = 'doctor' and m.status <> 'active'
      and a.status = 'scheduled' and a.date > now()
    union
    select a.id from public.clinic_closures c
    join public.clinic_settings s on s.university_id = c.university_id
    join public.appointments a on a.university_id = c.university_id
      and a.date >= (c.starts_on::timestamp at time zone s.timezone) and a.date < ((c.ends_on + 1)::timestamp at time zone s.timezone)
    where c.university_id = p_university and c.ends_on >= (now() at time zone s.timezone)::date
      and a.provider_id is not null and a.status = 'scheduled' and a.date > now()
    union
    select a.id from public.doctor_time_off t
    join public.appointments a on a.provider_id = t.doctor_id
      and a.date < t.ends_at and a.date > t.starts_at - interval '4 hours'
    where t.university_id = p_university and t.ends_at > now()
      and a.status = 'scheduled' and a.date > now()
      and tstzrange(t.starts_at, t.ends_at) && private.appointment_slot(a.date, a.duration_minutes)
    union
    select a.id from private.visits_outside_hours o join public.appointments a on a.id = o.appointment_id
    where o.university_id = p_university and a.provider_id is not null and a.status = 'scheduled' and a.date > now()
      and private.visit_problem(a) is not null;
end;
$$;

create or replace function private.visits_with_problems(p_university uuid)
returns setof public.appointments
language sql
stable
security definer
set search_path = ''
as $$
  select a.* from (
    select a.* from public.appointments a
    where a.university_id = p_university and a.provider_id is null and a.status = 'scheduled' and a.date > now()
    union all
    select a.* from public.appointments a where a.id in (select private.assigned_visit_ids_with_problems(p_university))
  ) a
  order by a.date, a.id
$$;

create function private.count_visits_with_problems(p_university uuid)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select count(*) from public.appointments a
          where a.university_id = p_university and a.provider_id is null and a.status = 'scheduled' and a.date > now())
       + (select count(*) from private.assigned_visit_ids_with_problems(p_university));
end;
$$;

revoke all on function private.assigned_visit_ids_with_problems(uuid), private.count_visits_with_problems(uuid)
  from public, anon, authenticated, service_role;

create or replace function public.dashboard_counts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null then
    perform private.fail('Your account has no access');
  end if;
  if v_me.role = 'admin' then
    return jsonb_build_object(
      'role', 'admin',
      'appointments', (select coalesce(sum(t.n), 0) from private.dashboard_tallies t
                       where t.university_id = v_me.university_id and t.subject = 'appointments'),
      'programs', (select count(*) from public.programs p where p.university_id = v_me.university_id),
      'staff', (select coalesce(sum(t.n), 0) from private.dashboard_tallies t
                where t.university_id = v_me.university_id and t.subject = 'staff'),
      'students', (select coalesce(sum(t.n), 0) from private.dashboard_tallies t
                   where t.university_id = v_me.university_id and t.subject = 'students'),
      'visits_needing_a_doctor', private.count_visits_with_problems(v_me.university_id));
  elsif v_me.role = 'doctor' then
    return jsonb_build_object(
      'role', 'doctor',
      'appointments', (select count(*) from public.appointments a where a.provider_id = v_me.id),
      'upcoming_appointments', (select count(*) from public.appointments a
                                where a.provider_id = v_me.id and a.status in ('scheduled', 'arrived', 'ongoing')
                                  and a.date >= now() - interval '1 day'),
      'programs', (select count(*) from public.programs p where p.university_id = v_me.university_id),
      'patients', (select count(distinct a.student_id) from public.appointments a where a.provider_id = v_me.id));
  else
    return jsonb_build_object(
      'role', 'student',
      'appointments', (select count(*) from public.appointments a where a.student_id = v_me.id),
      'upcoming_appointments', (select count(*) from public.appointments a
                                where a.student_id = v_me.id and a.status in ('scheduled', 'arrived', 'ongoing')
                                  and a.date >= now() - interval '1 day'),
      'programs', (select count(*) from public.programs p
                   where p.university_id = v_me.university_id and p.date >= current_date));
  end if;
end;
$$;
