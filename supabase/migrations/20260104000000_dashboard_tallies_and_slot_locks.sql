-- Dashboard numbers at university scale (bench/results/latest.md). An admin's dashboard counted every
-- appointment and every member of the university on each call: with a million appointments and a hundred thousand
-- students that was ~70 ms of database time per call, ~28 calls a second at most. The totals now come from counters
-- that triggers keep in step with the tables, in the same transaction, so they are exact and cost a few index reads.

-- A counter is split into shards by database session: concurrent bookings through PostgREST's pool update different
-- rows instead of queueing on one, and a total is the sum of at most 16 rows. No foreign key to universities: deleting
-- a university cascades into its appointments and members, whose triggers still write here; the recount below (and
-- any later one) drops rows of universities that no longer exist.
create table private.dashboard_tallies (
  university_id uuid not null,
  subject text not null check (subject in ('appointments', 'students', 'staff')),
  shard smallint not null check (shard between 0 and 15),
  n bigint not null,
  primary key (university_id, subject, shard)
);
alter table private.dashboard_tallies enable row level security;
revoke all on private.dashboard_tallies from public, anon, authenticated, service_role;

-- Adds (university, subject, delta) triples to this session's shard. Counters are written in key order so two
-- statements that touch several counters always lock them in the same order.
create function private.add_to_dashboard_tallies(university_ids uuid[], subjects text[], deltas bigint[])
returns void
language sql
set search_path = ''
as $$
  insert into private.dashboard_tallies as t (university_id, subject, shard, n)
  select d.university_id, d.subject, (pg_catalog.pg_backend_pid() % 16)::smallint, sum(d.delta)
  from unnest(university_ids, subjects, deltas) as d(university_id, subject, delta)
  group by d.university_id, d.subject
  having sum(d.delta) <> 0
  order by d.university_id, d.subject
  on conflict (university_id, subject, shard) do update set n = t.n + excluded.n
$$;

create function private.member_tally_subject(role public.member_role)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when role = 'student' then 'students' else 'staff' end
$$;

-- Statement-level triggers with transition tables: a bulk insert or a cascading delete costs one counter update per
-- university, not one per row. SECURITY DEFINER because the counters are out of every API role's reach; trigger
-- functions cannot be called directly, and they only count rows the statement was already allowed to write.
create function private.tally_appointments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.add_to_dashboard_tallies(array_agg(g.university_id), array_agg('appointments'::text), array_agg(g.n))
    from (select r.university_id, count(*) as n from new_rows r group by r.university_id) g;
  else
    perform private.add_to_dashboard_tallies(array_agg(g.university_id), array_agg('appointments'::text), array_agg(-g.n))
    from (select r.university_id, count(*) as n from old_rows r group by r.university_id) g;
  end if;
  return null;
end;
$$;
create trigger appointments_tally_insert after insert on public.appointments
  referencing new table as new_rows for each statement execute function private.tally_appointments();
create trigger appointments_tally_delete after delete on public.appointments
  referencing old table as old_rows for each statement execute function private.tally_appointments();

-- An update counts its rows out of their old (university, subject) and into the new one, in one call so the
-- counters are locked in key order. (Triggers with transition tables cannot name columns, so every member update
-- runs this; a profile edit nets to zero and writes nothing.)
create function private.tally_members()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_university_ids uuid[] := '{}';
  v_subjects text[] := '{}';
  v_deltas bigint[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select v_university_ids || array_agg(g.university_id), v_subjects || array_agg(g.subject), v_deltas || array_agg(-g.n)
    into v_university_ids, v_subjects, v_deltas
    from (select r.university_id, private.member_tally_subject(r.role) as subject, count(*) as n
          from old_rows r group by 1, 2) g;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select v_university_ids || array_agg(g.university_id), v_subjects || array_agg(g.subject), v_deltas || array_agg(g.n)
    into v_university_ids, v_subjects, v_deltas
    from (select r.university_id, private.member_tally_subject(r.role) as subject, count(*) as n
          from new_rows r group by 1, 2) g;
  end if;
  perform private.add_to_dashboard_tallies(v_university_ids, v_subjects, v_deltas);
  return null;
end;
$$;
create trigger members_tally_insert after insert on public.members
  referencing new table as new_rows for each statement execute function private.tally_members();
create trigger members_tally_update after update on public.members
  referencing old table as old_rows new table as new_rows for each statement execute function private.tally_members();
create trigger members_tally_delete after delete on public.members
  referencing old table as old_rows for each statement execute function private.tally_members();

-- Rebuilds every counter from the tables. For loads that bypass triggers (bench/api/data.ts runs it after its bulk
-- load) and for this migration; it locks both tables against writes while it counts, so the result is exact.
create function private.recount_dashboard_tallies()
returns void
language plpgsql
set search_path = ''
as $$
begin
  lock table public.appointments, public.members in share mode;
  delete from private.dashboard_tallies;
  insert into private.dashboard_tallies (university_id, subject, shard, n)
  select a.university_id, 'appointments', 0, count(*) from public.appointments a group by a.university_id
  union all
  select m.university_id, private.member_tally_subject(m.role), 0, count(*)
  from public.members m group by 1, 2;
end;
$$;
select private.recount_dashboard_tallies();

revoke all on function private.add_to_dashboard_tallies(uuid[], text[], bigint[]),
  private.member_tally_subject(public.member_role), private.tally_appointments(), private.tally_members(),
  private.recount_dashboard_tallies() from public, anon, authenticated, service_role;

-- Bookings that could overlap now queue here instead of racing into the exclusion constraints. Two transactions
-- inserting conflicting rows at the same moment could each wait for the other inside the constraint check, and
-- PostgreSQL then aborted one with "deadlock detected" (after a second) instead of the overlap message; the counters
-- above lengthen a booking's transaction and made that visible (supabase/tests/concurrency.test.ts). A transaction
-- that may take a slot first locks its student, then its doctor, always in that order, until it ends; a booking
-- that conflicts with it then waits for the end and sees a committed row: the overlap message, at once.
create function private.lock_appointment_slot()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('scheduled', 'ongoing')
     and (tg_op = 'INSERT' or new.date <> old.date or new.duration_minutes <> old.duration_minutes
          or new.provider_id is distinct from old.provider_id) then
    perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(new.student_id::text));
    if new.provider_id is not null then
      perform pg_catalog.pg_advisory_xact_lock(2, pg_catalog.hashtext(new.provider_id::text));
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.lock_appointment_slot() from public, anon, authenticated, service_role;
-- Named to run after appointments_guard (BEFORE triggers run in name order), so refused rows take no lock.
create trigger appointments_slot_lock before insert or update on public.appointments
  for each row execute function private.lock_appointment_slot();

-- The admin's totals from the counters. (Admins no longer get "upcoming_appointments": no screen shows it, and at this
-- size it was a count over every active appointment of the university on each call.)
create or replace function public.dashboard_counts()
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
