-- The admin dashboard's count of visits that need a doctor judged every visit marked outside the hours again, one
-- private.visit_problem() call each (~0.45 ms), because the marks could lag: a mark stayed when its visit moved, changed
-- doctor or the hours widened again. With the 7,000 weekend visits the benchmark's clinic leaves outside its
-- weekday hours, one dashboard cost 3.3 s of database time; a clinic that shortens its hours over a few weeks of
-- bookings would pay ~0.5 s on every load. The marks are now exact, so the count and the list read them as they are:
-- - a change of hours (the clinic's or a doctor's) or of the clinic's time zone judges its visits afresh, by the rule
--   visit_problem() applies (within the clinic's hours and the doctor's), and replaces the marks it covers;
-- - a marked visit that moves, changes doctor or stops being booked is judged again on the spot (a trigger), as before
--   only marked visits are: staff may book outside the hours on purpose, and that alone does not flag a visit;
-- - each mark keeps its visit's start, so "still ahead" is read from the mark's own index.

alter table private.visits_outside_hours add column starts_at timestamptz;

create function private.outside_week_hours(p_date timestamptz, p_minutes integer, p_zone text, p_clinic jsonb,
                                           p_doctor jsonb)
returns boolean
language sql
immutable
set search_path = ''
return not (private.within_week_hours(p_date, p_minutes, p_zone, p_clinic)
            and private.within_week_hours(p_date, p_minutes, p_zone, p_doctor));

update private.visits_outside_hours o set starts_at = a.date
from public.appointments a where a.id = o.appointment_id;
delete from private.visits_outside_hours o
where not exists (
  select 1 from public.appointments a
  join public.clinic_settings s on s.university_id = a.university_id
  join public.members m on m.id = a.provider_id
  where a.id = o.appointment_id and a.status = 'scheduled' and a.date > now()
    and private.outside_week_hours(a.date, a.duration_minutes, s.timezone, private.clinic_week_hours(a.university_id),
                                   private.doctor_week_hours(m))
);
alter table private.visits_outside_hours alter column starts_at set not null;
drop index private.visits_outside_hours_university_idx;
create index visits_outside_hours_university_start_idx on private.visits_outside_hours (university_id, starts_at);

create or replace function private.mark_visits_outside_hours(p_university uuid, p_doctor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_clinic jsonb := private.clinic_week_hours(p_university);
begin
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = p_university;
  delete from private.visits_outside_hours o
  where o.university_id = p_university
    and (p_doctor is null or o.starts_at <= now()
         or exists (select 1 from public.appointments a where a.id = o.appointment_id and a.provider_id = p_doctor));
  insert into private.visits_outside_hours (appointment_id, university_id, starts_at)
  select a.id, a.university_id, a.date
  from (select m.id, private.doctor_week_hours(m) as hours
        from public.members m
        where m.university_id = p_university and m.role = 'doctor' and (p_doctor is null or m.id = p_doctor)) doctor
  join public.appointments a on a.provider_id = doctor.id
  where a.status = 'scheduled' and a.date > now()
    and private.outside_week_hours(a.date, a.duration_minutes, v_zone, v_clinic, doctor.hours)
  -- Two changes of hours at once: the later waits for the earlier's marks, then keeps them.
  on conflict (appointment_id) do update set starts_at = excluded.starts_at;
end;
$$;

-- Only a marked visit is judged again: a visit staff booked outside the hours on purpose stays unflagged.
create function private.appointment_hours_mark_follows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from private.visits_outside_hours o where o.appointment_id = new.id) then
    return null;
  end if;
  if new.status = 'scheduled' and new.provider_id is not null and new.date > now()
     and private.outside_week_hours(new.date, new.duration_minutes,
                                    (select s.timezone from public.clinic_settings s where s.university_id = new.university_id),
                                    private.clinic_week_hours(new.university_id),
                                    private.doctor_week_hours((select m from public.members m where m.id = new.provider_id))) then
    update private.visits_outside_hours o set starts_at = new.date where o.appointment_id = new.id;
  else
    delete from private.visits_outside_hours o where o.appointment_id = new.id;
  end if;
  return null;
end;
$$;

create trigger appointments_hours_mark_follows after update of date, duration_minutes, provider_id, status
  on public.appointments for each row
  when (old.date is distinct from new.date or old.duration_minutes is distinct from new.duration_minutes
        or old.provider_id is distinct from new.provider_id or old.status is distinct from new.status)
  execute function private.appointment_hours_mark_follows();

create function private.clinic_timezone_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.mark_visits_outside_hours(new.university_id, null);
  return null;
end;
$$;

create trigger clinic_settings_timezone_marks after update of timezone on public.clinic_settings for each row
  when (old.timezone is distinct from new.timezone)
  execute function private.clinic_timezone_changed();

-- The assigned visits whose doctor cannot keep them for a reason other than the hours: the doctor left, the clinic is
-- closed that day, the doctor is away.
create function private.blocked_visit_ids(p_university uuid)
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
      and tstzrange(t.starts_at, t.ends_at) && private.appointment_slot(a.date, a.duration_minutes);
end;
$$;

create or replace function private.assigned_visit_ids_with_problems(p_university uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select b.id from private.blocked_visit_ids(p_university) b(id)
  union
  select o.appointment_id from private.visits_outside_hours o where o.university_id = p_university and o.starts_at > now()
$$;

-- Marked visits are counted from their index; a blocked visit only when it is not also marked, so none counts twice.
create or replace function private.count_visits_with_problems(p_university uuid)
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select count(*) from public.appointments a
          where a.university_id = p_university and a.provider_id is null and a.status = 'scheduled' and a.date > now())
       + (select count(*) from private.visits_outside_hours o where o.university_id = p_university and o.starts_at > now())
       + (select count(*) from private.blocked_visit_ids(p_university) b(id)
          where not exists (select 1 from private.visits_outside_hours o where o.appointment_id = b.id and o.starts_at > now()));
end;
$$;

revoke all on function private.outside_week_hours(timestamptz, integer, text, jsonb, jsonb),
  private.appointment_hours_mark_follows(), private.clinic_timezone_changed(), private.blocked_visit_ids(uuid),
  private.assigned_visit_ids_with_problems(uuid)
  from public, anon, authenticated, service_role;
