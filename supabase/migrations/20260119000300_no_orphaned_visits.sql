-- No orphaned visits: the database keeps no booked visit with a doctor who cannot see it, says which visits a change
-- would leave without one before it is made, and lists those that still need a doctor until staff resolve them.
--
-- 1. Deactivating a doctor unassigns their booked visits (remove_member already refuses a doctor with any).
-- 2. private.visit_problem(appointment): why a booked visit cannot take place as booked: no doctor, a doctor no longer
--    active, a clinic closure that day, the doctor away. visits_needing_a_doctor() lists every such visit of the
--    caller's university for its admins, and dashboard_counts() counts them.
-- 3. visits_affected_by(change) answers, before a change is saved, which booked visits it would leave without a
--    doctor or outside the hours: deactivating a doctor, a closure, a doctor's time off, new clinic hours, new hours
--    of a doctor. Staff then reassign, move or cancel them (update_appointment), or keep them.
-- 4. The student is emailed when their visit gets another doctor (doctor_change); a move's email names the doctor.

alter table public.email_outbox drop constraint email_outbox_kind_values;
alter table public.email_outbox add constraint email_outbox_kind_values check (kind in (
  'booking_confirmation', 'doctor_notice', 'doctor_unassigned', 'doctor_change', 'cancellation', 'reschedule', 'reminder',
  'visit_summary'));

