-- Security, round 2: what the database decides about requests and passwords.
-- 1. The request gate judges the path PostgREST routes by. PostgREST gives it the raw path (`request.path`) but routes
--    by the percent-decoded one, so /r%70c/dashboard_counts reached a function while the gate saw no /rpc/ in it.
-- 2. Passwords must not be built on what an attacker knows of the account (NIST SP 800-63B 5.1.1.2): the auth service
--    asks private.password_context for that, and the default staff password, which never passes through the auth
--    service, is checked here against the same kind of context, sequences and repeats.

-- The request path as PostgREST routes it: percent-decoded, repeatedly, so that a doubly encoded path (%2570) cannot
-- pass for something else either. Bytes outside ASCII stay escaped (\ooo): only ASCII names are compared.
create function gate.routed_path()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_path text := coalesce(current_setting('request.path', true), '');
  v_decoded text;
begin
  loop
    select coalesce(string_agg(
             case when t.part ~ '^%[0-9A-Fa-f]{2}$' then encode(decode(substr(t.part, 2), 'hex'), 'escape') else t.part end,
             '' order by t.n), '')
      into v_decoded
      from regexp_matches(v_path, '%[0-9A-Fa-f]{2}|[^%]+|%', 'g') with ordinality as m(parts, n)
      cross join lateral (select m.parts[1] as part, m.n) t;
    exit when v_decoded = v_path;
    v_path := v_decoded;
  end loop;
  return v_path;
end;
$$;
revoke all on function gate.routed_path() from public;

-- Restated whole from 20260108000200_session_limits.sql; only the default-password rule changed: it reads the routed
-- path, takes any path whose first segment is rpc (in any case, after any number of slashes) for a function call, and
-- lets through only the two functions the password page needs, named exactly.
create or replace function gate.check_request()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
  v_session text := v_claims ->> 'session_id';
  v_user text := v_claims ->> 'sub';
  v_must_change boolean;
  v_path text;
begin
  -- The anon and service keys carry no session; only user tokens are tied to one.
  if v_claims ->> 'role' is distinct from 'authenticated' then
    return;
  end if;
  if v_session is null or v_user is null
     or v_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or v_user !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise sqlstate 'PT401' using message = 'Your session has ended. Please sign in again.';
  end if;
  if not exists (
    select 1 from auth.sessions s
    where s.id = v_session::uuid and s.user_id = v_user::uuid and (s.not_after is null or s.not_after > now())
  ) or exists (select 1 from private.session_expiry(v_session::uuid)) then
    raise sqlstate 'PT401' using message = 'Your session has ended. Please sign in again.';
  end if;

  select m.must_change_password into v_must_change from public.members m where m.id = v_user::uuid;
  if coalesce(v_must_change, false) then
    v_path := gate.routed_path();
    if not (
         (current_setting('request.method', true) in ('GET', 'HEAD') and v_path !~* '^/*rpc(/|$)')
         or v_path in ('/rpc/session_status', '/rpc/touch_session')
       ) then
      raise sqlstate 'PT403' using
        message = 'Change your password before you continue.',
        hint = 'Your account still has the default staff password.';
    end if;
  end if;
end;
$$;

-- Why a password is easy to guess where it is used, for people, or null: a word of its context (whole, or any word of
-- four or more letters in it), a run of four sequential letters or digits (abcd, 4321), or a repeat (aaaa, ababab).
create function private.password_guessability(password text, context text[])
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_folded text := lower(password);
  v_word text;
  v_step integer;
  v_repeat text := substring(lower(password) from '((.)\2{3}|(.{2,4})\3\3)');
  i integer;
begin
  for v_word in
    select w.word from unnest(context) as c(phrase)
    cross join lateral (
      select regexp_replace(lower(c.phrase), '[^[:alnum:]]+', '', 'g') as word
      union
      select p.part from regexp_split_to_table(lower(c.phrase), '[^[:alnum:]]+') as p(part)
    ) w
    where char_length(w.word) >= 4
  loop
    if strpos(v_folded, v_word) > 0 then
      return format('"%s" is the name of CampusCare, of the university or its join code, the first words anyone tries',
                    substr(password, strpos(v_folded, v_word), char_length(v_word)));
    end if;
  end loop;
  for i in 1 .. char_length(v_folded) - 3 loop
    v_step := ascii(substr(v_folded, i + 1, 1)) - ascii(substr(v_folded, i, 1));
    if v_step in (1, -1)
       and ascii(substr(v_folded, i + 2, 1)) - ascii(substr(v_folded, i + 1, 1)) = v_step
       and ascii(substr(v_folded, i + 3, 1)) - ascii(substr(v_folded, i + 2, 1)) = v_step
       and (substr(v_folded, i, 4) ~ '^[a-z]{4}$' or substr(v_folded, i, 4) ~ '^[0-9]{4}$') then
      return format('"%s" is a sequence', substr(password, i, 4));
    end if;
  end loop;
  if v_repeat is not null then
    return format('"%s" repeats itself', substr(password, strpos(v_folded, v_repeat), char_length(v_repeat)));
  end if;
  return null;
end;
$$;
revoke all on function private.password_guessability(text, text[]) from public, anon, authenticated, service_role;

-- Restated whole from 20260101000300_rpcs.sql with the guessability check added.
create or replace function public.set_default_staff_password(password text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_university public.universities;
  v_guessable text;
begin
  perform private.check_password_policy(password);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_guessable := private.password_guessability(password, array['CampusCare', v_university.name, v_university.join_code, v_university.email]);
  if v_guessable is not null then
    perform private.fail(format('This password is too easy to guess: %s. Choose something longer and less predictable: '
                                'a few unrelated words with a capital letter and a digit.', v_guessable));
  end if;
  insert into private.university_secrets as s (university_id, default_staff_password_hash)
  values (v_me.university_id, extensions.crypt(password, extensions.gen_salt('bf', 10)))
  on conflict (university_id) do update
    set default_staff_password_hash = excluded.default_staff_password_hash, updated_at = now();
  update public.universities u set default_staff_password_set_at = now() where u.id = v_me.university_id;
end;
$$;

-- What the auth service's password check must know of an account (server/src/auth/password-context.ts): the words
-- around it (its university's name, join code and address, the person's name) and the university's default staff
-- password, as its bcrypt hash. An account is found by id; one signing up, by its sign-up metadata (the join code of
-- the university it joins, or the name of the one it registers). Called by the auth service as the database owner.
create function private.password_context(p_user_id uuid, p_user_metadata jsonb)
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
           and u.join_code = upper(btrim(coalesce(p_user_metadata ->> 'join_code', ''))))
  )
  select array_remove(array[
           (select u.name from university u),
           (select u.join_code from university u),
           (select u.email from university u),
           p_user_metadata ->> 'university_name',
           coalesce((select m.first_name from member m), p_user_metadata ->> 'first_name'),
           coalesce((select m.last_name from member m), p_user_metadata ->> 'last_name')
         ], null),
         (select s.default_staff_password_hash from private.university_secrets s
          where s.university_id = (select u.id from university u))
$$;
revoke all on function private.password_context(uuid, jsonb) from public, anon, authenticated, service_role;
