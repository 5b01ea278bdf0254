-- Free times of any doctor: a week of the big university's 40 doctors took 56–90 ms of database time (p95 471 ms at
-- 10 connections, goal 100), two thirds of it in one join: each of ~3,600 candidate times was tested against every
-- busy interval of its doctor in turn (248,531 tests that found no overlap, for 1,568 free times). Each doctor's busy
-- time, and the student's, is now one multirange (range_agg), which a candidate's range is tested against by a binary
-- search. The doctor's visits come from an index that holds their length and id, so reading ~3,700 of them visits no
-- table page (3,549 before).
drop index public.appointments_provider_open_idx;
create index appointments_provider_open_idx on public.appointments (provider_id, date) include (duration_minutes, id)
  where status in ('scheduled', 'arrived', 'ongoing');
create or replace function private.free_slots(p_university uuid, p_from date, p_to date, p_provider uuid,
                                              p_student uuid, p_exclude uuid, p_minutes integer default null,
                                              p_type uuid default null)
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
      select s.timezone, s.slot_minutes, coalesce(p_minutes, s.slot_minutes) as visit_minutes, s.min_notice_minutes,
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
        and (p_type is null or private.offers_appointment_type(p_type, m.id))
    ),
    -- Everything that blocks a slot, read once per call: a doctor's visits by their start within the range's margin
    -- (appointments_provider_open_idx, whose columns hold all this needs), the doctor's time off, the student's visits
    -- through their exclusion constraint's GiST index. Each doctor's, and the student's, as one multirange: a candidate
    -- is tested against it by a binary search, where a list of intervals was tested one by one (the any-doctor week
    -- made ~250,000 such tests for 40 doctors).
    doctor_busy as materialized (
      select busy.provider_id, range_agg(busy.during) as during
      from (
        select a.provider_id, tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) as during
        from public.appointments a, settings s
        where a.provider_id in (select id from doctors) and a.status in ('scheduled', 'arrived', 'ongoing')
          and a.id is distinct from p_exclude
          and a.date >= s.range_start and a.date < s.range_end
        union all
        select t.doctor_id, tstzrange(t.starts_at, t.ends_at)
        from public.doctor_time_off t, settings s
        where t.doctor_id in (select id from doctors) and tstzrange(t.starts_at, t.ends_at) && tstzrange(s.range_start, s.range_end)
      ) busy
      group by busy.provider_id
    ),
    student_busy as materialized (
      select range_agg(tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes))) as during
      from public.appointments a, settings s
      where a.student_id = p_student and a.status in ('scheduled', 'arrived', 'ongoing') and a.id is distinct from p_exclude
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
    -- Visits start on the clinic's slot grid and must end by closing time, whatever their length.
    candidates as materialized (
      select w.provider_id, tstzrange(start.at, start.at + make_interval(mins => s.visit_minutes)) as during
      from windows w
      cross join settings s
      cross join lateral generate_series(0, (extract(epoch from w.closes_at - w.opens_at) / 60)::integer - s.visit_minutes, s.slot_minutes)
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
