-- Security, round 2: the database's part of the findings (the audit CSV is the admin app's), each closed where its rule
-- belongs:
-- 1. Columns the database owns are never written by an API role. A student booked with created_at = 1950 and then
--    edited the visit: the calendar SEQUENCE (seconds from booking to the last change) no longer fit an integer, the
--    minute's reminder pass failed for every university and staff could not cancel or move that visit. Ids, timestamps,
--    the university, authors, statuses, cancellations and the patient's identity now come from defaults, triggers and
--    the caller's member row (column grants), the SEQUENCE is bounded, and the reminder pass handles each visit alone.
-- 2. Booking limits: a student's upcoming visits and bookings per day are capped (clinic settings), and at most
--    three bookings a minute; one student had booked 50 slots in parallel.
-- 3. Names and reasons are single-line text, and the patient on a student's booking is their member name and
--    registration number, not what the booker typed.
-- 4. Appointment emails carry no reason (nor anything else clinical).
-- 5. The audit trail keeps who acted as they were named then (name and email), not as they are named now.

-- 1. Server-owned columns -----------------------------------------------------------------------------------------
-- What the database fills for an API caller: its university, and itself as the student or author. Defaults rather
-- than triggers, so a write that leaves them out is simply complete (and the generated types say so).
alter table public.appointments
  alter column university_id set default private.current_university_id(),
  alter column student_id set default auth.uid();
alter table public.programs
  alter column university_id set default private.current_university_id(),
  alter column created_by set default auth.uid();
alter table public.clinic_hours alter column university_id set default private.current_university_id();
alter table public.clinic_closures alter column university_id set default private.current_university_id();
alter table public.doctor_hours alter column university_id set default private.current_university_id();
alter table public.doctor_time_off alter column university_id set default private.current_university_id();

-- The columns an API role may write: what a person chooses, never ids, timestamps, the university, authors, statuses
-- or cancellations. Appointments change only through update_appointment(), which checks the caller itself. Upserts
-- name their conflict columns in the update list (PostgREST sets every column it sends), hence student_id, doctor_id
-- and weekday there.
revoke insert, update on public.appointments, public.health_profiles, public.programs, public.clinic_hours,
  public.clinic_closures, public.doctor_hours, public.doctor_time_off from authenticated;
grant insert (provider_id, date, duration_minutes, department, year, reason) on public.appointments to authenticated;
grant insert (student_id, genotype, blood_group, disabled, allergies, bmi),
  update (student_id, genotype, blood_group, disabled, allergies, bmi) on public.health_profiles to authenticated;
grant insert (title, description, date, time, location, program_type, target_audience, activities, organiser),
  update (title, description, date, time, location, program_type, target_audience, activities, organiser)
  on public.programs to authenticated;
grant insert (weekday, opens_at, closes_at), update (weekday, opens_at, closes_at) on public.clinic_hours to authenticated;
grant insert (starts_on, ends_on, reason), update (starts_on, ends_on, reason) on public.clinic_closures to authenticated;
grant insert (doctor_id, weekday, opens_at, closes_at), update (doctor_id, weekday, opens_at, closes_at)
  on public.doctor_hours to authenticated;
grant insert (doctor_id, starts_at, ends_at, reason), update (starts_at, ends_at, reason) on public.doctor_time_off to authenticated;
-- No API role updates appointments any more, so their update policy would never apply.
drop policy appointments_update on public.appointments;

-- One entry point for every change to an appointment: status, time, length, doctor, cancellation. SECURITY DEFINER
-- now that no API role may update the table; the caller is checked here as the appointments policy did (their own
-- university; staff any appointment, a student their own), and appointments_guard and the scheduling trigger still
-- decide which change each role may make. Otherwise as before.
create or replace function public.update_appointment(
  id uuid,
  status text default null,
  date timestamptz default null,
  provider_id uuid default null,
  duration_minutes integer default null,
  cancel_reason text default null
)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
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
    if update_appointment.status not in ('scheduled', 'ongoing', 'completed', 'cancelled') then
      perform private.fail('Status must be scheduled, ongoing, completed or cancelled');
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
$$;

