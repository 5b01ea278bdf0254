-- Triggers: sign-up metadata becomes data, auth changes flow into members, appointment rules, and the audit trail.
-- All trigger functions are `security definer set search_path = ''`: they run for the auth service's superuser
-- connection and for API roles alike, and must read rows the caller cannot see.

-- Errors a person can act on. P0001 is what the auth service and PostgREST pass through with the message intact.
create function private.fail(message text, hint text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if hint is null then
    raise exception using errcode = 'P0001', message = message;
  end if;
  raise exception using errcode = 'P0001', message = message, hint = hint;
end;
$$;

create function private.clean_phone(raw text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := nullif(btrim(coalesce(raw, '')), '');
begin
  if v is not null and v !~ '^\+?[0-9][0-9 ()./-]{3,24}$' then
    perform private.fail('Enter a valid phone number (digits, spaces, +, -, parentheses)');
  end if;
  return v;
end;
$$;

-- Join codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L).
create function private.new_join_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  bytes bytea;
  code text;
begin
  loop
    bytes := extensions.gen_random_bytes(8);
    code := '';
    for i in 0..7 loop
      code := code || substr(alphabet, 1 + (get_byte(bytes, i) % length(alphabet)), 1);
    end loop;
    exit when not exists (select 1 from public.universities u where u.join_code = code);
  end loop;
  return code;
end;
$$;

-- sign-up ---------------------------------------------------------------------------------------------------------
-- Reads raw_user_meta_data exactly once. Server-side provisioning (invite_staff, the seed) creates its own member
-- rows and marks the transaction with `campuscare.provisioning = on` so this trigger stands aside.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_kind text := meta ->> 'kind';
  v_email text := lower(btrim(coalesce(new.email, '')));
  v_university_id uuid;
  v_name text;
  v_first text;
  v_last text;
  v_reg text;
  v_department text;
  v_year_json jsonb;
  v_year integer;
  v_phone text;
begin
  if coalesce(current_setting('campuscare.provisioning', true), '') = 'on' then
    return new;
  end if;
  if v_email = '' then
    perform private.fail('An email address is required');
  end if;

  if v_kind = 'university' then
    v_name := btrim(coalesce(meta ->> 'university_name', ''));
    if char_length(v_name) < 2 then
      perform private.fail('Enter the university name');
    elsif char_length(v_name) > 200 then
      perform private.fail('The university name can be at most 200 characters');
    end if;
    v_phone := private.clean_phone(meta ->> 'phone');
    insert into public.universities (name, email, phone, join_code)
    values (v_name, v_email, v_phone, private.new_join_code())
    returning id into v_university_id;
    insert into public.members (id, university_id, role, is_super_admin, first_name, email, phone)
    values (new.id, v_university_id, 'admin', true, v_name, v_email, v_phone);

  elsif v_kind = 'student' then
    select u.id into v_university_id
    from public.universities u
    where u.join_code = upper(btrim(coalesce(meta ->> 'join_code', '')));
    if btrim(coalesce(meta ->> 'join_code', '')) = '' then
      perform private.fail('A join code from your university is required to register as a student');
    elsif v_university_id is null then
      perform private.fail('That join code does not match any university. Check the link your university sent you');
    end if;
    v_first := btrim(coalesce(meta ->> 'first_name', ''));
    v_last := btrim(coalesce(meta ->> 'last_name', ''));
    v_reg := btrim(coalesce(meta ->> 'reg_number', ''));
    v_department := btrim(coalesce(meta ->> 'department', ''));
    if v_first = '' or v_last = '' then
      perform private.fail('Enter your first and last name');
    elsif char_length(v_first) > 100 or char_length(v_last) > 100 then
      perform private.fail('Names can be at most 100 characters');
    elsif v_reg !~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$' then
      perform private.fail('Enter your registration number (2-30 letters, digits, / . _ -)');
    elsif v_department = '' or char_length(v_department) > 100 then
      perform private.fail('Enter your department');
    end if;
    v_year_json := meta -> 'year_of_study';
    if jsonb_typeof(v_year_json) = 'number' and (v_year_json #>> '{}') ~ '^[0-9]+$' then
      v_year := (v_year_json #>> '{}')::integer;
    elsif jsonb_typeof(v_year_json) = 'string' and btrim(v_year_json #>> '{}') ~ '^[0-9]{1,2}$' then
      v_year := btrim(v_year_json #>> '{}')::integer;
    end if;
    if v_year is null or v_year not between 1 and 8 then
      perform private.fail('Year of study must be a whole number from 1 to 8');
    end if;
    v_phone := private.clean_phone(meta ->> 'phone');
    if exists (select 1 from public.members m where m.university_id = v_university_id and m.reg_number = v_reg) then
      perform private.fail('That registration number is already registered at this university');
    end if;
    insert into public.members (id, university_id, role, first_name, last_name, email, phone, reg_number, department, year_of_study)
    values (new.id, v_university_id, 'student', v_first, v_last, v_email, v_phone, v_reg, v_department, v_year);

  else
    perform private.fail('Sign-up must register either a university (kind "university") or a student (kind "student")');
  end if;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- Password and email changes made through the auth service.
create function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.encrypted_password is distinct from old.encrypted_password then
    -- The invited staff member has chosen their own password: the invitation is accepted.
    update public.invitations i set accepted_at = now()
    from public.members m
    where m.id = new.id and m.must_change_password
      and i.university_id = m.university_id and lower(i.email::text) = m.email and i.accepted_at is null;
    update public.members m set must_change_password = false where m.id = new.id and m.must_change_password;
  end if;
  if new.email is distinct from old.email and new.email is not null then
    update public.members m set email = lower(new.email) where m.id = new.id;
  end if;
  return null;
end;
$$;

create trigger on_auth_user_updated
  after update of encrypted_password, email on auth.users
  for each row execute function private.handle_user_updated();

-- members: tidy optional fields so blank form inputs do not collide in the unique keys.
create function private.members_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.title := nullif(btrim(new.title), '');
  new.first_name := btrim(coalesce(new.first_name, ''));
  new.last_name := btrim(coalesce(new.last_name, ''));
  new.phone := nullif(btrim(new.phone), '');
  new.staff_id := nullif(btrim(new.staff_id), '');
  new.position := nullif(btrim(new.position), '');
  new.specialization := nullif(btrim(new.specialization), '');
  new.reg_number := nullif(btrim(new.reg_number), '');
  new.department := nullif(btrim(new.department), '');
  new.avatar_path := nullif(btrim(new.avatar_path), '');
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;
create trigger members_before_write before insert or update on public.members
  for each row execute function private.members_before_write();

create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
create trigger health_profiles_touch before update on public.health_profiles
  for each row execute function private.touch_updated_at();

-- appointments ----------------------------------------------------------------------------------------------------
-- The rules that hold whatever the client does (direct table writes or the RPCs). Requests without a JWT subject
-- (server, seed) are trusted with history: they may record past or finished appointments.
create function private.appointments_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_caller_role public.member_role;
  v_student public.members;
begin
  if v_uid is not null then
    select m.role into v_caller_role from public.members m where m.id = v_uid and m.status = 'active';
  end if;

  if tg_op = 'INSERT' then
    select * into v_student from public.members m where m.id = new.student_id;
    if v_student.id is null or v_student.role <> 'student' or v_student.university_id <> new.university_id then
      perform private.fail('An appointment must belong to a student of the same university');
    end if;
    if v_uid is not null then
      if new.status <> 'scheduled' then
        perform private.fail('A new appointment starts as scheduled');
      end if;
      if new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
  else
    if new.id <> old.id or new.university_id <> old.university_id or new.student_id <> old.student_id
       or new.created_at <> old.created_at then
      perform private.fail('An appointment''s student and university cannot change');
    end if;
    if old.status in ('completed', 'cancelled')
       and (to_jsonb(new) - 'updated_at') is distinct from (to_jsonb(old) - 'updated_at') then
      perform private.fail(format('This appointment is already %s and can no longer change', old.status));
    end if;
    if new.status <> old.status and not (
      (old.status = 'scheduled' and new.status in ('ongoing', 'cancelled'))
      or (old.status = 'ongoing' and new.status in ('completed', 'cancelled'))
    ) then
      perform private.fail(format('An appointment cannot go from %s to %s', old.status, new.status));
    end if;
    if new.date <> old.date or new.duration_minutes <> old.duration_minutes then
      if old.status <> 'scheduled' then
        perform private.fail('Only a scheduled appointment can be rescheduled');
      end if;
      if v_uid is not null and new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif v_uid is not null and new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
    if v_uid is not null then
      if v_caller_role = 'student' then
        if new.provider_id is distinct from old.provider_id or new.name <> old.name or new.department <> old.department
           or new.reg <> old.reg or new.year <> old.year then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
        if new.status <> old.status and new.status <> 'cancelled' then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
      elsif v_caller_role = 'admin' and new.status <> old.status and new.status in ('ongoing', 'completed') then
        perform private.fail('Only a doctor can start or complete an appointment');
      end if;
    end if;
    new.updated_at := now();
  end if;

  if new.status = 'cancelled' and coalesce(btrim(new.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
  end if;
  if new.provider_id is not null and (tg_op = 'INSERT' or new.provider_id is distinct from old.provider_id) then
    if not exists (
      select 1 from public.members d
      where d.id = new.provider_id and d.university_id = new.university_id and d.role = 'doctor' and d.status = 'active'
    ) then
      perform private.fail('Choose an active doctor of this university');
    end if;
  end if;
  return new;
end;
$$;
create trigger appointments_guard before insert or update on public.appointments
  for each row execute function private.appointments_guard();

-- audit -----------------------------------------------------------------------------------------------------------
-- Every write to the sensitive tables. Health profile entries name the changed columns but never their values:
-- super admins read the audit log and must not learn health data from it.
create function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_record_id uuid := coalesce(v_row ->> 'id', v_row ->> 'student_id')::uuid;
  v_university_id uuid := (v_row ->> 'university_id')::uuid;
  v_changed jsonb;
  v_details jsonb;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_array(v_old -> n.key, n.value)) into v_changed
    from jsonb_each(v_new) n
    where n.key <> 'updated_at' and n.value is distinct from v_old -> n.key;
    if v_changed is null then
      return null; -- nothing but updated_at changed
    end if;
  end if;

  if tg_table_name = 'health_profiles' then
    select m.university_id into v_university_id from public.members m where m.id = v_record_id;
    v_details := jsonb_build_object('columns', coalesce(
      (select jsonb_agg(k order by k) from jsonb_object_keys(coalesce(v_changed, v_row)) k
       where k not in ('student_id', 'updated_at')), '[]'::jsonb));
  elsif tg_op = 'INSERT' then
    v_details := jsonb_build_object('new', v_new);
  elsif tg_op = 'UPDATE' then
    v_details := jsonb_build_object('changed', v_changed);
  else
    v_details := jsonb_build_object('old', v_old);
  end if;

  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (auth.uid(), v_university_id, lower(tg_op), tg_table_name, v_record_id, v_details);
  return null;
end;
$$;

create trigger members_audit after insert or update or delete on public.members
  for each row execute function private.audit_row();
create trigger health_profiles_audit after insert or update or delete on public.health_profiles
  for each row execute function private.audit_row();
create trigger appointments_audit after insert or update or delete on public.appointments
  for each row execute function private.audit_row();
create trigger programs_audit after insert or update or delete on public.programs
  for each row execute function private.audit_row();

create function private.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = 'The audit log is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.audit_log_append_only();

revoke all on function private.fail(text, text), private.clean_phone(text), private.new_join_code(),
  private.handle_new_user(), private.handle_user_updated(), private.members_before_write(), private.touch_updated_at(),
  private.appointments_guard(), private.audit_row(), private.audit_log_append_only() from public, anon, authenticated;
-- The security-invoker RPCs raise their messages through it.
grant execute on function private.fail(text, text) to authenticated, service_role;
