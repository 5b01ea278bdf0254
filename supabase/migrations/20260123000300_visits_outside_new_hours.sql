-- Visits left outside new hours. Saving new opening hours or a doctor's hours "anyway" kept such visits booked with
-- their doctor, and the dashboard's "visits that need a doctor" could not list them: finding them means reading every
-- booked visit against the week's hours, which the dashboard's count cannot afford on each load. The hours change is
-- rare, so it marks them then (one pass over that university's or doctor's booked visits); the dashboard reads the
-- marks, and a visit stops counting once it is moved, given another doctor or cancelled, as every other cause does.

create table private.visits_outside_hours (
  appointment_id uuid primary key references public.appointments (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade
);
create index visits_outside_hours_university_idx on private.visits_outside_hours (university_id);
alter table private.visits_outside_hours enable row level security;
revoke all on private.visits_outside_hours from public, anon, authenticated, service_role;

create function private.mark_visits_outside_hours(p_university uuid, p_doctor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_zone text;
  v_clinic jsonb := private.clinic_week_hours(p_university);
  v_doctor jsonb;
begin
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = p_university;
  delete from private.visits_outside_hours o
  where o.university_id = p_university
    and not exists (select 1 from public.appointments a where a.id = o.appointment_id and a.status = 'scheduled' and a.date > now());
  if p_doctor is null then
    insert into private.visits_outside_hours (appointment_id, university_id)
    select a.id, a.university_id from public.appointments a
    where a.university_id = p_university and a.status = 'scheduled' and a.date > now()
      and not private.within_week_hours(a.date, a.duration_minutes, v_zone, v_clinic)
    on conflict do nothing;
  else
    v_doctor := private.doctor_week_hours((select m from public.members m where m.id = p_doctor));
    insert into private.visits_outside_hours (appointment_id, university_id)
    select a.id, a.university_id from public.appointments a
    where a.provider_id = p_doctor and a.status = 'scheduled' and a.date > now()
      and not (private.within_week_hours(a.date, a.duration_minutes, v_zone, v_clinic)
               and private.within_week_hours(a.date, a.duration_minutes, v_zone, v_doctor))
    on conflict do nothing;
  end if;
end;
$$;

-- Once per statement (a week's hours are saved as several rows), for each university or doctor the statement touched.
create function private.clinic_hours_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.mark_visits_outside_hours(u.university_id, null)
  from (select distinct r.university_id from changed_rows r) u;
  return null;
end;
$$;

create function private.doctor_hours_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.mark_visits_outside_hours(d.university_id, d.doctor_id)
  from (select distinct r.university_id, r.doctor_id from changed_rows r) d;
  return null;
end;
$$;

create trigger clinic_hours_inserted after insert on public.clinic_hours
  referencing new table as changed_rows for each statement execute function private.clinic_hours_changed();
create trigger clinic_hours_updated after update on public.clinic_hours
  referencing new table as changed_rows for each statement execute function private.clinic_hours_changed();
create trigger clinic_hours_deleted after delete on public.clinic_hours
  referencing old table as changed_rows for each statement execute function private.clinic_hours_changed();
create trigger doctor_hours_inserted after insert on public.doctor_hours
  referencing new table as changed_rows for each statement execute function private.doctor_hours_changed();
create trigger doctor_hours_updated after update on public.doctor_hours
  referencing new table as changed_rows for each statement execute function private.doctor_hours_changed();
create trigger doctor_hours_deleted after delete on public.doctor_hours
  referencing old table as changed_rows for each statement execute function private.doctor_hours_changed();

revoke all on function private.mark_visits_outside_hours(uuid, uuid), private.clinic_hours_changed(),
  private.doctor_hours_changed() from public, anon, authenticated;

create or replace function private.visits_with_problems(p_university uuid)
 RETURNS SETOF public.appointments
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select distinct on (a.date, a.id) a.*
  from (
    select a.* from public.appointments a
    where a.university_id = p_university and a.provider_id is null and a.status = 'scheduled' and a.date > now()
    union all
    select a.* from public.members m join public.appointments a on a.provider_id = m.id
    where m.university_id = p_university and m.role = 'doctor' and m.status <> 'active'
      and a.status = 'scheduled' and a.date > now()
    union all
    select a.* from public.clinic_closures c
    join public.clinic_settings s on s.university_id = c.university_id
    join public.appointments a on a.university_id = c.university_id
      and a.date >= (c.starts_on::timestamp at time zone s.timezone) and a.date < ((c.ends_on + 1)::timestamp at time zone s.timezone)
    where c.university_id = p_university and c.ends_on >= (now() at time zone s.timezone)::date
      and a.status = 'scheduled' and a.date > now()
    union all
    select a.* from public.doctor_time_off t
    join public.appointments a on a.provider_id = t.doctor_id
      and a.date < t.ends_at and a.date > t.starts_at - interval '4 hours'
    where t.university_id = p_university and t.ends_at > now()
      and a.status = 'scheduled' and a.date > now()
      and tstzrange(t.starts_at, t.ends_at) && private.appointment_slot(a.date, a.duration_minutes)
    union all
    select a.* from private.visits_outside_hours o join public.appointments a on a.id = o.appointment_id
    where o.university_id = p_university and a.status = 'scheduled' and a.date > now()
  ) a
  order by a.date, a.id
$function$;

create or replace function private.visit_problem(p_appointment public.appointments)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_doctor public.members;
  v_closure text;
  v_zone text;
begin
  if p_appointment.status <> 'scheduled' or p_appointment.date <= now() then
    return null;
  end if;
  if p_appointment.provider_id is null then
    return 'No doctor is assigned';
  end if;
  select * into v_doctor from public.members m where m.id = p_appointment.provider_id;
  if v_doctor.status <> 'active' then
    return format('%s is no longer at the clinic', private.member_display_name(v_doctor));
  end if;
  select c.reason into v_closure
  from public.clinic_closures c join public.clinic_settings s on s.university_id = c.university_id
  where c.university_id = p_appointment.university_id
    and (p_appointment.date at time zone s.timezone)::date between c.starts_on and c.ends_on
  limit 1;
  if v_closure is not null then
    return format('The clinic is closed that day (%s)', v_closure);
  end if;
  if exists (select 1 from public.doctor_time_off t
             where t.doctor_id = p_appointment.provider_id
               and tstzrange(t.starts_at, t.ends_at) && private.appointment_slot(p_appointment.date, p_appointment.duration_minutes)) then
    return format('%s is away then', private.member_display_name(v_doctor));
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = p_appointment.university_id;
  if not private.within_week_hours(p_appointment.date, p_appointment.duration_minutes, v_zone,
                                   private.clinic_week_hours(p_appointment.university_id)) then
    return 'Outside the clinic''s opening hours';
  end if;
  if not private.within_week_hours(p_appointment.date, p_appointment.duration_minutes, v_zone, private.doctor_week_hours(v_doctor)) then
    return format('Outside %s''s hours', private.member_display_name(v_doctor));
  end if;
  return null;
end;
$function$;
