-- Security, round 2 (High 2 and the sign-up items): every account and every invitation rests on a proven mailbox.
-- 1. An account exists once its address is proven. A sign-up (university or student) is checked at once but creates
--    its university and member only when the confirmation link is opened (auth.users.email_confirmed_at set); an
--    unconfirmed sign-up holds nothing (no address, registration number or university name), and the auth service
--    replaces it when the address signs up again.
-- 2. Staff invitations create no account. invite_staff records a pending invitation with the hash of a one-time link
--    and emails the link; the invitee opens it, chooses a name and password, and the sign-up that carries the link's
--    token creates the account, its address confirmed (the token reached that mailbox). The default staff password
--    and the accounts it opened are gone.
-- 3. Invitations come from confirmed addresses only, at most 50 a day per university (staff and students together),
--    and answer the same whether or not the address has an account: an existing account is told by email instead,
--    and nothing is created for it.

-- Links -------------------------------------------------------------------------------------------------------------
-- A one-time link's token (256 random bits, URL-safe) and the hash stored for it: a dump of the database holds no
-- working link, as with the auth service's links (server/src/auth/links.ts hashes the same way).
create function private.new_link_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_')
$$;

create function private.link_token_hash(token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(coalesce(token, ''), 'sha256'), 'hex')
$$;
revoke all on function private.new_link_token(), private.link_token_hash(text) from public, anon, authenticated, service_role;

-- Staff invitations --------------------------------------------------------------------------------------------------
-- `token_hash` is the hash of the emailed link while it can still create the account (null once used, replaced, or
-- for an address that already had an account); `expires_at` is when the link stops working.
alter table public.invitations
  add column token_hash text constraint invitations_token_hash_key unique,
  add column expires_at timestamptz;
update public.invitations i set expires_at = least(i.created_at + interval '7 days', case when i.accepted_at is null then now() end);
alter table public.invitations
  alter column expires_at set default now() + interval '7 days',
  alter column expires_at set not null;
create index invitations_university_email_idx on public.invitations (university_id, email, created_at desc);

-- Super admins read their invitations, never the link hashes.
revoke select on public.invitations from authenticated;
grant select (id, university_id, email, role, invited_by, created_at, expires_at, accepted_at) on public.invitations to authenticated;