-- The SEQUENCE of a visit's calendar event was seconds from booking to the last change, which overflowed an integer
-- once created_at lay 68 years back. It stays that (it grows with each change: appointments_guard sets updated_at),
-- bounded to iCalendar's 32-bit maximum, so no stored time can make an email fail. The text loses the reason and the
-- cancellation reason (finding 4): a visit's reason is health information, and mail and calendars are read by others.
-- Restated whole otherwise unchanged (20260111000000_deployment_settings.sql).
create or replace function private.queue_appointment_email(
  p_appointment public.appointments,
  p_recipient uuid,
  p_kind text,
  p_actor uuid default null,
  p_previous_date timestamptz default null,
  p_dedupe_key text default null
)
returns boolean
language plpgsql
volatile
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
    end;
    v_headline := case p_kind
      when 'booking_confirmation' then format('Your appointment at the %s clinic is booked.', v_university)
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

-- The minute's reminder pass, restated whole: each reminder is queued in a block of its own, so one visit that cannot
-- be reminded of (a value no email can be built from, a time zone the server's tzdata no longer knows) is skipped
-- with a warning naming it, and every other visit of every university is still reminded of. The skipped one is tried
-- again on the next run.
create or replace function private.queue_appointment_reminders()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_due record;
  v_queued integer := 0;
begin
  -- Not for API requests whatever the grants say: only the server's own connection or pg_cron.
  if auth.role() is not null then
    perform private.fail('Appointment reminders are queued by the server');
  end if;
  for v_due in
    select a as appointment, p.recipient_id, k.dedupe_key
    from public.appointments a
    cross join lateral (values (1, a.student_id), (2, a.provider_id)) as p(ord, recipient_id)
    cross join lateral (select format('reminder:%s:%s:%s', a.id, p.recipient_id, extract(epoch from a.date)::bigint)
                          as dedupe_key) k
    where a.status = 'scheduled' and a.date > now() and a.date <= now() + interval '24 hours'
      and p.recipient_id is not null
      and not exists (select 1 from public.email_outbox o where o.dedupe_key = k.dedupe_key)
    order by a.date, a.id, p.ord
    for share of a skip locked
  loop
    begin
      if private.queue_appointment_email(v_due.appointment, v_due.recipient_id, 'reminder', null, null, v_due.dedupe_key) then
        v_queued := v_queued + 1;
      end if;
    exception when others then
      raise warning 'Reminder for appointment % to member % not queued: % (SQLSTATE %)',
        (v_due.appointment).id, v_due.recipient_id, sqlerrm, sqlstate;
    end;
  end loop;
  return v_queued;
end;
$$;

-- 2. Booking limits ---------------------------------------------------------------------------------------------------
alter table public.clinic_settings
  add column student_upcoming_limit integer not null default 3
    constraint clinic_settings_student_upcoming_limit_range check (student_upcoming_limit between 1 and 20),
  add column student_daily_booking_limit integer not null default 3
    constraint clinic_settings_student_daily_booking_limit_range check (student_daily_booking_limit between 1 and 20);
grant update (student_upcoming_limit, student_daily_booking_limit) on public.clinic_settings to authenticated;

-- A student's booking, by book_appointment() or a direct insert: the patient is the student as their member row names
-- them, and the clinic's limits hold — upcoming visits, bookings made today on the clinic's calendar (cancelled ones
-- included, so booking and cancelling in a loop is limited too) and bookings in the last minute. Counted under the
-- student's slot lock (lock_appointment_slot takes the same one; taking it again is free), so parallel bookings are
-- counted one after another and cannot all slip under a limit. created_at is the database's own, so the counts are
-- too. Named to run after the other BEFORE triggers: a refused time takes no count. The server is trusted, as in
-- appointments_guard.
create function private.appointments_student_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_bookings_per_minute constant integer := 3;
  v_student public.members;
  v_settings public.clinic_settings;
  v_zone text;
begin
  if auth.uid() is null then
    return new;
  end if;
  select * into v_student from public.members m where m.id = new.student_id;
  new.name := left(btrim(v_student.first_name || ' ' || v_student.last_name), 200);
  new.reg := v_student.reg_number;

  select * into v_settings from public.clinic_settings s where s.university_id = new.university_id;
  v_zone := coalesce(v_settings.timezone, 'UTC');
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(new.student_id::text));
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id and a.status = 'scheduled' and a.date > now()) >= v_settings.student_upcoming_limit then
    perform private.fail(format(
      'You already have %s upcoming appointment%s, the most the clinic allows. Cancel one, or book again after your next visit.',
      v_settings.student_upcoming_limit, case when v_settings.student_upcoming_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id
        and a.created_at >= (date_trunc('day', now() at time zone v_zone) at time zone v_zone)) >= v_settings.student_daily_booking_limit then
    perform private.fail(format(
      'You can book at most %s appointment%s a day, cancelled ones included. Please book again tomorrow.',
      v_settings.student_daily_booking_limit, case when v_settings.student_daily_booking_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = new.student_id and a.created_at > now() - interval '1 minute') >= c_bookings_per_minute then
    perform private.fail(format('You are booking too quickly: at most %s appointments a minute. Please wait a minute and try again.',
                                c_bookings_per_minute));
  end if;
  return new;
end;
$$;
revoke all on function private.appointments_student_booking() from public, anon, authenticated, service_role;
create trigger appointments_student_booking before insert on public.appointments
  for each row execute function private.appointments_student_booking();

-- 3. Single-line names and reasons ------------------------------------------------------------------------------------
-- No line breaks or other control characters (C0, DEL, C1, and the Unicode line and paragraph separators): these
-- values go into email subjects and bodies and calendar files, where a line break starts a header or a line of the
-- reader's choosing. shared/src/validation/columnRules.ts says the same in TypeScript.
create function private.is_single_line(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'
$$;
revoke all on function private.is_single_line(text) from public;
-- Check constraints are evaluated with the writer's privileges.
grant execute on function private.is_single_line(text) to authenticated, service_role;

-- Stored values that would break the new rules get each such character replaced by U+FFFD, which keeps every other
-- rule on them true (lengths, non-blank, the "Other: " form). Triggers stand aside: a repair is no one's edit, and
-- finished appointments may not change otherwise.
do $$
declare
  v_target record;
  v_found boolean;
begin
  for v_target in
    select * from (values ('universities', 'name'), ('members', 'first_name'), ('members', 'last_name'),
                          ('appointments', 'name'), ('appointments', 'reason'), ('appointments', 'cancel_reason'),
                          ('clinic_closures', 'reason'), ('doctor_time_off', 'reason')) as c(tbl, col)
  loop
    execute format('select exists (select 1 from public.%I where not private.is_single_line(%I))', v_target.tbl, v_target.col)
      into v_found;
    if v_found then
      execute format('alter table public.%I disable trigger user', v_target.tbl);
      execute format(
        $sql$update public.%1$I set %2$I = (
               select string_agg(case when private.is_single_line(c.ch) then c.ch else U&'\FFFD' end, '' order by c.n)
               from unnest(string_to_array(%2$I, null)) with ordinality as c(ch, n))
             where not private.is_single_line(%2$I)$sql$,
        v_target.tbl, v_target.col);
      execute format('alter table public.%I enable trigger user', v_target.tbl);
    end if;
  end loop;
end
$$;

-- The same constraints as before (names kept: the forms map refusals by them), each now also single-line.
alter table public.universities
  drop constraint universities_name_length,
  add constraint universities_name_length check (char_length(btrim(name)) between 2 and 200 and private.is_single_line(name));
alter table public.members
  drop constraint members_first_name_length,
  add constraint members_first_name_length check (char_length(first_name) <= 100 and private.is_single_line(first_name)),
  drop constraint members_last_name_length,
  add constraint members_last_name_length check (char_length(last_name) <= 100 and private.is_single_line(last_name));
alter table public.appointments
  drop constraint appointments_name_length,
  add constraint appointments_name_length check (char_length(btrim(name)) between 1 and 200 and private.is_single_line(name)),
  drop constraint appointments_reason_values,
  add constraint appointments_reason_values check (
    reason in ('Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other')
    or (reason ~ '^Other: [^[:space:]]' and char_length(reason) <= 200 and private.is_single_line(reason))
  ),
  drop constraint appointments_cancel_reason_length,
  add constraint appointments_cancel_reason_length
    check (char_length(cancel_reason) <= 500 and private.is_single_line(cancel_reason));
alter table public.clinic_closures
  drop constraint clinic_closures_reason_length,
  add constraint clinic_closures_reason_length check (char_length(btrim(reason)) between 1 and 200 and private.is_single_line(reason));
alter table public.doctor_time_off
  drop constraint doctor_time_off_reason_length,
  add constraint doctor_time_off_reason_length check (char_length(reason) <= 200 and private.is_single_line(reason));

-- book_appointment() no longer takes a name or registration number: appointments_student_booking sets them from the
-- student's member row. Dropped and created again, as its arguments change; otherwise as before, with a one-line
-- reason checked for a clear message and the university and student left to their defaults.
drop function public.book_appointment(timestamptz, text, uuid, integer, text, text, text, integer);
create function public.book_appointment(
  date timestamptz,
  reason text,
  provider_id uuid default null,
  duration_minutes integer default 30,
  department text default null,
  year integer default null
)
returns public.appointments
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members;
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
  if coalesce(btrim(book_appointment.reason), '') = '' then
    perform private.fail('Choose a reason for the appointment');
  end if;
  if book_appointment.reason not in ('Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other')
     and not (book_appointment.reason ~ '^Other: [^[:space:]]' and char_length(book_appointment.reason) <= 200) then
    perform private.fail('Choose a reason: Check-up, Malaria, Consultation, Vaccination, Follow-up or Other');
  end if;
  if not private.is_single_line(book_appointment.reason) then
    perform private.fail('Describe the reason on one line, without line breaks or other control characters');
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
    insert into public.appointments as a (provider_id, date, duration_minutes, department, year, reason)
    values (
      book_appointment.provider_id, book_appointment.date, book_appointment.duration_minutes,
      coalesce(nullif(btrim(book_appointment.department), ''), v_me.department),
      coalesce(book_appointment.year, v_me.year_of_study),
      btrim(book_appointment.reason)
    )
    returning * into v_row;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = private.overlap_message(v_constraint);
  end;
  return v_row;
end;
$$;
revoke all on function public.book_appointment(timestamptz, text, uuid, integer, text, integer) from public, anon;
grant execute on function public.book_appointment(timestamptz, text, uuid, integer, text, integer) to authenticated, service_role;

-- 5. Who acted, as they were named then -----------------------------------------------------------------------------
-- Names are the members' own to edit: a doctor who read a health record and then blanked their name, or took a
-- colleague's, changed what the student and the super admin saw. Every entry now keeps the actor's name and email as
-- they were when it was written, filled here whoever writes it, so no writer can set them either.
alter table public.audit_log add column actor_name text, add column actor_email text;

create function private.audit_log_actor_snapshot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select private.member_display_name(m), m.email into new.actor_name, new.actor_email
  from public.members m where m.id = new.actor_id;
  return new;
end;
$$;
revoke all on function private.audit_log_actor_snapshot() from public, anon, authenticated, service_role;
create trigger audit_log_actor_snapshot before insert on public.audit_log
  for each row execute function private.audit_log_actor_snapshot();

-- The audit view's description of an entry, restated whole: the actor as the entry recorded them; entries written
-- before this migration have no record and keep naming the member as they are now.
create or replace function private.describe_audit_entry(p_entry public.audit_log)
returns table (actor_name text, actor_role text, actor_email text, what text, subject text, subject_email text, summary text)
language sql
stable
set search_path = ''
as $$
  select
    coalesce(p_entry.actor_name,
             case when actor.id is not null then private.member_display_name(actor) end,
             case when p_entry.actor_id is not null then 'Removed account'
                  when p_entry.action = 'sign_in_failed' then 'Unknown (not signed in)'
                  else 'System' end),
    actor.role::text,
    coalesce(p_entry.actor_email, actor.email::text),
    case p_entry.table_name
      when 'sessions' then 'Sign-in'
      when 'health_profiles' then 'Health record'
      when 'members' then 'Member'
      when 'invitations' then 'Staff invitation'
      when 'student_invitations' then 'Student invitation'
      when 'appointments' then 'Appointment'
      when 'programs' then 'Program'
      when 'universities' then 'University profile'
      when 'university_secrets' then 'Default staff password'
      when 'clinic_settings' then 'Clinic booking rules'
      when 'clinic_hours' then 'Clinic hours'
      when 'clinic_closures' then 'Clinic closure'
      when 'doctor_hours' then 'Doctor hours'
      when 'doctor_time_off' then 'Doctor time off'
      else p_entry.table_name
    end,
    coalesce(case when subject.id is not null then private.member_display_name(subject) end,
             nullif(concat_ws(' ', p_entry.details -> 'old' ->> 'first_name', p_entry.details -> 'old' ->> 'last_name'), ''),
             p_entry.details -> 'new' ->> 'email',
             p_entry.details -> 'old' ->> 'email'),
    coalesce(subject.email::text, p_entry.details -> 'new' ->> 'email', p_entry.details -> 'old' ->> 'email'),
    left(case
      when p_entry.action = 'sign_in' then 'Signed in' || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'sign_in_failed' then
        case p_entry.details ->> 'reason' when 'deactivated' then 'Refused: the account is deactivated'
                                          else 'Wrong password' end
        || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'read' then 'Opened the health record' || coalesce(' (' || (p_entry.details ->> 'screen') || ')', '')
      when p_entry.table_name = 'health_profiles' then
        case p_entry.action when 'insert' then 'Filled in: ' when 'update' then 'Updated: ' else 'Deleted: ' end || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
      when p_entry.table_name = 'university_secrets' then 'Default staff password changed'
      when p_entry.action = 'insert' then
        case p_entry.table_name
          when 'invitations' then 'Invited ' || (p_entry.details -> 'new' ->> 'email') || ' as ' || (p_entry.details -> 'new' ->> 'role')
          when 'student_invitations' then 'Sent the join link to ' || (p_entry.details -> 'new' ->> 'email')
          when 'members' then 'Joined as ' || (p_entry.details -> 'new' ->> 'role')
          when 'appointments' then 'Booked: ' || (p_entry.details -> 'new' ->> 'reason') || ' on ' || (p_entry.details -> 'new' ->> 'date')
          when 'programs' then 'Created "' || (p_entry.details -> 'new' ->> 'title') || '"'
          when 'clinic_closures' then 'Closed ' || (p_entry.details -> 'new' ->> 'starts_on') || ' to ' || (p_entry.details -> 'new' ->> 'ends_on')
          else 'Created'
        end
      when p_entry.action = 'delete' then 'Deleted'
      else coalesce(private.audit_changes_text(p_entry.details -> 'changed'), 'Changed')
    end, 500)
  from (select 1) one
  left join public.members actor on actor.id = p_entry.actor_id
  left join public.members subject on subject.id = case
    when p_entry.table_name in ('members', 'health_profiles', 'sessions') then p_entry.record_id
    when p_entry.table_name = 'appointments' then coalesce(
      (select a.student_id from public.appointments a where a.id = p_entry.record_id),
      (p_entry.details -> 'old' ->> 'student_id')::uuid)
    when p_entry.table_name in ('doctor_hours', 'doctor_time_off') then
      coalesce(p_entry.details -> 'new' ->> 'doctor_id', p_entry.details -> 'old' ->> 'doctor_id')::uuid
  end
$$;

-- audit_entries() with the actor's email beside their name (two people may share a name). Dropped and created again,
-- as its columns change; otherwise unchanged.
drop function public.audit_entries(text, text, text, date, date, integer, integer);
create function public.audit_entries(
  search text default null,
  event text default null,
  person text default null,
  from_date date default null,
  to_date date default null,
  page integer default 1,
  page_size integer default 25
)
returns table (
  id bigint,
  at timestamptz,
  event_kind text,
  action text,
  actor_id uuid,
  actor_name text,
  actor_role text,
  actor_email text,
  what text,
  record_id uuid,
  subject text,
  summary text,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_search text := nullif(btrim(coalesce(audit_entries.search, '')), '');
  v_person text := nullif(btrim(coalesce(audit_entries.person, '')), '');
  v_event text := nullif(btrim(coalesce(audit_entries.event, '')), '');
  v_zone text;
  v_from timestamptz;
  v_to timestamptz;
  v_offset integer;
  v_total bigint;
begin
  if audit_entries.page is null or audit_entries.page not between 1 and 100000 then
    perform private.fail('Choose a page number from 1 to 100000');
  end if;
  if audit_entries.page_size is null or audit_entries.page_size not between 1 and 100 then
    perform private.fail('Choose between 1 and 100 entries per page');
  end if;
  if v_event is not null and v_event not in ('sign_in', 'sign_in_failed', 'health_record_read', 'health_record_change',
     'member_change', 'invitation', 'appointment_change', 'program_change', 'settings_change') then
    perform private.fail('Choose one of the listed kinds of event');
  end if;
  if char_length(v_search) > 100 or char_length(v_person) > 100 then
    perform private.fail('Search for at most 100 characters');
  end if;
  if audit_entries.from_date > audit_entries.to_date then
    perform private.fail('The start date must be on or before the end date');
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  v_from := audit_entries.from_date::timestamp at time zone coalesce(v_zone, 'UTC');
  v_to := (audit_entries.to_date + 1)::timestamp at time zone coalesce(v_zone, 'UTC');
  v_offset := (audit_entries.page - 1) * audit_entries.page_size;
  -- LIKE patterns with the person's text taken literally.
  v_search := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_person := '%' || replace(replace(replace(v_person, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if v_search is null and v_person is null then
    -- Only indexed columns decide: count them, and describe just the page shown.
    select count(*) into v_total from public.audit_log a
    where a.university_id = v_me.university_id
      and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
      and (v_event is null or private.audit_event(a.action, a.table_name) = v_event);
    return query
      select a.id, a.at, private.audit_event(a.action, a.table_name), a.action, a.actor_id, d.actor_name, d.actor_role,
             d.actor_email, d.what, a.record_id, d.subject, d.summary, v_total
      from (
        select * from public.audit_log a
        where a.university_id = v_me.university_id
          and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
          and (v_event is null or private.audit_event(a.action, a.table_name) = v_event)
        order by a.at desc, a.id desc
        offset v_offset limit audit_entries.page_size
      ) a
      cross join lateral private.describe_audit_entry(a::public.audit_log) d
      order by a.at desc, a.id desc;
  else
    return query
      select a.id, a.at, private.audit_event(a.action, a.table_name), a.action, a.actor_id, d.actor_name, d.actor_role,
             d.actor_email, d.what, a.record_id, d.subject, d.summary, count(*) over ()
      from public.audit_log a
      cross join lateral private.describe_audit_entry(a) d
      where a.university_id = v_me.university_id
        and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
        and (v_event is null or private.audit_event(a.action, a.table_name) = v_event)
        and (v_search is null
             or concat_ws(' ', d.actor_name, d.actor_email, d.what, d.subject, d.subject_email, d.summary) ilike v_search)
        and (v_person is null or concat_ws(' ', d.actor_name, d.actor_email, d.subject, d.subject_email) ilike v_person)
      order by a.at desc, a.id desc
      offset v_offset limit audit_entries.page_size;
  end if;
end;
$$;
revoke all on function public.audit_entries(text, text, text, date, date, integer, integer) from public, anon, service_role;
grant execute on function public.audit_entries(text, text, text, date, date, integer, integer) to authenticated;

-- "Who viewed my health record": the viewer as the read recorded them, with their email. Dropped and created again,
-- as its columns change; my_data() reads the columns it exports by name and is unchanged.
drop function public.my_health_record_views();
create function public.my_health_record_views()
returns table (id bigint, viewed_at timestamptz, viewer_id uuid, viewer_name text, viewer_email text, viewer_role text, screen text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_student();
begin
  return query
    select l.id, l.at, l.actor_id,
           coalesce(l.actor_name, nullif(concat_ws(' ', m.title, m.first_name, m.last_name), ''), 'A former staff member'),
           coalesce(l.actor_email, m.email),
           m.role::text,
           l.details ->> 'screen'
    from public.audit_log l
    left join public.members m on m.id = l.actor_id and m.university_id = l.university_id
    where l.record_id = v_me.id
      and l.table_name = 'health_profiles'
      and l.action = 'read'
      and l.university_id = v_me.university_id
    order by l.at desc, l.id desc;
end;
$$;
revoke all on function public.my_health_record_views() from public, anon, authenticated, service_role;
grant execute on function public.my_health_record_views() to authenticated;
