-- The front desk and appointment types in the scheduling rules.
--
-- Front desk: staff check a student in (`arrived`, stamped `arrived_at`, which orders the doctor's waiting list) on the
-- visit's day, and mark a visit `no_show` once its start has passed; a student who turns up late after all is checked
-- in from `no_show` the same day. A waiting visit still holds its time. Staff book for a student through
-- `book_for_student`, only at a free time, as the student's own booking is.
--
-- Types: free times are found for the chosen type's length (starting on the clinic's slot grid) among the doctors who
-- offer it; a student books only types marked self-bookable, and the visit lasts the type's length.

alter table public.appointments add column arrived_at timestamptz;

-- A waiting visit holds its doctor's and its student's time like a scheduled or ongoing one.
alter table public.appointments drop constraint appointments_no_provider_overlap;
alter table public.appointments add constraint appointments_no_provider_overlap
  exclude using gist (provider_id with =, private.appointment_slot(date, duration_minutes) with &&)
  where (provider_id is not null and status in ('scheduled', 'arrived', 'ongoing') and kind = 'booked');
alter table public.appointments drop constraint appointments_no_student_overlap;
alter table public.appointments add constraint appointments_no_student_overlap
  exclude using gist (student_id with =, private.appointment_slot(date, duration_minutes) with &&)
  where (status in ('scheduled', 'arrived', 'ongoing'));

create index appointments_waiting_idx on public.appointments (university_id, arrived_at) where status = 'arrived';
create index appointments_no_show_idx on public.appointments (student_id) where status = 'no_show';

-- Staff see how often a student missed a visit (a computed column in the API: `members?select=*,no_show_count`). It
-- runs as the caller, so the appointments' row security decides whose visits it counts.
create function public.no_show_count(public.members)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.appointments a where a.student_id = $1.id and a.status = 'no_show'
$$;
revoke all on function public.no_show_count(public.members) from public, anon;
grant execute on function public.no_show_count(public.members) to authenticated, service_role;

drop function private.slot_is_free(uuid, uuid, timestamptz, uuid, uuid);
drop function private.first_free_doctor(uuid, timestamptz, uuid, uuid);
drop function private.free_slots(uuid, date, date, uuid, uuid, uuid);

-- p_minutes: the visit's length (the clinic's slot when null); p_type: only doctors who offer that type.
create function private.free_slots(p_university uuid, p_from date, p_to date, p_provider uuid, p_student uuid, p_exclude uuid,
                                   p_minutes integer default null, p_type uuid default null)
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
    -- Everything that blocks a slot, read once per call through the exclusion constraints' GiST indexes (provider or
    -- student, and the visit's time range), so candidates are checked against a small set, not the whole table.
    doctor_busy as materialized (
      select a.provider_id, tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) as during
      from public.appointments a, settings s
      where a.provider_id in (select id from doctors) and a.status in ('scheduled', 'arrived', 'ongoing')
        and a.id is distinct from p_exclude
        and private.appointment_slot(a.date, a.duration_minutes) && tstzrange(s.range_start, s.range_end)
      union all
      select t.doctor_id, tstzrange(t.starts_at, t.ends_at)
      from public.doctor_time_off t, settings s
      where t.doctor_id in (select id from doctors) and tstzrange(t.starts_at, t.ends_at) && tstzrange(s.range_start, s.range_end)
    ),
    student_busy as materialized (
      select tstzrange(a.date, a.date + make_interval(mins => a.duration_minutes)) as during
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

create function private.slot_is_free(p_university uuid, p_provider uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid,
                                     p_minutes integer default null, p_type uuid default null)
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
                            p_provider, p_student, p_exclude, p_minutes, p_type) f
    where s.university_id = p_university and f.starts_at = p_starts_at
  );
end;
$$;

create function private.first_free_doctor(p_university uuid, p_starts_at timestamptz, p_student uuid, p_exclude uuid,
                                          p_minutes integer default null, p_type uuid default null)
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
    from local_day l, private.free_slots(p_university, l.day, l.day, null, p_student, p_exclude, p_minutes, p_type) f
    where f.starts_at = p_starts_at
    order by (select count(*) from public.appointments a
              where a.provider_id = f.provider_id and a.status in ('scheduled', 'arrived', 'ongoing')
                and a.date >= p_starts_at - interval '1 day' and a.date < p_starts_at + interval '1 day'),
             f.provider_id
    limit 1
  );
