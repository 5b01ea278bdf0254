-- Booking asks private.free_slots() whether the chosen slot is free (through private.slot_is_free(), from the
-- appointments_schedule_guard trigger), and the student's slot picker lists them through it. As SQL functions that
-- cannot be inlined (security definer), their queries were planned again on every call: ~1.5 ms of free_slots' ~1.8 ms
-- for one doctor's day, measured by `npm run bench:api`. As PL/pgSQL the plans are kept for the connection's life,
-- as 20260109000000_session_limits_plans.sql did for the request gate. Same signatures, results, owners and grants.

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
      where m.university_id = p_university and m.role = 'doctor' and m.status = 'active' and not m.must_change_password
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

create or replace function private.first_free_doctor(p_university uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    with local_day as (
      select (p_starts_at at time zone s.timezone)::date as day from public.clinic_settings s where s.university_id = p_university
    )
    select f.provider_id
    from local_day l, private.free_slots(p_university, l.day, l.day, null, p_student, p_exclude) f
    where f.starts_at = p_starts_at
    order by (select count(*) from public.appointments a
              where a.provider_id = f.provider_id and a.status in ('scheduled', 'ongoing')
                and a.date >= p_starts_at - interval '1 day' and a.date < p_starts_at + interval '1 day'),
             f.provider_id
    limit 1
  );
end;
$$;

create or replace function private.slot_is_free(p_university uuid, p_provider uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.clinic_settings s,
         private.free_slots(p_university, (p_starts_at at time zone s.timezone)::date, (p_starts_at at time zone s.timezone)::date,
                            p_provider, p_student, p_exclude) f
    where s.university_id = p_university and f.starts_at = p_starts_at
  );
end;
$$;

-- A doctor's day screen asks for its exact total (pagination shows it): a count over every upcoming appointment of the
-- doctor, with the appointments_select policy's columns. With them in the index the count is an index-only scan
-- instead of a heap page per appointment (a busy doctor: ~870 pages, ~12 ms cold; 0.3 ms as index-only).
create index appointments_provider_date_cover_idx on public.appointments (provider_id, date) include (university_id, student_id);
drop index public.appointments_provider_date_idx;
