-- RPCs (POST /rest/v1/rpc/<name>). Each one re-checks the caller's rights and validates its input with messages a
-- person can act on (SQLSTATE P0001; overlaps keep 23P01 so clients can tell them apart).
--
-- book_appointment / update_appointment are SECURITY INVOKER: RLS and the appointments_guard trigger already decide
-- what the caller may do, so these only add friendly messages. Everything else is SECURITY DEFINER with explicit
-- checks, because it touches rows or schemas (auth, private, email_outbox) the caller cannot reach.

create function private.overlap_message(constraint_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case constraint_name
    when 'appointments_no_provider_overlap' then 'That doctor is already booked at that time'
    else 'You already have an appointment at that time'
  end
$$;

-- book_appointment -------------------------------------------------------------------------------------------------
-- The booking form's fields keep the spec's names; name, department, reg and year default to the student's profile.
create function public.book_appointment(
  date timestamptz,
  reason text,
  provider_id uuid default null,
  duration_minutes integer default 30,
  name text default null,
  department text default null,
  reg text default null,
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
  if book_appointment.duration_minutes is null or book_appointment.duration_minutes not between 10 and 240 then
    perform private.fail('An appointment lasts between 10 and 240 minutes');
  end if;
  if book_appointment.year is not null and book_appointment.year not between 1 and 8 then
    perform private.fail('Year of study must be a whole number from 1 to 8');
  end if;
  if coalesce(btrim(book_appointment.name), btrim(v_me.first_name || ' ' || v_me.last_name)) = ''
     or coalesce(btrim(book_appointment.department), v_me.department, '') = ''
     or coalesce(btrim(book_appointment.reg), v_me.reg_number, '') = '' then
    perform private.fail('Please fill in all the fields correctly');
  end if;
  if coalesce(btrim(book_appointment.reg), v_me.reg_number) !~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$' then
    perform private.fail('Enter a valid registration number');
  end if;

  begin
    insert into public.appointments as a
      (university_id, student_id, provider_id, date, duration_minutes, name, department, reg, year, reason)
    values (
      v_me.university_id, v_me.id, book_appointment.provider_id, book_appointment.date,
      book_appointment.duration_minutes,
      coalesce(nullif(btrim(book_appointment.name), ''), btrim(v_me.first_name || ' ' || v_me.last_name)),
      coalesce(nullif(btrim(book_appointment.department), ''), v_me.department),
      coalesce(nullif(btrim(book_appointment.reg), ''), v_me.reg_number),
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

-- update_appointment -----------------------------------------------------------------------------------------------
-- One entry point for status changes, rescheduling and assigning a doctor. Null arguments mean "leave as is".
create function public.update_appointment(
  id uuid,
  status text default null,
  date timestamptz default null,
  provider_id uuid default null,
  duration_minutes integer default null,
  cancel_reason text default null
)
returns public.appointments
language plpgsql
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_role public.member_role := private.member_role();
  v_row public.appointments;
  v_status public.appointment_status;
  v_constraint text;
begin
  if v_role is null then
    perform private.fail('Your account cannot change appointments');
  end if;
  select * into v_row from public.appointments a where a.id = update_appointment.id;
  if v_row.id is null then
    perform private.fail('Appointment not found');
  end if;
  if update_appointment.status is not null then
    if update_appointment.status not in ('scheduled', 'ongoing', 'completed', 'cancelled') then
      perform private.fail('Status must be scheduled, ongoing, completed or cancelled');
    end if;
    v_status := update_appointment.status::public.appointment_status;
  end if;
  if v_role = 'student' and v_row.status <> 'scheduled' then
    perform private.fail('You can only change an appointment while it is scheduled');
  end if;
  if v_role = 'student' and update_appointment.provider_id is not null then
    perform private.fail('Only clinic staff can assign a doctor');
  end if;
  if v_status = 'cancelled' and coalesce(btrim(update_appointment.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
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
    where a.id = update_appointment.id
    returning * into v_row;
  exception when exclusion_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception using errcode = '23P01', message = private.overlap_message(v_constraint);
  end;
  if v_row.id is null or v_row.id <> update_appointment.id then
    perform private.fail('You cannot change this appointment');
  end if;
  return v_row;
end;
$$;

-- staff management (super admins) --------------------------------------------------------------------------------
create function private.require_super_admin()
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or not v_me.is_super_admin then
    perform private.fail('Only a super admin can do this');
  end if;
  return v_me;
end;
$$;

-- The same policy the auth service applies to every new password.
create function private.check_password_policy(password text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if password is null or char_length(password) < 10 then
    perform private.fail('The password must be at least 10 characters long');
  elsif octet_length(password) > 72 then
    perform private.fail('The password can be at most 72 bytes long');
  elsif password !~ '[A-Z]' or password !~ '[a-z]' or password !~ '[0-9]' then
    perform private.fail('Password should include an uppercase, lowercase, and digits');
  end if;
end;
$$;

create function public.set_default_staff_password(password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
begin
  perform private.check_password_policy(password);
  insert into private.university_secrets as s (university_id, default_staff_password_hash)
  values (v_me.university_id, extensions.crypt(password, extensions.gen_salt('bf', 10)))
  on conflict (university_id) do update
    set default_staff_password_hash = excluded.default_staff_password_hash, updated_at = now();
  update public.universities u set default_staff_password_set_at = now() where u.id = v_me.university_id;
end;
$$;

create function private.url_encode(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(string_agg(
    case when c.ch ~ '^[A-Za-z0-9._~@-]$' then c.ch
         else (select string_agg('%' || upper(lpad(to_hex(get_byte(b.bytes, i)), 2, '0')), '' order by i)
               from generate_series(0, length(b.bytes) - 1) i)
    end, '' order by c.n), '')
  from unnest(string_to_array(value, null)) with ordinality as c(ch, n)
  cross join lateral (select convert_to(c.ch, 'UTF8') as bytes) b
$$;

-- Creates the staff account with the university's default staff password (the hash is copied; the password itself
-- is never known here), flags it to change the password at first sign-in, and queues the invitation email carrying
-- the sign-in link. The site URL comes from the `app.site_url` setting the server sets at start-up.
create function public.invite_staff(email text, role text default 'doctor')
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

  v_link := rtrim(coalesce(nullif(current_setting('app.site_url', true), ''), 'http://localhost:8080'), '/')
            || '/adminsignin?email=' || private.url_encode(v_email);
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

create function private.member_of_my_university(member_id uuid, me public.members)
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_target public.members;
begin
  select * into v_target from public.members m where m.id = member_id and m.university_id = me.university_id;
  if v_target.id is null then
    perform private.fail('Member not found');
  end if;
  return v_target;
end;
$$;

-- Deactivation bans the auth user and ends their sessions (refresh tokens cascade); the access token they still
-- hold is worthless from the next request because every RLS helper requires an active member.
create function public.set_member_status(member_id uuid, status text)
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
  else
    update auth.users u set banned_until = null, updated_at = now() where u.id = v_target.id;
  end if;
  return v_target;
end;
$$;

create function public.make_super_admin(member_id uuid)
returns public.members
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_target public.members := private.member_of_my_university(member_id, v_me);
begin
  if v_target.role = 'student' then
    perform private.fail('Only staff members can be made super admin');
  end if;
  if v_target.status <> 'active' then
    perform private.fail('Reactivate this member before making them super admin');
  end if;
  update public.members m set is_super_admin = true where m.id = v_target.id returning * into v_target;
  return v_target;
end;
$$;

-- Removes the account entirely (auth user, member row and, by cascade, a student's health profile and appointments;
-- doctors' appointments become unassigned). The audit trail keeps the record of what was removed.
create function public.remove_member(member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_target public.members := private.member_of_my_university(member_id, v_me);
begin
  if v_target.id = v_me.id then
    perform private.fail('You cannot remove your own account');
  end if;
  delete from auth.users u where u.id = v_target.id;
end;
$$;

-- Live numbers for the dashboards' cards, shaped for the caller's role.
create function public.dashboard_counts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null then
    perform private.fail('Your account has no access');
  end if;
  if v_me.role = 'admin' then
    return jsonb_build_object(
      'role', 'admin',
      'appointments', (select count(*) from public.appointments a where a.university_id = v_me.university_id),
      'upcoming_appointments', (select count(*) from public.appointments a
                                where a.university_id = v_me.university_id and a.status in ('scheduled', 'ongoing')
                                  and a.date >= now() - interval '1 day'),
      'programs', (select count(*) from public.programs p where p.university_id = v_me.university_id),
      'staff', (select count(*) from public.members m
                where m.university_id = v_me.university_id and m.role in ('admin', 'doctor')),
      'students', (select count(*) from public.members m
                   where m.university_id = v_me.university_id and m.role = 'student'));
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

-- Staff read a student's health profile only here, and every read is recorded; the student reads their own.
create function public.get_health_profile(student_id uuid)
returns setof public.health_profiles
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members;
  v_student public.members;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or not (v_me.role = 'doctor' or v_me.id = get_health_profile.student_id) then
    perform private.fail('Only doctors of the student''s university can read health profiles');
  end if;
  select * into v_student from public.members m
  where m.id = get_health_profile.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if v_me.id <> v_student.id then
    insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
    values (v_me.id, v_me.university_id, 'read', 'health_profiles', v_student.id, '{}'::jsonb);
  end if;
  return query select * from public.health_profiles h where h.student_id = v_student.id;
end;
$$;

-- For /register?join=<code>: shows which university a code belongs to before the student signs up. Name and logo
-- only; unknown codes return no row.
create function public.university_for_join_code(join_code text)
returns table (id uuid, name text, logo_path text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.name, u.logo_path from public.universities u
  where u.join_code = upper(btrim(university_for_join_code.join_code))
$$;

-- Grants: nothing is executable by PUBLIC; each RPC names the roles that may call it.
revoke all on function private.overlap_message(text), private.require_super_admin(), private.check_password_policy(text),
  private.url_encode(text), private.member_of_my_university(uuid, public.members) from public, anon, authenticated;
grant execute on function private.overlap_message(text) to authenticated;

revoke all on function public.book_appointment(timestamptz, text, uuid, integer, text, text, text, integer),
  public.update_appointment(uuid, text, timestamptz, uuid, integer, text), public.set_default_staff_password(text),
  public.invite_staff(text, text), public.set_member_status(uuid, text), public.make_super_admin(uuid),
  public.remove_member(uuid), public.dashboard_counts(), public.get_health_profile(uuid),
  public.university_for_join_code(text) from public, anon;
grant execute on function public.book_appointment(timestamptz, text, uuid, integer, text, text, text, integer),
  public.update_appointment(uuid, text, timestamptz, uuid, integer, text), public.set_default_staff_password(text),
  public.invite_staff(text, text), public.set_member_status(uuid, text), public.make_super_admin(uuid),
  public.remove_member(uuid), public.dashboard_counts(), public.get_health_profile(uuid),
  public.university_for_join_code(text) to authenticated, service_role;
grant execute on function public.university_for_join_code(text) to anon;