create or replace function private.queue_appointment_email(p_appointment public.appointments, p_recipient uuid, p_kind text, p_actor uuid DEFAULT NULL::uuid, p_previous_date timestamp with time zone DEFAULT NULL::timestamp with time zone, p_dedupe_key text DEFAULT NULL::text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  v_recipient public.members;
  v_doctor public.members;
  v_university text;
  v_for_student boolean;
  v_by_student boolean := p_actor is not null and p_actor = p_appointment.student_id;
  v_when text := private.clinic_local_time(p_appointment.university_id, p_appointment.date);
  v_moved_from text := '';
  v_patient text := format('%s (%s)', p_appointment.name, p_appointment.reg);
  v_doctor_name text;
  v_method text := case when p_kind in ('cancellation', 'doctor_unassigned') then 'CANCEL' else 'REQUEST' end;
  v_link text;
  v_subject text;
  v_headline text;
  v_footer text;
begin
  select * into v_recipient from public.members m where m.id = p_recipient and m.status = 'active';
  if v_recipient.id is null then
    return false;
  end if;
  v_for_student := v_recipient.id = p_appointment.student_id;
  select * into v_doctor from public.members m where m.id = p_appointment.provider_id;
  v_doctor_name := case when v_doctor.id is null then 'not assigned yet (the clinic will assign one)'
                        else private.member_display_name(v_doctor) end;
  select u.name into v_university from public.universities u where u.id = p_appointment.university_id;
  if p_previous_date is not null and p_previous_date <> p_appointment.date then
    v_moved_from := ' from ' || private.clinic_local_time(p_appointment.university_id, p_previous_date);
  end if;
  v_link := private.site_url() || case when v_for_student then '/studentdashboard' else '/dashboarrd' end;

  if v_for_student then
    v_subject := case p_kind
      when 'booking_confirmation' then 'Appointment booked: ' || v_when
      when 'reschedule' then 'Appointment moved: now ' || v_when
      when 'cancellation' then 'Appointment cancelled: ' || v_when
      when 'reminder' then 'Reminder: appointment on ' || v_when
      when 'doctor_change' then 'Appointment update: new doctor, ' || v_when
    end;
    v_headline := case p_kind
      when 'booking_confirmation' then format('Your appointment at the %s clinic is booked.', v_university)
      when 'doctor_change' then format('Your appointment at the %s clinic is now with %s.', v_university, v_doctor_name)
      when 'reschedule' then format('The clinic has moved your appointment%s.', v_moved_from)
      when 'cancellation' then 'The clinic has cancelled your appointment.'
      when 'reminder' then format('A reminder of your appointment at the %s clinic.', v_university)
    end;
    v_footer := case when p_kind = 'cancellation'
      then 'To book another time, sign in to CampusCare and open your dashboard: ' || v_link
      else 'To reschedule or cancel, sign in to CampusCare and open your dashboard: ' || v_link end;
  else
    v_subject := case p_kind
      when 'doctor_notice' then format('New appointment: %s, %s', p_appointment.name, v_when)
      when 'reschedule' then format('Appointment moved: %s, now %s', p_appointment.name, v_when)
      when 'cancellation' then format('Appointment cancelled: %s, %s', p_appointment.name, v_when)
      when 'doctor_unassigned' then format('Appointment reassigned: %s, %s', p_appointment.name, v_when)
      when 'reminder' then format('Reminder: %s, %s', p_appointment.name, v_when)
    end;
    v_headline := case p_kind
      when 'doctor_notice' then format('An appointment at %s is now booked with you.', v_university)
      when 'reschedule' then format('%s has moved this appointment%s.',
                                    case when v_by_student then p_appointment.name else 'The clinic' end, v_moved_from)
      when 'cancellation' then format('%s has cancelled this appointment.',
                                      case when v_by_student then p_appointment.name else 'The clinic' end)
      when 'doctor_unassigned' then 'This appointment is no longer assigned to you.'
      when 'reminder' then 'A reminder of your appointment.'
    end;
    v_footer := 'Your appointments: ' || v_link;
  end if;
  if v_subject is null then
    raise exception 'No % email for this recipient', p_kind;
  end if;

  insert into public.email_outbox (to_email, subject, body, appointment_id, kind, calendar, dedupe_key)
  values (
    v_recipient.email,
    v_subject,
    array_to_string(array[
      format('Hello %s,', coalesce(nullif(v_recipient.first_name, ''), private.member_display_name(v_recipient))),
      '',
      v_headline,
      '',
      format('When: %s, %s minutes', v_when, p_appointment.duration_minutes),
      case when v_for_student then 'Doctor: ' || v_doctor_name else 'Patient: ' || v_patient end,
      '',
      v_footer,
      '',
      case when v_method = 'CANCEL' then 'The attached calendar update (appointment.ics) removes it from your calendar.'
           else 'The attached calendar invitation (appointment.ics) adds it to your calendar.' end
    ], E'\n') || E'\n',
    p_appointment.id,
    p_kind,
    jsonb_build_object(
      'uid', p_appointment.id::text || '@campuscare',
      'start', to_char(p_appointment.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'duration_minutes', p_appointment.duration_minutes,
      'title', case when v_for_student then format('Clinic appointment, %s', v_university)
                    else 'Appointment: ' || v_patient end,
      'description', case when v_for_student then format(E'Doctor: %s\nTo reschedule or cancel: %s', v_doctor_name, v_link)
                          else format(E'Patient: %s\nYour appointments: %s', v_patient, v_link) end,
      'location', v_university,
      'method', v_method,
      'sequence', least(greatest(floor(extract(epoch from p_appointment.updated_at - p_appointment.created_at)), 0),
                        2147483647)::integer
    ),
    p_dedupe_key
  )
  on conflict (dedupe_key) do nothing;
  return found;
end;
$$;

create or replace function private.appointments_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_before public.appointments;
begin
  if coalesce(current_setting('campuscare.provisioning', true), '') = 'on' then
    return null;
  end if;

  if tg_op = 'INSERT' then
    -- The server may record past or finished visits (history): that is news to nobody.
    if new.status = 'scheduled' and new.date > now() then
      perform private.queue_appointment_email(new, new.student_id, 'booking_confirmation', v_actor);
      if new.provider_id is not null and new.provider_id is distinct from v_actor then
        perform private.queue_appointment_email(new, new.provider_id, 'doctor_notice', v_actor);
      end if;
    end if;
    return null;
  end if;

  if new.status = 'cancelled' and old.status = 'scheduled' then
    if old.date > now() then
      if new.student_id is distinct from v_actor then
        perform private.queue_appointment_email(new, new.student_id, 'cancellation', v_actor);
      end if;
      if old.provider_id is not null and old.provider_id is distinct from v_actor then
        perform private.queue_appointment_email(new, old.provider_id, 'cancellation', v_actor);
      end if;
    end if;
    return null;
  end if;
  if new.status <> 'scheduled' or new.date <= now() then
    return null;
  end if;

  if new.provider_id is distinct from old.provider_id then
    -- The doctor it was taken from gets the visit as it stood in their calendar, cancelled there.
    if old.provider_id is not null and old.provider_id is distinct from v_actor then
      v_before := new;
      v_before.date := old.date;
      v_before.duration_minutes := old.duration_minutes;
      perform private.queue_appointment_email(v_before, old.provider_id, 'doctor_unassigned', v_actor);
    end if;
    if new.provider_id is not null and new.provider_id is distinct from v_actor then
      perform private.queue_appointment_email(new, new.provider_id, 'doctor_notice', v_actor);
    end if;
    -- The student hears of a new doctor; a move's email names the doctor already.
    if new.provider_id is not null and new.student_id is distinct from v_actor and new.date = old.date then
      perform private.queue_appointment_email(new, new.student_id, 'doctor_change', v_actor);
    end if;
  end if;
  if new.date <> old.date or new.duration_minutes <> old.duration_minutes then
    if new.student_id is distinct from v_actor then
      perform private.queue_appointment_email(new, new.student_id, 'reschedule', v_actor, old.date);
    end if;
    -- A newly assigned doctor already has the new time in their doctor_notice.
    if new.provider_id = old.provider_id and new.provider_id is distinct from v_actor then
      perform private.queue_appointment_email(new, new.provider_id, 'reschedule', v_actor, old.date);
    end if;
  end if;
  return null;
end;
$$;

create or replace function public.set_member_status(member_id uuid, status text)
returns public.members
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_target public.members := private.member_of_my_university(member_id, v_me);
begin
  if set_member_status.status is null or set_member_status.status not in ('active', 'deactivated') then
    perform private.fail('Status must be active or deactivated');
  end if;
  if v_target.id = v_me.id then
    perform private.fail('You cannot change the status of your own account');
  end if;
  update public.members m set status = set_member_status.status::public.member_status
  where m.id = v_target.id returning * into v_target;
  if set_member_status.status = 'deactivated' then
    update auth.users u set banned_until = now() + interval '100 years', updated_at = now() where u.id = v_target.id;
    delete from auth.sessions s where s.user_id = v_target.id;
    -- A doctor who is gone keeps no booked visit: each waits for another doctor among the visits that need one.
    update public.appointments a set provider_id = null
    where a.provider_id = v_target.id and a.status = 'scheduled' and a.date > now();
  else
    update auth.users u set banned_until = null, updated_at = now() where u.id = v_target.id;
  end if;
  return v_target;
end;
$$;

-- Unassigned booked visits are found by this index, not by reading every booked visit.
create index appointments_unassigned_idx on public.appointments (university_id, date)
  where provider_id is null and status = 'scheduled';

create function private.visit_problem(p_appointment public.appointments)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_doctor public.members;
  v_closure text;
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
  return null;
end;
$$;

-- One row of a list of visits staff must act on: the visit, its student and doctor, and why.
create function private.visit_needing_action(p_appointment public.appointments, p_problem text)
returns table (id uuid, date timestamptz, duration_minutes integer, student_id uuid, student_name text, reg text,
               provider_id uuid, provider_name text, problem text)
language sql
stable
security definer
set search_path = ''
as $$
  select p_appointment.id, p_appointment.date, p_appointment.duration_minutes, p_appointment.student_id,
         p_appointment.name, p_appointment.reg, p_appointment.provider_id,
         (select private.member_display_name(d) from public.members d where d.id = p_appointment.provider_id), p_problem
$$;

-- The booked visits of a university that cannot take place as booked, found from what causes it: unassigned visits,
-- doctors no longer active, closures and time off (each few), never by reading every booked visit.
create function private.visits_with_problems(p_university uuid)
returns setof public.appointments
language sql
stable
security definer
set search_path = ''
as $$
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
  ) a
  order by a.date, a.id
$$;

revoke all on function private.visit_problem(public.appointments), private.visit_needing_action(public.appointments, text),
  private.visits_with_problems(uuid) from public, anon, authenticated, service_role;

create function public.visits_needing_a_doctor()
returns table (id uuid, date timestamptz, duration_minutes integer, student_id uuid, student_name text, reg text,
               provider_id uuid, provider_name text, problem text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see the visits that need a doctor');
  end if;
  return query
    select r.* from private.visits_with_problems(v_me.university_id) a,
      lateral private.visit_needing_action(a, private.visit_problem(a)) r
    where r.problem is not null
    order by r.date, r.id;
end;
$$;

revoke all on function public.visits_needing_a_doctor() from public, anon;
grant execute on function public.visits_needing_a_doctor() to authenticated;

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
      'visits_needing_a_doctor', (select count(*) from private.visits_with_problems(v_me.university_id) a
                                  where private.visit_problem(a) is not null));
  elsif v_me.role = 'doctor' then
    return jsonb_build_object(
      'role', 'doctor',
      'appointments', (select count(*) from public.appointments a where a.provider_id = v_me.id),
      'upcoming_appointments', (select count(*) from public.appointments a
                                where a.provider_id = v_me.id and a.status in ('scheduled', 'ongoing')
                                  and a.date >= now() - interval '1 day'),
      'programs', (select count(*) from public.programs p where p.university_id = v_me.university_id),
      'patients', (select count(distinct a.student_id) from public.appointments a where a.provider_id = v_me.id));
  else
    return jsonb_build_object(
      'role', 'student',
      'appointments', (select count(*) from public.appointments a where a.student_id = v_me.id),
      'upcoming_appointments', (select count(*) from public.appointments a
                                where a.student_id = v_me.id and a.status in ('scheduled', 'ongoing')
                                  and a.date >= now() - interval '1 day'),
      'programs', (select count(*) from public.programs p
                   where p.university_id = v_me.university_id and p.date >= current_date));
  end if;
end;
$$;

-- A week of opening hours sent by a form ([{"weekday": 1, "opens_at": "08:00", "closes_at": "17:00"}, …]), checked and
-- made canonical, or refused in words.
create function private.week_hours(p_hours jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_day jsonb;
  v_week jsonb := '[]';
begin
  if jsonb_typeof(p_hours) is distinct from 'array' then
    perform private.fail('Give the hours as a list of days, each with weekday, opens_at and closes_at');
  end if;
  for v_day in select value from jsonb_array_elements(p_hours) loop
    if jsonb_typeof(v_day) is distinct from 'object'
       or coalesce(v_day ->> 'weekday', '') !~ '^[1-7]$'
       or coalesce(v_day ->> 'opens_at', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$'
       or coalesce(v_day ->> 'closes_at', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$' then
      perform private.fail('Each day needs a weekday from 1 (Monday) to 7 and opening and closing times as HH:MM');
    end if;
    if (v_day ->> 'opens_at')::time >= (v_day ->> 'closes_at')::time then
      perform private.fail('A day must close after it opens');
    end if;
    v_week := v_week || jsonb_build_object('weekday', (v_day ->> 'weekday')::integer,
                                           'opens_at', (v_day ->> 'opens_at')::time, 'closes_at', (v_day ->> 'closes_at')::time);
  end loop;
  return v_week;
end;
$$;

-- Whether a visit lies wholly inside a day of these hours, on the clinic's clock.
create function private.within_week_hours(p_date timestamptz, p_minutes integer, p_zone text, p_hours jsonb)
returns boolean
language sql
immutable
set search_path = ''
return exists (
  select 1 from jsonb_array_elements(p_hours) h
  where (h ->> 'weekday')::integer = extract(isodow from p_date at time zone p_zone)
    and (h ->> 'opens_at')::time <= (p_date at time zone p_zone)::time
    and (p_date + make_interval(mins => p_minutes)) <= ((p_date at time zone p_zone)::date + (h ->> 'closes_at')::time) at time zone p_zone);

-- The clinic's week of opening hours, and the hours a doctor is bookable in: their own, or the clinic's when they keep
-- none.
create function private.clinic_week_hours(p_university uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('weekday', h.weekday, 'opens_at', h.opens_at, 'closes_at', h.closes_at)), '[]')
  from public.clinic_hours h where h.university_id = p_university
$$;

create function private.doctor_week_hours(p_doctor public.members)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_agg(jsonb_build_object('weekday', h.weekday, 'opens_at', h.opens_at, 'closes_at', h.closes_at))
     from public.doctor_hours h where h.doctor_id = p_doctor.id),
    private.clinic_week_hours(p_doctor.university_id))
$$;

revoke all on function private.week_hours(jsonb), private.within_week_hours(timestamptz, integer, text, jsonb),
  private.clinic_week_hours(uuid), private.doctor_week_hours(public.members) from public, anon, authenticated, service_role;

-- A moment sent by a form, or a refusal that names the field.
create function private.moment_field(p_change jsonb, p_field text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce(p_change ->> p_field, '') !~ '^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$' then
    perform private.fail(format('Give %s as a date and time (YYYY-MM-DDTHH:MM with its offset)', p_field));
  end if;
  return (p_change ->> p_field)::timestamptz;
exception when datetime_field_overflow or invalid_datetime_format then
  perform private.fail(format('%s is not a real date and time', p_field));
end;
$$;

revoke all on function private.moment_field(jsonb, text) from public, anon, authenticated, service_role;

create function public.visits_affected_by(change jsonb)
returns table (id uuid, date timestamptz, duration_minutes integer, student_id uuid, student_name text, reg text,
               provider_id uuid, provider_name text, problem text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_kind text := change ->> 'kind';
  v_zone text;
  v_doctor public.members;
  v_name text;
  v_from timestamptz;
  v_to timestamptz;
  v_hours jsonb;
begin
  if v_me.id is null or v_me.role not in ('admin', 'doctor') then
    perform private.fail('Only clinic staff can see which visits a change affects');
  end if;
  if jsonb_typeof(change) is distinct from 'object'
     or v_kind is null or v_kind not in ('deactivation', 'closure', 'time_off', 'clinic_hours', 'doctor_hours') then
    perform private.fail('Say which change: kind is deactivation, closure, time_off, clinic_hours or doctor_hours');
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;

  if v_kind in ('deactivation', 'time_off', 'doctor_hours') then
    if coalesce(change ->> 'doctor_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into v_doctor from public.members m
      where m.id = (change ->> 'doctor_id')::uuid and m.university_id = v_me.university_id and m.role = 'doctor';
    end if;
    if v_doctor.id is null then
      perform private.fail('Doctor not found');
    end if;
    v_name := private.member_display_name(v_doctor);
    if v_kind = 'deactivation' and not v_me.is_super_admin then
      perform private.fail('Only the university account can deactivate members');
    end if;
    if v_me.role = 'doctor' and v_me.id <> v_doctor.id then
      perform private.fail('Doctors can change only their own hours and time off');
    end if;
  elsif not v_me.is_super_admin then
    perform private.fail('Only the university account can change the clinic''s hours and closures');
  end if;

  if v_kind = 'deactivation' then
    return query
      select r.* from public.appointments a,
        lateral private.visit_needing_action(a, format('%s will no longer be at the clinic', v_name)) r
      where a.provider_id = v_doctor.id and a.status = 'scheduled' and a.date > now()
      order by a.date, a.id;
  elsif v_kind = 'closure' then
    if coalesce(change ->> 'starts_on', '') !~ '^\d{4}-\d{2}-\d{2}$' or coalesce(change ->> 'ends_on', '') !~ '^\d{4}-\d{2}-\d{2}$' then
      perform private.fail('Give the closure''s first and last days as YYYY-MM-DD');
    end if;
    v_from := private.moment_field(change, 'starts_on');
    v_to := private.moment_field(change, 'ends_on');
    return query
      select r.* from public.appointments a,
        lateral private.visit_needing_action(a, 'The clinic will be closed that day') r
      where a.university_id = v_me.university_id and a.status = 'scheduled' and a.date > now()
        and a.date >= ((change ->> 'starts_on')::date::timestamp at time zone v_zone)
        and a.date < (((change ->> 'ends_on')::date + 1)::timestamp at time zone v_zone)
      order by a.date, a.id;
  elsif v_kind = 'time_off' then
    v_from := private.moment_field(change, 'starts_at');
    v_to := private.moment_field(change, 'ends_at');
    if v_to <= v_from then
      perform private.fail('Time off must end after it starts');
    end if;
    return query
      select r.* from public.appointments a,
        lateral private.visit_needing_action(a, format('%s will be away then', v_name)) r
      where a.provider_id = v_doctor.id and a.status = 'scheduled' and a.date > now()
        and a.date < v_to and a.date > v_from - interval '4 hours'
        and tstzrange(v_from, v_to) && private.appointment_slot(a.date, a.duration_minutes)
      order by a.date, a.id;
  elsif v_kind = 'clinic_hours' then
    v_hours := private.week_hours(change -> 'hours');
    return query
      select r.* from public.appointments a,
        lateral private.visit_needing_action(a, 'Outside the new opening hours') r
      where a.university_id = v_me.university_id and a.status = 'scheduled' and a.date > now()
        and private.within_week_hours(a.date, a.duration_minutes, v_zone, private.clinic_week_hours(v_me.university_id))
        and not private.within_week_hours(a.date, a.duration_minutes, v_zone, v_hours)
      order by a.date, a.id;
  else
    v_hours := private.week_hours(change -> 'hours');
    -- A doctor who keeps no hours of their own is bookable in the clinic's.
    if jsonb_array_length(v_hours) = 0 then
      v_hours := private.clinic_week_hours(v_me.university_id);
    end if;
    return query
      select r.* from public.appointments a,
        lateral private.visit_needing_action(a, format('Outside %s''s new hours', v_name)) r
      where a.provider_id = v_doctor.id and a.status = 'scheduled' and a.date > now()
        and private.within_week_hours(a.date, a.duration_minutes, v_zone, private.doctor_week_hours(v_doctor))
        and not private.within_week_hours(a.date, a.duration_minutes, v_zone, v_hours)
      order by a.date, a.id;
  end if;
end;
$$;

revoke all on function public.visits_affected_by(jsonb) from public, anon;
grant execute on function public.visits_affected_by(jsonb) to authenticated;
