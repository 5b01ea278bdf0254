-- Real scheduling: each university's clinic hours, slot length, notice and cutoff, closures, each doctor's
-- weekly hours and time off live here, and the free slots are computed here. Students can only book or move to a
-- slot available_slots() offers, and change nothing after the cutoff; staff may schedule outside hours (their screens
-- warn), but a visit is started or completed on its day only.

-- Settings ---------------------------------------------------------------------------------------------------------
create table public.clinic_settings (
  university_id uuid primary key references public.universities (id) on delete cascade,
  -- An IANA zone name (checked by clinic_settings_validate): the clinic's hours are wall-clock times there.
  timezone text not null default 'UTC',
  slot_minutes integer not null default 30 constraint clinic_settings_slot_range check (slot_minutes between 10 and 240),
  -- How far ahead a student must book (e.g. two hours), and until when before a visit they may cancel or move it.
  min_notice_minutes integer not null default 120 constraint clinic_settings_notice_range check (min_notice_minutes between 0 and 20160),
  student_change_cutoff_minutes integer not null default 720
    constraint clinic_settings_cutoff_range check (student_change_cutoff_minutes between 0 and 20160),
  updated_at timestamptz not null default now()
);

-- Opening hours per ISO weekday (1 = Monday … 7 = Sunday); a weekday without a row is closed.
create table public.clinic_hours (
  university_id uuid not null references public.universities (id) on delete cascade,
  weekday smallint not null constraint clinic_hours_weekday_range check (weekday between 1 and 7),
  opens_at time not null,
  closes_at time not null,
  primary key (university_id, weekday),
  constraint clinic_hours_order check (opens_at < closes_at)
);

-- Holidays and other days the clinic is shut, inclusive.
create table public.clinic_closures (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  reason text not null constraint clinic_closures_reason_length check (char_length(btrim(reason)) between 1 and 200),
  created_at timestamptz not null default now(),
  constraint clinic_closures_order check (ends_on >= starts_on),
  constraint clinic_closures_span check (ends_on - starts_on <= 366)
);
create index clinic_closures_university_idx on public.clinic_closures (university_id, starts_on);

-- A doctor's weekly hours, within the clinic's. A doctor with no rows works whenever the clinic is open.
create table public.doctor_hours (
  doctor_id uuid not null references public.members (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade,
  weekday smallint not null constraint doctor_hours_weekday_range check (weekday between 1 and 7),
  opens_at time not null,
  closes_at time not null,
  primary key (doctor_id, weekday),
  constraint doctor_hours_order check (opens_at < closes_at)
);
create index doctor_hours_university_idx on public.doctor_hours (university_id);

create table public.doctor_time_off (
  id uuid primary key default gen_random_uuid(),
  doctor_id uuid not null references public.members (id) on delete cascade,
  university_id uuid not null references public.universities (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text constraint doctor_time_off_reason_length check (char_length(reason) <= 200),
  created_at timestamptz not null default now(),
  constraint doctor_time_off_order check (ends_at > starts_at),
  constraint doctor_time_off_span check (ends_at - starts_at <= interval '366 days')
);
create index doctor_time_off_doctor_idx on public.doctor_time_off using gist (doctor_id, tstzrange(starts_at, ends_at));
create index doctor_time_off_university_idx on public.doctor_time_off (university_id, starts_at);

-- Every university has a clinic: the defaults match what the booking form offered before (weekdays 08:00–17:00,
-- 30-minute slots); a super admin sets the real time zone and hours in settings.
create function private.create_default_clinic(p_university uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.clinic_settings (university_id) values (p_university) on conflict do nothing;
  insert into public.clinic_hours (university_id, weekday, opens_at, closes_at)
  select p_university, d, '08:00', '17:00' from generate_series(1, 5) d
  on conflict do nothing;
$$;

create function private.universities_create_clinic()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.create_default_clinic(new.id);
  return null;
end;
$$;
create trigger universities_create_clinic after insert on public.universities
  for each row execute function private.universities_create_clinic();

select private.create_default_clinic(u.id) from public.universities u;

create function private.clinic_settings_validate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.timezone) then
    perform private.fail('Choose a time zone from the list (for example Europe/London)');
  end if;
  new.updated_at := now();
  return new;
end;
$$;
create trigger clinic_settings_validate before insert or update on public.clinic_settings
  for each row execute function private.clinic_settings_validate();

-- The doctor's university comes from the doctor, and their hours must fit in the clinic's for that day.
create function private.doctor_schedule_validate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_clinic public.clinic_hours;
begin
  select m.university_id into new.university_id from public.members m
  where m.id = new.doctor_id and m.role = 'doctor' and m.status = 'active';
  if new.university_id is null then
    perform private.fail('Choose an active doctor');
  end if;
  if tg_table_name = 'doctor_hours' then
    select * into v_clinic from public.clinic_hours h where h.university_id = new.university_id and h.weekday = new.weekday;
    -- A weekday out of range is the check constraint's to refuse, with its own name.
    if new.weekday not between 1 and 7 then
      return new;
    end if;
    if v_clinic.university_id is null then
      perform private.fail('The clinic is closed on that day');
    end if;
    if new.opens_at < v_clinic.opens_at or new.closes_at > v_clinic.closes_at then
      perform private.fail(format('Hours must be within the clinic''s: %s–%s that day',
        to_char(v_clinic.opens_at, 'HH24:MI'), to_char(v_clinic.closes_at, 'HH24:MI')));
    end if;
  end if;
  return new;
end;
$$;
create trigger doctor_hours_validate before insert or update on public.doctor_hours
  for each row execute function private.doctor_schedule_validate();
create trigger doctor_time_off_validate before insert or update on public.doctor_time_off
  for each row execute function private.doctor_schedule_validate();

create trigger clinic_settings_audit after insert or update or delete on public.clinic_settings
  for each row execute function private.audit_row();
create trigger clinic_hours_audit after insert or update or delete on public.clinic_hours
  for each row execute function private.audit_row();
create trigger clinic_closures_audit after insert or update or delete on public.clinic_closures
  for each row execute function private.audit_row();
create trigger doctor_hours_audit after insert or update or delete on public.doctor_hours
  for each row execute function private.audit_row();
create trigger doctor_time_off_audit after insert or update or delete on public.doctor_time_off
  for each row execute function private.audit_row();

-- Access -----------------------------------------------------------------------------------------------------------
-- Everyone in the university reads the clinic's settings, hours and closures (students see when it is open); super
-- admins change them. Doctors' hours and time off are for staff: a student sees only the free slots.
alter table public.clinic_settings enable row level security;
alter table public.clinic_hours enable row level security;
alter table public.clinic_closures enable row level security;
alter table public.doctor_hours enable row level security;
alter table public.doctor_time_off enable row level security;

revoke all on public.clinic_settings, public.clinic_hours, public.clinic_closures, public.doctor_hours,
  public.doctor_time_off from anon, authenticated, service_role;
grant select on public.clinic_settings, public.clinic_hours, public.clinic_closures, public.doctor_hours,
  public.doctor_time_off to authenticated, service_role;
grant update (timezone, slot_minutes, min_notice_minutes, student_change_cutoff_minutes) on public.clinic_settings to authenticated;
grant insert, update, delete on public.clinic_hours, public.clinic_closures, public.doctor_hours, public.doctor_time_off
  to authenticated;

create policy clinic_settings_select on public.clinic_settings for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy clinic_settings_update on public.clinic_settings for update to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));

