-- Idle logoff and an absolute session lifetime. A session ends after its idle limit without
-- activity — staff (doctors and admins): the university's clinic_settings.staff_idle_minutes (5–60, default 15);
-- students: 60 — and 12 hours after sign-in whatever happens. The browser's timer warns and signs out; the database
-- enforces: the request gate refuses the session's REST and storage requests, and the auth service refuses its
-- refresh and deletes it (private.session_expiry decides for both).
--
-- Activity is what the browser reports through touch_session(): the shell calls it, at most once a minute, when the
-- person pointed, typed, scrolled or focused the page, and when they press "Stay signed in". Counting API requests
-- instead would need every background request (the profile re-check every minute, refetches on focus, token
-- refreshes) tagged and trusted to say so, and GET requests run in read-only transactions where the gate cannot
-- write. Either way a client that wants to keep its session alive can, so reporting explicitly loses nothing.
-- Activity lives in its own table: hosted Supabase allows no changes to the auth schema.

alter table public.clinic_settings
  add column staff_idle_minutes integer not null default 15
    constraint clinic_settings_staff_idle_range check (staff_idle_minutes between 5 and 60);
grant update (staff_idle_minutes) on public.clinic_settings to authenticated;

create table private.session_activity (
  session_id uuid primary key references auth.sessions (id) on delete cascade,
  last_active_at timestamptz not null
);
alter table private.session_activity enable row level security;
revoke all on private.session_activity from public, anon, authenticated, service_role;

-- How long a session may stay unused and when it ends; null when the session does not exist. A session nobody has
-- reported activity on yet was last active when it was created (the sign-in).
create function private.session_limits(p_session uuid)
returns table (idle_minutes integer, last_active_at timestamptz, idle_ends_at timestamptz, ends_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select l.idle_minutes, l.last_active_at,
         l.last_active_at + make_interval(mins => l.idle_minutes),
         least(s.created_at + interval '12 hours', s.not_after)
  from auth.sessions s
  left join private.session_activity a on a.session_id = s.id
  left join public.members m on m.id = s.user_id
  left join public.clinic_settings c on c.university_id = m.university_id
  cross join lateral (
    select case when m.role in ('doctor', 'admin') then coalesce(c.staff_idle_minutes, 15) else 60 end as idle_minutes,
           coalesce(a.last_active_at, s.created_at) as last_active_at
  ) l
  where s.id = p_session;
$$;

-- Why a session is over ('idle' or 'lifetime'), with the idle limit that applied; no row while it is live or gone.
create function private.session_expiry(p_session uuid)
returns table (reason text, idle_minutes integer)
language sql
stable
security definer
set search_path = ''
as $$
  select case when now() >= l.ends_at then 'lifetime' else 'idle' end, l.idle_minutes
  from private.session_limits(p_session) l
  where now() >= l.ends_at or now() >= l.idle_ends_at;
$$;
revoke all on function private.session_limits(uuid), private.session_expiry(uuid) from public, anon, authenticated, service_role;

-- The caller's session from the access token, or a refusal that reads like the gate's.
create function private.current_session()
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  v_session text := (select auth.jwt()) ->> 'session_id';
begin
  if v_session is null or v_session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise sqlstate 'PT401' using message = 'Your session has ended. Please sign in again.';
  end if;
  return v_session::uuid;
end;
$$;
revoke all on function private.current_session() from public, anon, authenticated, service_role;

-- What the shell's idle timer works from: the limit that applies to this member (never a value the browser holds)
-- and how long this session has left, counting activity reported from any of the browser's tabs.
create function public.session_status()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_limits record;
begin
  select * into v_limits from private.session_limits(private.current_session());
  return jsonb_build_object(
    'idle_minutes', v_limits.idle_minutes,
    'idle_seconds_left', greatest(0, floor(extract(epoch from v_limits.idle_ends_at - now())))::integer,
    'ends_at', v_limits.ends_at);
end;
$$;

-- The person is here: the session counts as active from now. The request gate has already refused a session that
-- ended, so this never revives one.
create function public.touch_session()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_session uuid := private.current_session();
begin
  insert into private.session_activity (session_id, last_active_at)
  select s.id, now() from auth.sessions s where s.id = v_session
  on conflict (session_id) do update set last_active_at = excluded.last_active_at;
  return public.session_status();
end;
$$;
revoke all on function public.session_status(), public.touch_session() from public, anon;
grant execute on function public.session_status(), public.touch_session() to authenticated;

-- The request gate (20260105000000_request_gate.sql), restated whole: it now also ends sessions past their idle
-- limit or lifetime, and lets an account that must change its password still report activity and read its limits
-- (the password page is a page like any other for the idle timer).
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
  if coalesce(v_must_change, false)
     and not (
       current_setting('request.method', true) in ('GET', 'HEAD')
       and current_setting('request.path', true) !~ '^/rpc/'
     )
     and current_setting('request.path', true) not in ('/rpc/session_status', '/rpc/touch_session') then
    raise sqlstate 'PT403' using
      message = 'Change your password before you continue.',
      hint = 'Your account still has the default staff password.';
  end if;
end;
$$;
