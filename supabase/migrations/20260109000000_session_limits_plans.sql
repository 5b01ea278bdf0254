-- The request gate runs on every REST and storage request, and it asked private.session_expiry() (and through it
-- private.session_limits()) whether the caller's session is over. Both were SQL functions that cannot be inlined
-- (security definer), and such a function's query is planned again on every call: ~300 µs of database time per API
-- request, measured by `npm run bench:api`. As PL/pgSQL the same queries keep their plans for the connection's life.
-- Same signatures, results, owners and grants.

create or replace function private.session_limits(p_session uuid)
returns table (idle_minutes integer, last_active_at timestamptz, idle_ends_at timestamptz, ends_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
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
end;
$$;

create or replace function private.session_expiry(p_session uuid)
returns table (reason text, idle_minutes integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select case when now() >= l.ends_at then 'lifetime' else 'idle' end, l.idle_minutes
  from private.session_limits(p_session) l
  where now() >= l.ends_at or now() >= l.idle_ends_at;
end;
$$;