end;
$$;

revoke all on function private.free_slots(uuid, date, date, uuid, uuid, uuid, integer, uuid),
  private.slot_is_free(uuid, uuid, timestamptz, uuid, uuid, integer, uuid),
  private.first_free_doctor(uuid, timestamptz, uuid, uuid, integer, uuid) from public, anon, authenticated;

-- The type the caller may book: of their university, and for a student one they may book themselves.
create function private.bookable_type(p_type uuid)
returns public.appointment_types
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_type public.appointment_types;
begin
  select * into v_type from public.appointment_types t where t.id = p_type and t.university_id = v_me.university_id;
  if v_type.id is null or (v_me.role is distinct from 'admin' and v_me.role is distinct from 'doctor' and not v_type.self_bookable) then
    perform private.fail('Choose one of the clinic''s types of visit');
  end if;
  return v_type;
end;
$$;
revoke all on function private.bookable_type(uuid) from public, anon;
grant execute on function private.bookable_type(uuid) to authenticated;

-- A reason is its type's name, or the name followed by ": " and a few words.
create function private.typed_reason(p_type public.appointment_types, p_details text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_details text := btrim(coalesce(p_details, ''));
begin
  if v_details = '' then
    return p_type.name;
  end if;
  if not private.is_single_line(v_details) then
    perform private.fail('Describe the reason on one line, without line breaks or other control characters');
  end if;
  if char_length(p_type.name) + 2 + char_length(v_details) > 200 then
    perform private.fail(format('Describe the reason in at most %s characters', 198 - char_length(p_type.name)));
  end if;
  return p_type.name || ': ' || v_details;
end;
$$;
revoke all on function private.typed_reason(public.appointment_types, text) from public, anon;
grant execute on function private.typed_reason(public.appointment_types, text) to authenticated;

drop function public.available_slots(date, date, uuid);
create function public.available_slots(from_date date, to_date date, doctor_id uuid default null,
                                       appointment_type_id uuid default null)
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
  v_type public.appointment_types;
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
  if available_slots.appointment_type_id is not null then
    v_type := private.bookable_type(available_slots.appointment_type_id);
  end if;
  v_student := case when v_me.role = 'student' then v_me.id end;
  if available_slots.doctor_id is not null then
    return query
      select f.starts_at, f.ends_at, f.provider_id, 1
      from private.free_slots(v_me.university_id, available_slots.from_date, available_slots.to_date, available_slots.doctor_id,
                              v_student, null, v_type.duration_minutes, v_type.id) f;
  else
    return query
      select f.starts_at, f.ends_at, null::uuid, count(*)::integer
      from private.free_slots(v_me.university_id, available_slots.from_date, available_slots.to_date, null, v_student, null,
                              v_type.duration_minutes, v_type.id) f
      group by f.starts_at, f.ends_at
      order by f.starts_at;
  end if;
end;
$$;
revoke all on function public.available_slots(date, date, uuid, uuid) from public, anon;
grant execute on function public.available_slots(date, date, uuid, uuid) to authenticated;

drop function public.book_appointment(timestamptz, text, uuid, integer, text, integer);
-- `reason`: with a type, the student's own words about it (optional); without one, a reason that starts with a type's
-- name ("Check-up", "Other: sore throat"), as before types existed.
create function public.book_appointment(date timestamptz, reason text default null, provider_id uuid default null,
                                        duration_minutes integer default 30, department text default null,
                                        year integer default null, appointment_type_id uuid default null)
returns public.appointments
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members;
  v_type public.appointment_types;
  v_details text := btrim(coalesce(book_appointment.reason, ''));
  v_row public.appointments;
  v_constraint text;
begin
  select * into v_me from public.members m
  where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can book appointments');
  end if;
  if book_appointment.date is null then
    perform private.fail('Choose a date and time for the appointment');
  end if;
  if book_appointment.appointment_type_id is not null then
    v_type := private.bookable_type(book_appointment.appointment_type_id);
    if lower(v_details) = lower(v_type.name) then
      v_details := '';
    end if;
  else
    if v_details = '' then
      perform private.fail('Choose a reason for the appointment');
    end if;
    select t.id into v_type.id from public.appointment_types t
    where t.university_id = v_me.university_id and lower(t.name) = lower(btrim(split_part(v_details, ':', 1)));
    v_type := private.bookable_type(v_type.id);
    v_details := btrim(substr(v_details, char_length(split_part(v_details, ':', 1)) + 2));
  end if;
  if book_appointment.duration_minutes is null or book_appointment.duration_minutes not between 10 and 240 then
    perform private.fail('An appointment lasts between 10 and 240 minutes');
  end if;
  if book_appointment.year is not null and book_appointment.year not between 1 and 8 then
    perform private.fail('Year of study must be a whole number from 1 to 8');
  end if;
  if coalesce(btrim(book_appointment.department), v_me.department, '') = '' then
    perform private.fail('Please fill in all the fields correctly');
  end if;

  begin
    insert into public.appointments as a (provider_id, date, duration_minutes, department, year, reason, appointment_type_id)
    values (
      book_appointment.provider_id, book_appointment.date, book_appointment.duration_minutes,
      coalesce(nullif(btrim(book_appointment.department), ''), v_me.department),
      coalesce(book_appointment.year, v_me.year_of_study),
      private.typed_reason(v_type, v_details),
      v_type.id
    )
    returning * into v_row;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = private.overlap_message(v_constraint);
  end;
  return v_row;
end;
$$;
revoke all on function public.book_appointment(timestamptz, text, uuid, integer, text, integer, uuid) from public, anon;
grant execute on function public.book_appointment(timestamptz, text, uuid, integer, text, integer, uuid) to authenticated, service_role;

-- The front desk books for a student who phones or stands at the desk: any type of visit, only at a time
-- `available_slots` offers for it, the type's length. It is the clinic's booking (recorded in private.staff_bookings by
-- the insert trigger), so the student's own booking limits neither refuse nor count it; the student gets the usual email.
create function public.book_for_student(student_id uuid, date timestamptz, appointment_type_id uuid,
                                        provider_id uuid default null, details text default null)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_type public.appointment_types;
  v_provider uuid := book_for_student.provider_id;
  v_settings public.clinic_settings;
  v_row public.appointments;
  v_constraint text;
begin
  if v_me.id is null or v_me.role not in ('admin', 'doctor') then
    perform private.fail('Only clinic staff can book for a student');
  end if;
  select * into v_student from public.members m
  where m.id = book_for_student.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if v_student.status <> 'active' then
    perform private.fail('This student''s account is deactivated: a visit cannot be booked');
  end if;
  if book_for_student.date is null then
    perform private.fail('Choose a date and time for the appointment');
  end if;
  v_type := private.bookable_type(book_for_student.appointment_type_id);
  select * into v_settings from public.clinic_settings s where s.university_id = v_me.university_id;

  -- The student's, then the doctor's slot lock, as lock_appointment_slot takes them for the insert below, so the free
  -- time checked here is still free when the row goes in.
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(v_student.id::text));
  if v_provider is null then
    v_provider := private.first_free_doctor(v_me.university_id, book_for_student.date, v_student.id, null,
                                            v_type.duration_minutes, v_type.id);
  end if;
  if v_provider is not null then
    perform pg_catalog.pg_advisory_xact_lock(2, pg_catalog.hashtext(v_provider::text));
  end if;
  if v_provider is null or not private.slot_is_free(v_me.university_id, v_provider, book_for_student.date, v_student.id, null,
                                                    v_type.duration_minutes, v_type.id) then
    perform private.fail(format(
      'That time is not free for a %s: choose one of the free times (within opening hours, at least %s ahead, '
      'with a doctor who offers it, and when neither the doctor nor the student is booked)',
      lower(v_type.name), private.describe_minutes(v_settings.min_notice_minutes)));
  end if;

  begin
    insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                     reg, year, reason, appointment_type_id)
    values (v_me.university_id, v_student.id, v_provider, book_for_student.date, v_type.duration_minutes,
            left(btrim(v_student.first_name || ' ' || v_student.last_name), 200), v_student.department,
            v_student.reg_number, v_student.year_of_study, private.typed_reason(v_type, book_for_student.details), v_type.id)
    returning * into v_row;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = case v_constraint
      when 'appointments_no_provider_overlap' then 'The doctor is already booked at that time'
      else 'The student already has an appointment at that time' end;
  end;
  return v_row;
