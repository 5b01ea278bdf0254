-- Appointment emails: the database queues an `email_outbox` row when an appointment is booked, cancelled,
-- moved or given to a doctor, and 24 hours before it starts; the server delivers them with the visit attached as a
-- calendar event (.ics). Queued in the same transaction as the change, so a refused or rolled-back change sends
-- nothing. Times are written in the clinic's time zone with the zone named; health data never goes into an email.

-- What an appointment message carries besides its text. `calendar` is the event the server turns into
-- appointment.ics: { uid, start (UTC, ISO 8601), duration_minutes, title, description, location, method
-- ('REQUEST' adds or updates it, 'CANCEL' removes it), sequence (grows with every change, so calendars apply the
-- latest) }. `dedupe_key` makes a message that must go once (a reminder) impossible to queue twice, however many
-- processes try at the same moment.
alter table public.email_outbox
  add column appointment_id uuid references public.appointments (id) on delete set null,
  add column kind text constraint email_outbox_kind_values check (kind in (
    'booking_confirmation', 'doctor_notice', 'doctor_unassigned', 'cancellation', 'reschedule', 'reminder')),
  add column calendar jsonb constraint email_outbox_calendar_method check (calendar ->> 'method' in ('REQUEST', 'CANCEL')),
  add column dedupe_key text constraint email_outbox_dedupe_key_key unique;
comment on column public.email_outbox.calendar is
  'Appointment messages: the event for appointment.ics {uid, start, duration_minutes, title, description, location, method, sequence}.';

-- Deleting an appointment nulls its messages' reference; without an index that is a scan of the whole outbox.
create index email_outbox_appointment_idx on public.email_outbox (appointment_id) where appointment_id is not null;
-- The reminder pass reads the next 24 hours of every university each minute; the other date indexes lead with a
-- university, student or doctor.
create index appointments_scheduled_date_idx on public.appointments (date) where status = 'scheduled';

-- "Tuesday 3 March 2026, 09:30 (America/New_York)": the clinic's wall-clock time with its zone named, so nobody has to
-- guess which zone an email means. A university without clinic settings reads UTC.
create function private.clinic_local_time(p_university uuid, p_at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(p_at at time zone z.timezone, 'FMDay FMDD FMMonth YYYY, HH24:MI') || ' (' || z.timezone || ')'
  from (select coalesce((select cs.timezone from public.clinic_settings cs where cs.university_id = p_university), 'UTC')
          as timezone) z
$$;

-- "Dr Amelia Adams"; an invited doctor who has not filled in a name yet is their email address.
create function private.member_display_name(p_member public.members)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when btrim(p_member.first_name || p_member.last_name) = '' then p_member.email
              else concat_ws(' ', p_member.title, nullif(p_member.first_name, ''), nullif(p_member.last_name, '')) end
$$;

-- Writes one appointment message for one recipient (the student or a doctor) of `p_kind`, from the appointment as it
-- is now. `p_actor` is who made the change (null: the server), `p_previous_date` the time it was moved from. Returns
-- whether a row was queued: a deactivated recipient gets nothing, nor does a `p_dedupe_key` already used.
-- Only booking fields and the appointment's own reasons go in: never anything from health_profiles.
create function private.queue_appointment_email(
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
  -- The site URL is the `app.site_url` setting the server sets at start-up, as for invitations.
  v_link := rtrim(coalesce(nullif(current_setting('app.site_url', true), ''), 'http://localhost:8080'), '/')
            || case when v_for_student then '/studentdashboard' else '/dashboarrd' end;

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
    -- array_to_string leaves out the null lines (the ones that do not apply to this message).
    array_to_string(array[
      format('Hello %s,', coalesce(nullif(v_recipient.first_name, ''), private.member_display_name(v_recipient))),
      '',
      v_headline,
      '',
      format('When: %s, %s minutes', v_when, p_appointment.duration_minutes),
      case when v_for_student then 'Doctor: ' || v_doctor_name else 'Patient: ' || v_patient end,
      -- 'Other: Sports injury' reads as 'Sports injury'.
      'Reason: ' || regexp_replace(p_appointment.reason, '^Other: ', ''),
      case when p_kind = 'cancellation' then 'Why it was cancelled: ' || p_appointment.cancel_reason end,
      '',
      v_footer,
      '',
      case when v_method = 'CANCEL' then 'The attached calendar update (appointment.ics) removes it from your calendar.'
           else 'The attached calendar invitation (appointment.ics) adds it to your calendar.' end
    ], E'\n') || E'\n',
    p_appointment.id,
    p_kind,
    -- The reason stays out of the calendar event: calendars are often shared with colleagues or family.
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
      -- Seconds since booking: grows with every change (appointments_guard sets updated_at) and stays far below
      -- the 32-bit limit iCalendar puts on SEQUENCE, which seconds since 1970 reach in 2038.
      'sequence', greatest(floor(extract(epoch from p_appointment.updated_at - p_appointment.created_at)), 0)::integer
    ),
    p_dedupe_key
  )
  on conflict (dedupe_key) do nothing;
  return found;
end;
$$;

-- Who hears about a change: the student and the doctor, except the person who made it (auth.uid(); the server and
-- the seed have none). A student who cancels or moves their visit tells their doctor; a doctor tells the student; an
-- admin tells both. Nothing is sent for visits that are already in the past, for starting or completing a visit, or
-- while the seed loads its demo data (`campuscare.provisioning`).
create function private.appointments_notify()
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
create trigger appointments_notify
  after insert or update of status, date, duration_minutes, provider_id on public.appointments
  for each row execute function private.appointments_notify();

-- One reminder to the student and one to the doctor of every scheduled visit starting in the next 24 hours. The server
-- runs it every minute (hosted: pg_cron). The dedupe key names the visit, the person and the start time, so running
-- it again, from several processes at once or after a restart, queues nothing twice, while a visit moved after its
-- reminder gets one for its new time. Rows are visited in one order, so concurrent runs cannot deadlock on the keys;
-- a visit being changed right now is skipped and picked up by the next run.
create function private.queue_appointment_reminders()
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
    if private.queue_appointment_email(v_due.appointment, v_due.recipient_id, 'reminder', null, null, v_due.dedupe_key) then
      v_queued := v_queued + 1;
    end if;
  end loop;
  return v_queued;
end;
$$;

-- Nobody but the owner (the server's superuser, pg_cron's job owner on a hosted project) runs any of these.
revoke all on function private.clinic_local_time(uuid, timestamptz), private.member_display_name(public.members),
  private.queue_appointment_email(public.appointments, uuid, text, uuid, timestamptz, text),
  private.appointments_notify(), private.queue_appointment_reminders()
  from public, anon, authenticated, service_role;
