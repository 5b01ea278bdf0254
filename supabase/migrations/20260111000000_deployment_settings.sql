-- Settings of the deployment that the database's own functions need, kept in a table the database owner may write.
-- The site URL, which invitation and appointment emails link to, was the database's `app.site_url` setting; since
-- PostgreSQL 15, `alter database … set` of a setting PostgreSQL does not know takes a superuser (or a role granted SET
-- on it), and the database owner on managed services (RDS, Cloud SQL, Azure) and on hosted Supabase is no superuser.
-- CampusCare's gateways write the row at every start from PUBLIC_URL; on hosted Supabase the operator writes it once
-- (docs/deploy.md).
create table private.deployment_settings (
  -- The key can only be true, so the table holds at most one row.
  one_row boolean primary key default true constraint deployment_settings_one_row check (one_row),
  site_url text not null constraint deployment_settings_site_url_format check (site_url ~ '^https?://[^[:space:]]+$')
);
alter table private.deployment_settings enable row level security;
revoke all on private.deployment_settings from public, anon, authenticated, service_role;

-- A database that had the setting keeps linking to it until a gateway's next start writes PUBLIC_URL here.
insert into private.deployment_settings (site_url)
select current_setting('app.site_url', true)
where coalesce(current_setting('app.site_url', true), '') <> '';

-- Where database-built links start: the stored site URL without a trailing slash, or the local stack's address while
-- none is stored. Only the functions below call it, as the owner (each is security definer or called by one).
create function private.site_url()
returns text
language sql
stable
set search_path = ''
as $$
  select rtrim(coalesce((select s.site_url from private.deployment_settings s), 'http://localhost:8080'), '/')
$$;
revoke all on function private.site_url() from public, anon, authenticated, service_role;

-- The three functions that build links, restated whole, unchanged but for reading the site URL from the table.
create or replace function public.invite_staff(email text, role text default 'doctor')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_email text := lower(btrim(coalesce(invite_staff.email, '')));
  v_hash text;
  v_user_id uuid := gen_random_uuid();
  v_university public.universities;
  v_invitation public.invitations;
  v_link text;
begin
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 255 then
    perform private.fail('Enter a valid email address');
  end if;
  if invite_staff.role is null or invite_staff.role not in ('doctor', 'admin') then
    perform private.fail('Staff can be invited as doctor or admin');
  end if;
  select s.default_staff_password_hash into v_hash
  from private.university_secrets s where s.university_id = v_me.university_id;
  if v_hash is null then
    perform private.fail('Set a default staff password in Settings → Password first');
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email) then
    perform private.fail('An account with that email already exists');
  end if;
  select * into v_university from public.universities u where u.id = v_me.university_id;

  perform set_config('campuscare.provisioning', 'on', true);
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', v_user_id, 'authenticated', 'authenticated', v_email, v_hash, now(),
          now(), '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, now(), now());
  perform set_config('campuscare.provisioning', '', true);
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (v_user_id::text, v_user_id,
          jsonb_build_object('sub', v_user_id::text, 'email', v_email, 'email_verified', true), 'email', now(), now());
  insert into public.members (id, university_id, role, must_change_password, email)
  values (v_user_id, v_me.university_id, invite_staff.role::public.member_role, true, v_email);
  insert into public.invitations (university_id, email, role, invited_by)
  values (v_me.university_id, v_email, invite_staff.role::public.member_role, v_me.id)
  returning * into v_invitation;

  v_link := private.site_url() || '/adminsignin?email=' || private.url_encode(v_email);
  insert into public.email_outbox (to_email, subject, body)
  values (
    v_email,
    format('You have been invited to %s on CampusCare', v_university.name),
    format(E'Hello,\n\n%s has invited you to CampusCare as %s %s.\n\nSign in here: %s\n\n'
           'Use the default staff password your administrator gave you. You will be asked to choose your own '
           'password before anything else.\n\nIf you did not expect this invitation, you can ignore this email.\n',
           v_university.name, case when invite_staff.role = 'admin' then 'an' else 'a' end, invite_staff.role, v_link)
  );
  return to_jsonb(v_invitation) || jsonb_build_object('link', v_link);
end;
$$;

create or replace function public.invite_student(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members;
  v_email text := lower(btrim(coalesce(invite_student.email, '')));
  v_university public.universities;
  v_limits record;
  v_link text;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only a university administrator can invite students');
  end if;
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 255 then
    perform private.fail('Enter a valid email address');
  end if;
  -- Only the caller's own university is consulted: whether an address has an account elsewhere is not theirs to learn.
  if exists (select 1 from public.members m where m.university_id = v_me.university_id and m.email = v_email) then
    perform private.fail('This person already has an account at your university');
  end if;
  select * into v_limits from private.student_invitation_limits();
  -- One invitation at a time per university, so the counts below cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('invite_student:' || v_me.university_id::text, 0));
  if exists (
    select 1 from private.student_invitations i
    where i.university_id = v_me.university_id and i.email = v_email::extensions.citext
      and i.created_at > now() - v_limits.same_email_interval
  ) then
    perform private.fail('That address was invited a few minutes ago; wait before sending again');
  end if;
  if (select count(*) from private.student_invitations i
      where i.university_id = v_me.university_id and i.created_at > now() - interval '1 hour') >= v_limits.per_hour then
    perform private.fail(format('At most %s student invitations can be sent per hour; try again later', v_limits.per_hour));
  end if;

  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_link := private.site_url() || '/register?join=' || private.url_encode(v_university.join_code);
  insert into private.student_invitations (university_id, email, invited_by) values (v_me.university_id, v_email, v_me.id);
  insert into public.email_outbox (to_email, subject, body)
  values (
    v_email,
    format('Join %s on CampusCare', v_university.name),
    format(E'Hello,\n\n%s invites you to CampusCare, where you can book appointments with the university clinic '
           'and keep your health questionnaire up to date.\n\nCreate your student account here: %s\n\n'
           'If you did not expect this invitation, you can ignore this email.\n',
           v_university.name, v_link)
  );
  return jsonb_build_object('email', v_email, 'link', v_link);
end;
$$;

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