create policy clinic_hours_select on public.clinic_hours for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy clinic_hours_write on public.clinic_hours for all to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));

create policy clinic_closures_select on public.clinic_closures for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy clinic_closures_write on public.clinic_closures for all to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));

-- A doctor edits their own; admins (and super admins) edit any doctor's of their university.
create policy doctor_hours_select on public.doctor_hours for select to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_staff()));
create policy doctor_hours_write on public.doctor_hours for all to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and doctor_id = (select auth.uid())))
  )
  with check (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and doctor_id = (select auth.uid())))
  );

create policy doctor_time_off_select on public.doctor_time_off for select to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_staff()));
create policy doctor_time_off_write on public.doctor_time_off for all to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and doctor_id = (select auth.uid())))
  )
  with check (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and doctor_id = (select auth.uid())))
  );

-- Free slots -------------------------------------------------------------------------------------------------------
-- The one definition of a free slot: inside the clinic's hours (and the doctor's, where set) in the clinic's time
-- zone, not on a closure, not in the doctor's time off, not overlapping an active appointment of the doctor (or of the
-- student, when one is given), at least the notice ahead and at most a year ahead. `p_exclude` is an appointment being
-- moved, which must not block its own new time.
create function private.free_slots(p_university uuid, p_from date, p_to date, p_provider uuid, p_student uuid, p_exclude uuid)
returns table (starts_at timestamptz, ends_at timestamptz, provider_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
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
  order by 1, 3
$$;

-- The doctor for a "first available" booking at `p_starts_at`: the free one with the fewest visits that day.
create function private.first_free_doctor(p_university uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
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
$$;

create function private.slot_is_free(p_university uuid, p_provider uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.clinic_settings s,
         private.free_slots(p_university, (p_starts_at at time zone s.timezone)::date, (p_starts_at at time zone s.timezone)::date,
                            p_provider, p_student, p_exclude) f
    where s.university_id = p_university and f.starts_at = p_starts_at
  )
$$;

-- "12 hours", "90 minutes", "2 days": for messages about notice and cutoffs.
create function private.describe_minutes(p_minutes integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_minutes % 1440 = 0 then format('%s day%s', p_minutes / 1440, case when p_minutes = 1440 then '' else 's' end)
    when p_minutes % 60 = 0 then format('%s hour%s', p_minutes / 60, case when p_minutes = 60 then '' else 's' end)
    else format('%s minutes', p_minutes)
  end
$$;

revoke all on function private.create_default_clinic(uuid), private.universities_create_clinic(),
  private.clinic_settings_validate(), private.doctor_schedule_validate(),
  private.free_slots(uuid, date, date, uuid, uuid, uuid), private.first_free_doctor(uuid, timestamptz, uuid, uuid),
  private.slot_is_free(uuid, uuid, timestamptz, uuid, uuid), private.describe_minutes(integer)
  from public, anon, authenticated, service_role;

-- available_slots(from, to, doctor?): the free slots of the caller's university, in dates of the clinic's time zone.
-- For one doctor, that doctor's free starts; for any doctor, each start once with how many doctors are free then (a
-- "first available" booking gets one of them). A student's own appointments block their slots too. At most 31 days.
create function public.available_slots(from_date date, to_date date, doctor_id uuid default null)
returns table (starts_at timestamptz, ends_at timestamptz, provider_id uuid, free_doctors integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
  v_student uuid;
begin
  if v_me.id is null then
    perform private.fail('Your account has no access');
  end if;
  if available_slots.from_date is null or available_slots.to_date is null or available_slots.to_date < available_slots.from_date then
    perform private.fail('Choose a start date on or before the end date');
  end if;
  if available_slots.to_date - available_slots.from_date > 30 then
    perform private.fail('Choose at most 31 days at a time');
  end if;
  if available_slots.doctor_id is not null and not exists (
    select 1 from public.members d
    where d.id = available_slots.doctor_id and d.university_id = v_me.university_id and d.role = 'doctor' and d.status = 'active'
  ) then
    perform private.fail('Choose an active doctor of your university');
  end if;
  v_student := case when v_me.role = 'student' then v_me.id end;
  if available_slots.doctor_id is not null then
    return query
      select f.starts_at, f.ends_at, f.provider_id, 1
      from private.free_slots(v_me.university_id, available_slots.from_date, available_slots.to_date, available_slots.doctor_id, v_student, null) f;
  else
    return query
      select f.starts_at, f.ends_at, null::uuid, count(*)::integer
      from private.free_slots(v_me.university_id, available_slots.from_date, available_slots.to_date, null, v_student, null) f
      group by f.starts_at, f.ends_at
      order by f.starts_at;
  end if;
end;
$$;
revoke all on function public.available_slots(date, date, uuid) from public, anon;
grant execute on function public.available_slots(date, date, uuid) to authenticated;

-- Enforcement ------------------------------------------------------------------------------------------------------
-- Runs after appointments_guard (BEFORE triggers fire in name order) and before the slot lock, so the doctor it picks
-- for a "first available" booking is the one locked and checked by the exclusion constraints. Requests without a JWT
-- subject (server, seed) are trusted, as in appointments_guard.
create function private.appointments_schedule_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_role public.member_role;
  v_settings public.clinic_settings;
  v_exclude uuid := case when tg_op = 'UPDATE' then old.id end;
begin
  if v_uid is null then
    return new;
  end if;
  select m.role into v_role from public.members m where m.id = v_uid and m.status = 'active';
  select * into v_settings from public.clinic_settings s where s.university_id = new.university_id;

  if v_role = 'student' then
    if tg_op = 'UPDATE' and (new.date <> old.date or (new.status = 'cancelled' and old.status <> 'cancelled'))
       and old.date < now() + make_interval(mins => v_settings.student_change_cutoff_minutes) then
      perform private.fail(format(
        'Appointments can be cancelled or moved up to %s before they start. Please call the clinic to change this one.',
        private.describe_minutes(v_settings.student_change_cutoff_minutes)));
    end if;
    if tg_op = 'INSERT' or new.date <> old.date then
      if new.date < now() + make_interval(mins => v_settings.min_notice_minutes) then
        perform private.fail(format('Book at least %s ahead', private.describe_minutes(v_settings.min_notice_minutes)));
      end if;
      -- A student's visit is one of the clinic's slots.
      new.duration_minutes := v_settings.slot_minutes;
      if new.provider_id is null then
        new.provider_id := private.first_free_doctor(new.university_id, new.date, new.student_id, v_exclude);
        if new.provider_id is null then
          perform private.fail('That time is not free: choose one of the free times');
        end if;
      elsif not private.slot_is_free(new.university_id, new.provider_id, new.date, new.student_id, v_exclude) then
        perform private.fail('That time is not free: choose one of the free times');
      end if;
    end if;
  elsif tg_op = 'UPDATE' and new.status <> old.status and new.status in ('ongoing', 'completed')
        and (new.date at time zone v_settings.timezone)::date > (now() at time zone v_settings.timezone)::date then
    perform private.fail('A visit can be started or completed on its day, not before');
  end if;
  return new;
end;
$$;
revoke all on function private.appointments_schedule_guard() from public, anon, authenticated, service_role;
create trigger appointments_schedule_guard before insert or update on public.appointments
  for each row execute function private.appointments_schedule_guard();
