-- Only ready doctors are offered to students: active, past the forced password change and with a name. A doctor who
-- had just been added, or whose name was cleared, was offered as "First available doctor" and then showed as a blank
-- Doctor cell, a blank option in the list and an email naming an address.
--
-- 1. private.is_bookable_doctor(member) is the rule; free_slots() (and so every free time, "first available" and the
--    check of a chosen doctor) offers only such doctors, and staff_directory says which doctors are (`bookable`), for
--    the student's list of doctors.
-- 2. A doctor's name, once changed, must be a whole name: it cannot be cleared (members_before_write).

-- A SQL-standard body (inlined where it is used); the staff directory evaluates it as the reader, who may run it: it
-- only reads the row it is given.
create function private.is_bookable_doctor(p_member public.members)
returns boolean
language sql
stable
return p_member.role = 'doctor' and p_member.status = 'active' and not p_member.must_change_password
  and btrim(p_member.first_name) <> '' and btrim(p_member.last_name) <> '';

revoke all on function private.is_bookable_doctor(public.members) from public, anon;
grant execute on function private.is_bookable_doctor(public.members) to authenticated, service_role;

create or replace function private.free_slots(p_university uuid, p_from date, p_to date, p_provider uuid, p_student uuid, p_exclude uuid)
returns table (starts_at timestamptz, ends_at timestamptz, provider_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
    with settings as (
      select s.timezone, s.slot_minutes, s.min_notice_minutes,
             -- What can overlap the range: visits are at most 4 hours long, so a day's margin either side is plenty.
             (p_from::timestamp at time zone s.timezone) - interval '1 day' as range_start,
             ((p_to + 1)::timestamp at time zone s.timezone) + interval '1 day' as range_end
      from public.clinic_settings s where s.university_id = p_university
    ),
    open_days as (
      select d::date as day
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d
      where not exists (
        select 1 from public.clinic_closures c
        where c.university_id = p_university and d::date between c.starts_on and c.ends_on
      )
    ),
    doctors as (
      select m.id, exists (select 1 from public.doctor_hours h where h.doctor_id = m.id) as keeps_own_hours
      from public.members m
      where m.university_id = p_university and private.is_bookable_doctor(m)
        and (p_provider is null or m.id = p_provider)
    ),
    -- Everything that blocks a slot, read once per call through the exclusion constraints' GiST indexes (provider or
    -- student, and the visit's time range), so candidates are checked against a small set, not the whole table.
    doctor_busy as materialized (
      select a.provider_id, tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) as during
      from public.appointments a, settings s
      where a.provider_id in (select id from doctors) and a.status in ('scheduled', 'ongoing') and a.id is distinct from p_exclude
        and private.appointment_slot(a.date, a.duration_minutes) && tstzrange(s.range_start, s.range_end)
      union all
      select t.doctor_id, tstzrange(t.starts_at, t.ends_at)
      from public.doctor_time_off t, settings s
      where t.doctor_id in (select id from doctors) and tstzrange(t.starts_at, t.ends_at) && tstzrange(s.range_start, s.range_end)
    ),
    student_busy as materialized (
      select tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) as during
      from public.appointments a, settings s
      where a.student_id = p_student and a.status in ('scheduled', 'ongoing') and a.id is distinct from p_exclude
        and private.appointment_slot(a.date, a.duration_minutes) && tstzrange(s.range_start, s.range_end)
    ),
    windows as (
      select doc.id as provider_id, o.day,
             greatest(ch.opens_at, coalesce(dh.opens_at, ch.opens_at)) as opens_at,
             least(ch.closes_at, coalesce(dh.closes_at, ch.closes_at)) as closes_at
      from open_days o
      join public.clinic_hours ch on ch.university_id = p_university and ch.weekday = extract(isodow from o.day)
      cross join doctors doc
      left join public.doctor_hours dh on dh.doctor_id = doc.id and dh.weekday = ch.weekday
      where not doc.keeps_own_hours or dh.doctor_id is not null
    ),
    -- Materialized so each candidate's time range is computed once, not again for every busy range it meets.
    candidates as materialized (
      select w.provider_id, tstzrange(start.at, start.at + make_interval(mins => s.slot_minutes)) as during
      from windows w
      cross join settings s
      cross join lateral generate_series(0, (extract(epoch from w.closes_at - w.opens_at) / 60)::integer - s.slot_minutes, s.slot_minutes)
        as slot(offset_minutes)
      cross join lateral (select (w.day + w.opens_at + make_interval(mins => slot.offset_minutes)) at time zone s.timezone as at) start
    )
    select lower(c.during), upper(c.during), c.provider_id
    from candidates c
    cross join settings s
    where lower(c.during) >= now() + make_interval(mins => s.min_notice_minutes)
      and lower(c.during) < now() + interval '1 year'
      and not exists (select 1 from doctor_busy b where b.provider_id = c.provider_id and b.during && c.during)
      and not exists (select 1 from student_busy b where b.during && c.during)
    order by 1, 3;
end;
$$;

create or replace view public.staff_directory with (security_barrier = true) as
  select m.id, m.university_id, m.role, m.title, m.first_name, m.last_name, m.position, m.specialization, m.avatar_path,
         private.is_bookable_doctor(m) as bookable
  from public.members m
  where m.university_id = (select private.current_university_id()) and m.role in ('admin', 'doctor') and m.status = 'active';

create or replace function private.members_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title := nullif(btrim(new.title), '');
  new.first_name := btrim(coalesce(new.first_name, ''));
  new.last_name := btrim(coalesce(new.last_name, ''));
  new.phone := nullif(btrim(new.phone), '');
  new.staff_id := nullif(btrim(new.staff_id), '');
  new.position := nullif(btrim(new.position), '');
  new.specialization := nullif(btrim(new.specialization), '');
  new.reg_number := nullif(btrim(new.reg_number), '');
  new.department := nullif(btrim(new.department), '');
  new.avatar_path := nullif(btrim(new.avatar_path), '');
  if tg_op = 'UPDATE' then
    new.updated_at := now();
    -- Students see a doctor's name when they book: once changed it must be whole (one left blank before may stay so
    -- until then, and such a doctor is not offered).
    if new.role = 'doctor' and (new.first_name <> old.first_name or new.last_name <> old.last_name)
       and (new.first_name = '' or new.last_name = '') then
      perform private.fail('Enter your first and last name: students see them when they book');
    end if;
  end if;
  return new;
end;
$$;