end;
$$;
revoke all on function public.book_for_student(uuid, timestamptz, uuid, uuid, text) from public, anon;
grant execute on function public.book_for_student(uuid, timestamptz, uuid, uuid, text) to authenticated;

create function private.status_label(p_status public.appointment_status)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_status when 'no_show' then 'no-show' else p_status::text end
$$;
revoke all on function private.status_label(public.appointment_status) from public, anon;
grant execute on function private.status_label(public.appointment_status) to authenticated, service_role;

create or replace function private.appointments_guard(p_op text, p_new public.appointments, p_old public.appointments)
 RETURNS public.appointments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_caller_role public.member_role;
  v_student public.members;
begin
  if v_uid is not null then
    select m.role into v_caller_role from public.members m where m.id = v_uid and m.status = 'active';
  end if;

  if p_op = 'INSERT' then
    p_new.arrived_at := null;
    select * into v_student from public.members m where m.id = p_new.student_id;
    if v_student.id is null or v_student.role <> 'student' or v_student.university_id <> p_new.university_id then
      perform private.fail('An appointment must belong to a student of the same university');
    end if;
    if v_uid is not null and p_new.kind = 'walk_in' then
      if v_caller_role is distinct from 'doctor' or p_new.provider_id is distinct from v_uid then
        perform private.fail('Only a doctor can start a walk-in visit, as its doctor');
      end if;
      if p_new.status <> 'ongoing' or p_new.date not between now() - interval '1 minute' and now() + interval '1 minute' then
        perform private.fail('A walk-in visit starts now');
      end if;
    elsif v_uid is not null then
      if p_new.status <> 'scheduled' then
        perform private.fail('A new appointment starts as scheduled');
      end if;
      if p_new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif p_new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
  else
    if p_new.id <> p_old.id or p_new.university_id <> p_old.university_id or p_new.student_id <> p_old.student_id
       or p_new.created_at <> p_old.created_at then
      perform private.fail('An appointment''s student and university cannot change');
    end if;
    if p_new.kind <> p_old.kind then
      perform private.fail('An appointment stays booked or walk-in');
    end if;
    if p_old.status in ('completed', 'cancelled')
       and (to_jsonb(p_new) - 'updated_at') is distinct from (to_jsonb(p_old) - 'updated_at') then
      perform private.fail(format('This appointment is already %s and can no longer change', p_old.status));
    end if;
    -- A student marked as not having come may still turn up late that day; nothing else about the visit changes.
    if p_old.status = 'no_show' and (p_new.status <> 'arrived'
       or (to_jsonb(p_new) - array['updated_at', 'status', 'arrived_at']) is distinct from (to_jsonb(p_old) - array['updated_at', 'status', 'arrived_at'])) then
      perform private.fail('This appointment was marked as a no-show: check the student in if they came after all');
    end if;
    if p_new.status <> p_old.status and not (
      (p_old.status = 'scheduled' and p_new.status in ('arrived', 'ongoing', 'cancelled', 'no_show'))
      or (p_old.status = 'arrived' and p_new.status in ('scheduled', 'ongoing', 'cancelled'))
      or (p_old.status = 'ongoing' and p_new.status in ('completed', 'cancelled'))
      or (p_old.status = 'no_show' and p_new.status = 'arrived')
    ) then
      perform private.fail(format('An appointment cannot go from %s to %s', private.status_label(p_old.status),
                                  private.status_label(p_new.status)));
    end if;
    if p_new.date <> p_old.date or p_new.duration_minutes <> p_old.duration_minutes then
      if p_old.status <> 'scheduled' then
        perform private.fail('Only a scheduled appointment can be rescheduled');
      end if;
      if v_uid is not null and p_new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif v_uid is not null and p_new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
    if v_uid is not null then
      if v_caller_role = 'student' then
        if p_new.provider_id is distinct from p_old.provider_id or p_new.name <> p_old.name or p_new.department <> p_old.department
           or p_new.reg <> p_old.reg or p_new.year <> p_old.year then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
        if p_new.status <> p_old.status and p_new.status <> 'cancelled' then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
      elsif v_caller_role = 'admin' and p_new.status <> p_old.status and p_new.status in ('ongoing', 'completed') then
        perform private.fail('Only a doctor can start or complete an appointment');
      end if;
    end if;
    if p_new.status = 'completed' and p_old.status <> 'completed' and not exists (
      select 1 from public.visits v where v.appointment_id = p_new.id and v.status = 'signed'
    ) then
      perform private.fail('Sign the visit to complete it: an appointment is completed when its doctor signs the visit note');
    end if;
    p_new.updated_at := now();
    -- The clock, not the transaction's start: arrivals checked in together keep the order they were checked in.
    p_new.arrived_at := case when p_new.status = 'arrived' and p_old.status <> 'arrived' then clock_timestamp()
                             when p_new.status in ('scheduled', 'no_show') then null
                             else p_old.arrived_at end;
  end if;

  if p_new.status = 'cancelled' and coalesce(btrim(p_new.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
  end if;
  if p_new.provider_id is not null and (p_op = 'INSERT' or p_new.provider_id is distinct from p_old.provider_id) then
    if not exists (
      select 1 from public.members d
      where d.id = p_new.provider_id and d.university_id = p_new.university_id and d.role = 'doctor' and d.status = 'active'
    ) then
      perform private.fail('Choose an active doctor of this university');
    end if;
  end if;
  return p_new;
end;
$function$;

create or replace function private.appointments_schedule_guard(p_op text, p_new public.appointments, p_old public.appointments)
 RETURNS public.appointments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_role public.member_role;
  v_settings public.clinic_settings;
  v_exclude uuid := case when p_op = 'UPDATE' then p_old.id end;
  v_cancels boolean;
  v_type public.appointment_types;
  v_day date;
begin
  if v_uid is null then
    return p_new;
  end if;
  select m.role into v_role from public.members m where m.id = v_uid and m.status = 'active';
  select * into v_settings from public.clinic_settings s where s.university_id = p_new.university_id;

  if v_role = 'student' then
    v_cancels := p_op = 'UPDATE' and p_new.status = 'cancelled' and p_old.status <> 'cancelled';
    if p_op = 'UPDATE' and (p_new.date <> p_old.date or v_cancels)
       and p_old.date < now() + make_interval(mins => v_settings.student_change_cutoff_minutes)
       -- Within the grace period a booking just made may still be undone, as long as its visit has not begun.
       and not (v_cancels and p_new.date = p_old.date and p_old.date > now()
                and p_old.created_at > now() - make_interval(mins => v_settings.booking_grace_minutes)) then
      perform private.fail(format(
        'Appointments can be cancelled or moved up to %s before they start. %s',
        private.describe_minutes(v_settings.student_change_cutoff_minutes),
        private.clinic_contact_request(v_settings, 'to change this one')));
    end if;
    if p_op = 'INSERT' or p_new.date <> p_old.date then
      if p_new.date < now() + make_interval(mins => v_settings.min_notice_minutes) then
        perform private.fail(format('Book at least %s ahead', private.describe_minutes(v_settings.min_notice_minutes)));
      end if;
      -- A student books one of the clinic's types of visit, which sets its length; a reason naming a type picks it,
      -- as the reasons did before there were types. A visit booked before types moves as one of the clinic's slots.
      if p_op = 'INSERT' then
        if p_new.appointment_type_id is null then
          select t.id into p_new.appointment_type_id from public.appointment_types t
          where t.university_id = p_new.university_id and lower(t.name) = lower(btrim(split_part(p_new.reason, ':', 1)));
        end if;
        v_type := private.bookable_type(p_new.appointment_type_id);
        if lower(btrim(split_part(p_new.reason, ':', 1))) <> lower(v_type.name) then
          perform private.fail(format('The reason must start with the type of visit, %s', v_type.name));
        end if;
      elsif p_new.appointment_type_id is not null then
        select * into v_type from public.appointment_types t where t.id = p_new.appointment_type_id;
      end if;
      p_new.duration_minutes := coalesce(v_type.duration_minutes, v_settings.slot_minutes);
      if p_new.provider_id is null then
        p_new.provider_id := private.first_free_doctor(p_new.university_id, p_new.date, p_new.student_id, v_exclude,
                                                       p_new.duration_minutes, v_type.id);
        if p_new.provider_id is null then
          perform private.fail('That time is not free: choose one of the free times');
        end if;
      elsif not private.slot_is_free(p_new.university_id, p_new.provider_id, p_new.date, p_new.student_id, v_exclude,
                                     p_new.duration_minutes, v_type.id) then
        perform private.fail('That time is not free: choose one of the free times');
      end if;
    end if;
  elsif p_op = 'UPDATE' and p_new.status <> p_old.status then
    v_day := (p_new.date at time zone v_settings.timezone)::date;
    if p_new.status in ('ongoing', 'completed') and v_day > (now() at time zone v_settings.timezone)::date then
      perform private.fail('A visit can be started or completed on its day, not before');
    end if;
    if p_new.status = 'arrived' and v_day <> (now() at time zone v_settings.timezone)::date then
      perform private.fail('A student can be checked in on the day of their visit only');
    end if;
    if p_new.status = 'no_show' and p_new.date > now() then
      perform private.fail('A visit can be marked as a no-show once its start time has passed');
    end if;
  end if;
  return p_new;
end;
$function$;

create or replace function private.lock_appointment_slot(p_op text, p_new public.appointments, p_old public.appointments)
 RETURNS public.appointments
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_new.status in ('scheduled', 'arrived', 'ongoing')
     and (p_op = 'INSERT' or p_new.date <> p_old.date or p_new.duration_minutes <> p_old.duration_minutes
          or p_new.provider_id is distinct from p_old.provider_id) then
    perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(p_new.student_id::text));
    if p_new.provider_id is not null then
      perform pg_catalog.pg_advisory_xact_lock(2, pg_catalog.hashtext(p_new.provider_id::text));
    end if;
  end if;
  return p_new;
end;
$function$;

create or replace function public.update_appointment(id uuid, status text DEFAULT NULL::text, date timestamp with time zone DEFAULT NULL::timestamp with time zone, provider_id uuid DEFAULT NULL::uuid, duration_minutes integer DEFAULT NULL::integer, cancel_reason text DEFAULT NULL::text)
 RETURNS public.appointments
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
  v_row public.appointments;
  v_status public.appointment_status;
  v_constraint text;
begin
  if v_me.id is null then
    perform private.fail('Your account cannot change appointments');
  end if;
  select * into v_row from public.appointments a
  where a.id = update_appointment.id and a.university_id = v_me.university_id
    and (v_me.role in ('admin', 'doctor') or a.student_id = v_me.id);
  if v_row.id is null then
    perform private.fail('Appointment not found');
  end if;
  if update_appointment.status is not null then
    if update_appointment.status not in ('scheduled', 'arrived', 'ongoing', 'completed', 'cancelled', 'no_show') then
      perform private.fail('Status must be scheduled, arrived, ongoing, completed, cancelled or no_show');
    end if;
    v_status := update_appointment.status::public.appointment_status;
  end if;
  if v_me.role = 'student' and v_row.status <> 'scheduled' then
    perform private.fail('You can only change an appointment while it is scheduled');
  end if;
  if v_me.role = 'student' and update_appointment.provider_id is not null then
    perform private.fail('Only clinic staff can assign a doctor');
  end if;
  if v_status = 'cancelled' and coalesce(btrim(update_appointment.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
  end if;
  if v_status = 'cancelled' and not private.is_single_line(update_appointment.cancel_reason) then
    perform private.fail('Give the reason for cancelling on one line, without line breaks or other control characters');
  end if;
  if update_appointment.duration_minutes is not null and update_appointment.duration_minutes not between 10 and 240 then
    perform private.fail('An appointment lasts between 10 and 240 minutes');
  end if;

  begin
    update public.appointments a set
      status = coalesce(v_status, a.status),
      date = coalesce(update_appointment.date, a.date),
      provider_id = coalesce(update_appointment.provider_id, a.provider_id),
      duration_minutes = coalesce(update_appointment.duration_minutes, a.duration_minutes),
      cancel_reason = case when v_status = 'cancelled' then btrim(update_appointment.cancel_reason) else a.cancel_reason end
    where a.id = v_row.id
    returning * into v_row;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = private.overlap_message(v_constraint);
  end;
  return v_row;
end;
$function$;

create or replace function public.dashboard_counts()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
      'visits_needing_a_doctor', (select count(*) from private.visits_with_problems(v_me.university_id) a
                                  where private.visit_problem(a) is not null));
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
$function$;

create or replace function public.appointments_per_day(days integer, start_day date DEFAULT NULL::date)
 RETURNS TABLE(day date, appointments integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
  v_zone text;
  v_first date;
begin
  -- Administrators only (the admin role, or a super admin whatever their role), of their own university.
  if v_me.id is null or not (v_me.role = 'admin' or v_me.is_super_admin) then
    perform private.fail('Only administrators can see the appointments per day');
  end if;
  if appointments_per_day.days is null or appointments_per_day.days not between 1 and 62 then
    raise exception using errcode = '22023', message = 'Choose between 1 and 62 days';
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  v_zone := coalesce(v_zone, 'UTC');
  -- No start day: today on the clinic's calendar, which the browser cannot know without loading the clinic first.
  v_first := coalesce(appointments_per_day.start_day, (pg_catalog.now() at time zone v_zone)::date);
  return query
    with counted as (
      select (a.date at time zone v_zone)::date as on_day, count(*)::integer as n
      from public.appointments a
      where a.university_id = v_me.university_id
        and a.status in ('scheduled', 'arrived', 'ongoing')
        and a.date >= (v_first::timestamp at time zone v_zone)
        and a.date < ((v_first + appointments_per_day.days)::timestamp at time zone v_zone)
      group by 1
    )
    select (v_first + g.offset_days)::date, coalesce(c.n, 0)
    from pg_catalog.generate_series(0, appointments_per_day.days - 1) as g(offset_days)
    left join counted c on c.on_day = v_first + g.offset_days
    order by 1;
end;
$function$;

create or replace function public.open_patient_chart(student_id uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_profile public.health_profiles;
  v_timeline record;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a patient chart');
  end if;
  select * into v_student from public.members m
  where m.id = open_patient_chart.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  perform private.record_chart_read(v_me, v_student.id, 'Patient chart');
  select * into v_profile from public.health_profiles h where h.student_id = v_student.id;
  select * into v_timeline from private.chart_timeline(v_me.id, v_student.id, null, null);
  return json_build_object(
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', private.allergy_terms(v_profile.allergies),
    'visits', v_timeline.visits,
    'earlier_visits', v_timeline.earlier_visits,
    'vital_signs', coalesce((
      select json_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id)), '[]'),
    'current_prescriptions', coalesce((
      select jsonb_agg(private.prescription_json(r)::jsonb
                       || jsonb_build_object('prescribed_at', v.signed_at,
                                             'doctor_name', case when d.id is not null then private.member_display_name(d) end)
                       order by v.signed_at desc, r.created_at, r.id)
      from public.visits v join public.prescriptions r on r.visit_id = v.id left join public.members d on d.id = v.doctor_id
      where v.student_id = v_student.id and v.status = 'signed' and v.signed_at >= now() - interval '90 days'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select json_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l where l.student_id = v_student.id), '[]'),
    'upcoming_appointments', coalesce((
      select json_agg(json_build_object('id', a.id, 'date', a.date, 'duration_minutes', a.duration_minutes,
                                        'status', a.status, 'kind', a.kind, 'reason', a.reason, 'provider_id', a.provider_id,
                                        'provider_name', case when p.id is not null then private.member_display_name(p) end)
                      order by a.date, a.id)
      from public.appointments a left join public.members p on p.id = a.provider_id
      where a.student_id = v_student.id
        and (a.status in ('arrived', 'ongoing') or (a.status = 'scheduled' and a.date >= now()))), '[]'),
    'no_show_count', public.no_show_count(v_student));
end;
$function$;