-- Accounts invited before this migration that never chose their own password: their address was never proven (an
-- inviter could claim anyone's) and their password is the default staff password every colleague knew. Removed as a
-- super admin's remove_member removes an account; their invitations stay, expired, and a super admin invites again.
delete from auth.users u using public.members m where m.id = u.id and m.must_change_password;

-- The default staff password goes with the accounts it opened.
drop function public.set_default_staff_password(text);
drop function private.password_guessability(text, text[]);
drop function private.check_password_policy(text);
drop table private.university_secrets;
alter table public.universities drop column default_staff_password_set_at;

-- Restated whole from 20260113000000_auth_hardening.sql: a staff sign-up's context is the university of its
-- invitation. No university has a default staff password any more; the column stays, always null, for gateways of the
-- previous release that read it during a rolling upgrade.
create or replace function private.password_context(p_user_id uuid, p_user_metadata jsonb)
returns table (words text[], default_staff_password_hash text)
language sql
stable
set search_path = ''
as $$
  with member as (
    select m.university_id, m.first_name, m.last_name from public.members m where m.id = p_user_id
  ), university as (
    select u.id, u.name, u.join_code, u.email from public.universities u
    where u.id = (select m.university_id from member m)
       or (not exists (select 1 from member)
           and (u.join_code = upper(btrim(coalesce(p_user_metadata ->> 'join_code', '')))
                or u.id = (select i.university_id from public.invitations i
                           where i.token_hash = private.link_token_hash(p_user_metadata ->> 'invitation'))))
  )
  select array_remove(array[
           (select u.name from university u),
           (select u.join_code from university u),
           (select u.email from university u),
           p_user_metadata ->> 'university_name',
           coalesce((select m.first_name from member m), p_user_metadata ->> 'first_name'),
           coalesce((select m.last_name from member m), p_user_metadata ->> 'last_name')
         ], null),
         null::text
$$;

-- Sign-up ----------------------------------------------------------------------------------------------------------
-- The one reading of sign-up metadata: checks it and, when `p_create`, creates what it asks for. Run when the user row
-- is inserted (checking only, unless the address is already confirmed) and again when the address is confirmed, so a
-- sign-up is refused at once with a message for people and creates nothing until its mailbox is proven. Kind "staff"
-- carries the token of an invitation link, which is that proof: its account is created at once.
create function private.provision_sign_up(p_user auth.users, p_create boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(p_user.raw_user_meta_data, '{}'::jsonb);
  v_kind text := meta ->> 'kind';
  v_email text := lower(btrim(coalesce(p_user.email, '')));
  v_university_id uuid;
  v_invitation public.invitations;
  v_name text;
  v_first text := btrim(coalesce(meta ->> 'first_name', ''));
  v_last text := btrim(coalesce(meta ->> 'last_name', ''));
  v_reg text;
  v_department text;
  v_year_json jsonb;
  v_year integer;
  v_phone text;
begin
  if v_email = '' then
    perform private.fail('An email address is required');
  end if;
  if v_kind in ('student', 'staff') then
    if v_first = '' or v_last = '' then
      perform private.fail('Enter your first and last name');
    elsif char_length(v_first) > 100 or char_length(v_last) > 100 then
      perform private.fail('Names can be at most 100 characters');
    elsif not (private.is_single_line(v_first) and private.is_single_line(v_last)) then
      perform private.fail('Names must be a single line of text');
    end if;
  end if;

  if v_kind = 'university' then
    v_name := btrim(coalesce(meta ->> 'university_name', ''));
    if char_length(v_name) < 2 then
      perform private.fail('Enter the university name');
    elsif char_length(v_name) > 200 then
      perform private.fail('The university name can be at most 200 characters');
    elsif not private.is_single_line(v_name) then
      perform private.fail('The university name must be a single line of text');
    end if;
    v_phone := private.clean_phone(meta ->> 'phone');
    if p_create then
      insert into public.universities (name, email, phone, join_code)
      values (v_name, v_email, v_phone, private.new_join_code())
      returning id into v_university_id;
      insert into public.members (id, university_id, role, is_super_admin, first_name, email, phone)
      values (p_user.id, v_university_id, 'admin', true, v_name, v_email, v_phone);
    end if;

  elsif v_kind = 'student' then
    select u.id into v_university_id
    from public.universities u
    where u.join_code = upper(btrim(coalesce(meta ->> 'join_code', '')));
    if btrim(coalesce(meta ->> 'join_code', '')) = '' then
      perform private.fail('A join code from your university is required to register as a student');
    elsif v_university_id is null then
      perform private.fail('That join code does not match any university. Check the link your university sent you');
    end if;
    v_reg := btrim(coalesce(meta ->> 'reg_number', ''));
    v_department := btrim(coalesce(meta ->> 'department', ''));
    if v_reg !~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$' then
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
    if p_create then
      insert into public.members (id, university_id, role, first_name, last_name, email, phone, reg_number, department, year_of_study)
      values (p_user.id, v_university_id, 'student', v_first, v_last, v_email, v_phone, v_reg, v_department, v_year);
    end if;

  elsif v_kind = 'staff' then
    -- The link is bound to the address it was sent to: a token opens no other account.
    select * into v_invitation from public.invitations i
    where i.token_hash = private.link_token_hash(meta ->> 'invitation')
      and i.email = v_email::extensions.citext and i.accepted_at is null and i.expires_at > now()
    for update;
    if v_invitation.id is null then
      perform private.fail('This invitation link has expired or has already been used. Ask your university to invite you again');
    end if;
    v_phone := private.clean_phone(meta ->> 'phone');
    if p_create then
      insert into public.members (id, university_id, role, first_name, last_name, email, phone)
      values (p_user.id, v_invitation.university_id, v_invitation.role, v_first, v_last, v_email, v_phone);
      update public.invitations i set accepted_at = now(), token_hash = null where i.id = v_invitation.id;
    end if;

  else
    perform private.fail('Sign-up must register a university (kind "university"), a student (kind "student") or accept a staff invitation (kind "staff")');
  end if;
end;
$$;
revoke all on function private.provision_sign_up(auth.users, boolean) from public, anon, authenticated, service_role;

-- Restated whole from 20260101000200_triggers.sql. Server-side provisioning (the seed) creates its own member rows and
-- marks the transaction with `campuscare.provisioning = on` so this trigger stands aside.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('campuscare.provisioning', true), '') = 'on' then
    return new;
  end if;
  if new.raw_user_meta_data ->> 'kind' = 'staff' then
    perform private.provision_sign_up(new, true);
    -- The token is spent and proved the mailbox: the address is confirmed, and the token leaves the metadata, which
    -- every access token carries.
    update auth.users u
    set email_confirmed_at = coalesce(u.email_confirmed_at, now()), raw_user_meta_data = u.raw_user_meta_data - 'invitation'
    where u.id = new.id;
  else
    perform private.provision_sign_up(new, new.email_confirmed_at is not null);
  end if;
  return new;
end;
$$;

-- Restated whole from 20260101000200_triggers.sql. Invitations are accepted when their account is created, no longer
-- when an invited member first changes the default password; `must_change_password` is now only what an operator sets
-- to make a member choose a new password (after a leak, say), and a new password clears it. A confirmed address
-- creates what its sign-up asked for.
create or replace function private.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.encrypted_password is distinct from old.encrypted_password then
    update public.members m set must_change_password = false where m.id = new.id and m.must_change_password;
  end if;
  if new.email is distinct from old.email and new.email is not null then
    update public.members m set email = lower(new.email) where m.id = new.id;
  end if;
  if old.email_confirmed_at is null and new.email_confirmed_at is not null
     and coalesce(current_setting('campuscare.provisioning', true), '') <> 'on'
     and not exists (select 1 from public.members m where m.id = new.id) then
    perform private.provision_sign_up(new, true);
  end if;
  return null;
end;
$$;

drop trigger on_auth_user_updated on auth.users;
create trigger on_auth_user_updated
  after update of encrypted_password, email, email_confirmed_at on auth.users
  for each row execute function private.handle_user_updated();

-- Invitations --------------------------------------------------------------------------------------------------------
-- Invitations are mail a university sends in CampusCare's name: only from a confirmed address, counted per university
-- (staff and students together, those that went through), one address at a time.
create function private.invitation_limits()
returns table (per_day integer, same_email_interval interval)
language sql
immutable
set search_path = ''
as $$ select 50, interval '10 minutes' $$;
drop function private.student_invitation_limits();

-- Refuses the invitation `p_me` is about to send to `p_email` unless their address is confirmed and their university
-- is within its limits. One invitation at a time per university, so the counts cannot be raced past.
create function private.admit_invitation(p_me public.members, p_email text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_limits record;
begin
  if not exists (select 1 from auth.users u where u.id = p_me.id and u.email_confirmed_at is not null) then
    perform private.fail('Confirm your email address before sending invitations: open the link in the email we sent you when you registered');
  end if;
  if p_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(p_email) > 255 then
    perform private.fail('Enter a valid email address');
  end if;
  select * into v_limits from private.invitation_limits();
  perform pg_advisory_xact_lock(hashtextextended('invitations:' || p_me.university_id::text, 0));
  if exists (select 1 from public.invitations i
             where i.university_id = p_me.university_id and i.email = p_email::extensions.citext
               and i.created_at > now() - v_limits.same_email_interval)
     or exists (select 1 from private.student_invitations i
                where i.university_id = p_me.university_id and i.email = p_email::extensions.citext
                  and i.created_at > now() - v_limits.same_email_interval) then
    perform private.fail('That address was invited a few minutes ago; wait before sending again');
  end if;
  if (select count(*) from public.invitations i
      where i.university_id = p_me.university_id and i.created_at > now() - interval '1 day')
     + (select count(*) from private.student_invitations i
        where i.university_id = p_me.university_id and i.created_at > now() - interval '1 day') >= v_limits.per_day then
    perform private.fail(format('Your university has sent %s invitations in the last 24 hours, the most allowed; try again tomorrow', v_limits.per_day));
  end if;
end;
$$;
revoke all on function private.invitation_limits(), private.admit_invitation(public.members, text) from public, anon, authenticated, service_role;

-- Whether the address belongs to an account (a confirmed one: an unconfirmed sign-up is no account), and where its
-- owner signs in.
create function private.existing_account_sign_in(p_email text)
returns text
language sql
stable
set search_path = ''
as $$
  select private.site_url() || case when m.role in ('admin', 'doctor') then '/adminsignin' else '/signin' end
  from auth.users u left join public.members m on m.id = u.id
  where lower(u.email) = p_email and u.email_confirmed_at is not null
$$;
revoke all on function private.existing_account_sign_in(text) from public, anon, authenticated, service_role;

-- Restated whole from 20260111000000_deployment_settings.sql. Records a pending invitation and emails its one-time
-- link (/register?invitation=<token>), which only the mailbox sees: the answer carries no link, so the inviter cannot
-- open the account in the invitee's name. An address that already has an account gets an email saying so, and an
-- invitation without a link: the same answer and the same work, so nobody learns which addresses have accounts.
create or replace function public.invite_staff(email text, role text default 'doctor')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_email text := lower(btrim(coalesce(invite_staff.email, '')));
  v_token text := private.new_link_token();
  v_account_sign_in text;
  v_university public.universities;
  v_invitation public.invitations;
  v_role_phrase text;
begin
  if invite_staff.role is null or invite_staff.role not in ('doctor', 'admin') then
    perform private.fail('Staff can be invited as doctor or admin');
  end if;
  perform private.admit_invitation(v_me, v_email);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_account_sign_in := private.existing_account_sign_in(v_email);
  v_role_phrase := case when invite_staff.role = 'admin' then 'an admin' else 'a doctor' end;

  -- A newer invitation replaces the address's pending ones here.
  update public.invitations i set token_hash = null
  where i.university_id = v_me.university_id and i.email = v_email::extensions.citext and i.token_hash is not null;
  insert into public.invitations (university_id, email, role, invited_by, token_hash)
  values (v_me.university_id, v_email, invite_staff.role::public.member_role, v_me.id,
          case when v_account_sign_in is null then private.link_token_hash(v_token) end)
  returning * into v_invitation;

  insert into public.email_outbox (to_email, subject, body)
  values (
    v_email,
    format('You have been invited to %s on CampusCare', v_university.name),
    case when v_account_sign_in is null then
      format(E'Hello,\n\n%s has invited you to CampusCare as %s.\n\nTo accept, open this link and choose your password '
             'by %s: %s\n\nThe link works once, and only for this address. If you did not expect this invitation, '
             'you can ignore this email: no account is made without the link.\n',
             v_university.name, v_role_phrase, private.clinic_local_time(v_me.university_id, v_invitation.expires_at),
             private.site_url() || '/register?invitation=' || v_token)
    else
      format(E'Hello,\n\n%s has invited you to CampusCare as %s, but this address already has a CampusCare account, '
             'so no new account was made. You can sign in with it here: %s\n\nAn address belongs to one account: to '
             'join %s as well, ask them to invite another address. If you did not expect this invitation, you can '
             'ignore this email.\n',
             v_university.name, v_role_phrase, v_account_sign_in, v_university.name)
    end
  );
  return jsonb_build_object('id', v_invitation.id, 'email', v_email, 'role', v_invitation.role, 'expires_at', v_invitation.expires_at);
end;
$$;

-- Restated whole from 20260111000000_deployment_settings.sql: the limits are shared with staff invitations and an
-- address that already has an account (here or elsewhere) is told so by email instead of getting the join link, with
-- the same answer to the inviter.
create or replace function public.invite_student(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members;
  v_email text := lower(btrim(coalesce(invite_student.email, '')));
  v_account_sign_in text;
  v_university public.universities;
  v_link text;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only a university administrator can invite students');
  end if;
  perform private.admit_invitation(v_me, v_email);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_account_sign_in := private.existing_account_sign_in(v_email);
  v_link := private.site_url() || '/register?join=' || private.url_encode(v_university.join_code);

  insert into private.student_invitations (university_id, email, invited_by) values (v_me.university_id, v_email, v_me.id);
  insert into public.email_outbox (to_email, subject, body)
  values (
    v_email,
    format('Join %s on CampusCare', v_university.name),
    case when v_account_sign_in is null then
      format(E'Hello,\n\n%s invites you to CampusCare, where you can book appointments with the university clinic '
             'and keep your health questionnaire up to date.\n\nCreate your student account here: %s\n\n'
             'If you did not expect this invitation, you can ignore this email.\n',
             v_university.name, v_link)
    else
      format(E'Hello,\n\n%s invites you to CampusCare, but this address already has a CampusCare account, so you '
             'need not register again. You can sign in with it here: %s\n\nIf you did not expect this invitation, '
             'you can ignore this email.\n',
             v_university.name, v_account_sign_in)
    end
  );
  return jsonb_build_object('email', v_email, 'link', v_link);
end;
$$;

-- What the page an invitation link opens shows before the invitee chooses a password: the university, the role and
-- the address the link was sent to. Only for a link that still works; whoever holds the token could accept it anyway.
create function public.staff_invitation(token text)
returns table (university_name text, email text, role public.member_role, expires_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select u.name, i.email::text, i.role, i.expires_at
  from public.invitations i join public.universities u on u.id = i.university_id
  where i.token_hash = private.link_token_hash(staff_invitation.token) and i.accepted_at is null and i.expires_at > now()
$$;
revoke all on function public.staff_invitation(text) from public;
grant execute on function public.staff_invitation(text) to anon, authenticated, service_role;

-- Audit ------------------------------------------------------------------------------------------------------------
-- Restated whole from 20260108000100_audit_view.sql: a link's hash is never copied into the trail (a change of it
-- alone, such as a replaced invitation, writes no entry), and the default staff password's branch is gone with it.
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_record_id uuid;
  v_university_id uuid := (v_row ->> 'university_id')::uuid;
  v_changed jsonb;
  v_details jsonb;
begin
  if tg_table_name = 'universities' then
    v_university_id := (v_row ->> 'id')::uuid;
  end if;
  if tg_table_name <> 'student_invitations' then
    v_record_id := coalesce(v_row ->> 'id', v_row ->> 'student_id')::uuid;
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_array(v_old -> n.key, n.value)) into v_changed
    from jsonb_each(v_new) n
    where n.key <> 'updated_at' and n.value is distinct from v_old -> n.key;
    if v_changed is null then
      return null; -- nothing but updated_at (or a link hash) changed
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
