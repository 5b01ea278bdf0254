-- Free times of any doctor, once more (p95 177 ms at 10 connections against a goal of 100; ~12 ms of database time a
-- call on the bench data):
-- - The slot grid was built per doctor: 3,600 times converted from the clinic's time zone for 40 doctors who mostly
--   keep the clinic's hours, so the same 90. It is now built once per distinct window of hours, tested once against the
--   student's visits, and joined to the doctors whose hours it is.
-- - Each doctor's busy time rides on their windows, so a candidate is a filter on one row, not an anti join, which a
--   generic plan (plpgsql's, after five calls) turned into a nested loop over every doctor's busy time.
-- - The visits read are those that start between 4 hours (the longest visit, appointments_duration_range) before the
--   range's first midnight and its last midnight; a day either side was read before.
-- On the bench data: any doctor's week 12 → 7.5 ms, the same answer (md5 of a week, any doctor and one doctor).
-- The visits' and the grid's ranges are written out rather than built by private.appointment_slot: that function sets
-- its search_path, so PostgreSQL calls it for each row instead of inlining it.
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
      select s.timezone, s.slot_minutes, coalesce(p_minutes, s.slot_minutes) as visit_minutes,
             now() + make_interval(mins => s.min_notice_minutes) as earliest_start, now() + interval '1 year' as latest_start,
             -- What can overlap the range's slots: they lie between its first midnight and its last, and a visit lasts at
             -- most 4 hours (appointments_duration_range).
             (p_from::timestamp at time zone s.timezone) - interval '4 hours' as range_start,
             (p_to + 1)::timestamp at time zone s.timezone as range_end
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
    -- Each doctor's working hours of each open day, with their busy time.
    windows as materialized (
      select doc.id as provider_id, o.day,
             greatest(ch.opens_at, coalesce(dh.opens_at, ch.opens_at)) as opens_at,
             least(ch.closes_at, coalesce(dh.closes_at, ch.closes_at)) as closes_at,
             busy.during as busy
      from open_days o
      join public.clinic_hours ch on ch.university_id = p_university and ch.weekday = extract(isodow from o.day)
      cross join doctors doc
      left join public.doctor_hours dh on dh.doctor_id = doc.id and dh.weekday = ch.weekday
      left join doctor_busy busy on busy.provider_id = doc.id
      where not doc.keeps_own_hours or dh.doctor_id is not null
    ),
    -- Visits start on the clinic's slot grid and must end by closing time, whatever their length. Doctors who keep the
    -- same hours share one grid, built once (in the clinic's time zone, the costly part) and tested once against the
    -- student's visits.
    slots as materialized (
      select g.day, g.opens_at, g.closes_at, slot.during
      from (select distinct w.day, w.opens_at, w.closes_at from windows w) g
      cross join settings s
      cross join lateral generate_series(0, (extract(epoch from g.closes_at - g.opens_at) / 60)::integer - s.visit_minutes, s.slot_minutes)
        as grid(offset_minutes)
      cross join lateral (select (g.day + g.opens_at + make_interval(mins => grid.offset_minutes)) at time zone s.timezone as at) start
      cross join lateral (select tstzrange(start.at, start.at + make_interval(mins => s.visit_minutes)) as during) slot
      where start.at >= s.earliest_start and start.at < s.latest_start
        and not exists (select 1 from student_busy b where b.during && slot.during)
    )
    select lower(g.during), upper(g.during), w.provider_id
    from windows w
    join slots g on g.day = w.day and g.opens_at = w.opens_at and g.closes_at = w.closes_at
    where not coalesce(w.busy && g.during, false)
    order by 1, 3;
end;
$$;
