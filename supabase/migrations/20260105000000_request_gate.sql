-- Two account rules that must hold whatever the client does:
-- 1. A signed-out, revoked or replaced session ends at once, not when its access token expires: every API request's
--    `session_id` must still be in auth.sessions. PostgREST calls gate.check_request() before each request
--    (db-pre-request); the storage service calls the same function inside its own transactions.
-- 2. An invited staff member who still has the shared default password (must_change_password) may only read their own
--    member row and change the password (through the auth service). The RLS helpers give such an account no
--    university and no role, so every policy refuses it; the request gate refuses writes and RPCs with a message
--    that says why.

-- The caller's member row while it is active and its password is its own; no row for anyone else.
create or replace function private.current_member()
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select m from public.members m
    where m.id = (select auth.uid()) and m.status = 'active' and not m.must_change_password
  );
end;
$$;

-- The functions that decide on staff management, health records and the dashboard read the caller the same way, so
-- they refuse such an account even without the request gate (restated whole, unchanged but for that lookup).
-- invite_student keeps its own lookup: it is for admins only, and the gate refuses every RPC of such an account.
create or replace function private.require_super_admin()
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or not v_me.is_super_admin then
    perform private.fail('Only a super admin can do this');
  end if;
  return v_me;
end;
$$;

create or replace function public.get_health_profile(student_id uuid)
returns setof public.health_profiles
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
begin
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
                   where t.university_id = v_me.university_id and t.subject = 'students'));
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

-- The shell reads its own row to know where to send the account (the password page, a deactivation notice).
create policy members_select_self on public.members for select to authenticated
  using (id = (select auth.uid()) and status = 'active');

-- Its own schema: PostgREST runs the pre-request function as the request's role, anon included, and anon must not
-- be given the `private` schema, whose trigger functions are executable by PUBLIC.
create schema gate;
revoke all on schema gate from public;
grant usage on schema gate to anon, authenticated, service_role;

create function gate.check_request()
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
  ) then
    raise sqlstate 'PT401' using message = 'Your session has ended. Please sign in again.';
  end if;

  select m.must_change_password into v_must_change from public.members m where m.id = v_user::uuid;
  if coalesce(v_must_change, false)
     and not (
       current_setting('request.method', true) in ('GET', 'HEAD')
       and current_setting('request.path', true) !~ '^/rpc/'
     ) then
    raise sqlstate 'PT403' using
      message = 'Change your password before you continue.',
      hint = 'Your account still has the default staff password.';
  end if;
end;
$$;
revoke all on function gate.check_request() from public;
grant execute on function gate.check_request() to anon, authenticated, service_role;

-- Hosted Supabase's PostgREST reads its pre-request function from this role setting, which the project's `postgres`
-- may write (supautils allows it `pgrst.*`). Since PostgreSQL 15 a database owner without superuser (RDS, Cloud SQL,
-- Azure) may not: there it is skipped, and CampusCare's gateways give their PostgREST the function in its own
-- configuration instead. (This block was a bare `alter role` when first released; databases that ran it keep the
-- setting, and every database where the statement is allowed still gets it.)
do $$
begin
  alter role authenticator set pgrst.db_pre_request = 'gate.check_request';
exception when insufficient_privilege then
  raise warning 'pgrst.db_pre_request not set: give PostgREST db-pre-request = gate.check_request in its config';
end
$$;
notify pgrst, 'reload config';
