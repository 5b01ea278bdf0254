-- The admins' compliance counts without reading every standing: counting the standings of a university of 100,000
-- students (a quarter of a million with four requirements) took a quarter of a second per request. private.immunization_tallies keeps, per requirement,
-- state and due date, how many standings there are, changed by a statement-level trigger on the standings in the
-- same transaction (so the counts are committed data, like the standings); immunization_compliance() then adds up a
-- few rows per requirement, splitting open ones into due and overdue by today's date on the clinic's calendar.

create table private.immunization_tallies (
  requirement_id uuid not null references public.immunization_requirements (id) on delete cascade,
  state text not null,
  due_on date not null,
  students bigint not null,
  primary key (requirement_id, state, due_on)
);

comment on table private.immunization_tallies is
  'How many private.immunization_standings there are per requirement, state and due date; kept by a trigger on them.';
alter table private.immunization_tallies enable row level security;
revoke all on private.immunization_tallies from public, anon, authenticated, service_role;

-- One statement's changes to the standings, added to the tallies. Keys are taken in order, so transactions that count
-- the same keys queue rather than deadlock. A requirement deleted by the statement (its standings go with it) is
-- left out: its tallies went too.
create function private.tally_immunization_standings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.immunization_tallies as t (requirement_id, state, due_on, students)
    select n.requirement_id, n.state, n.due_on, count(*) from new_rows n
    where exists (select 1 from public.immunization_requirements r where r.id = n.requirement_id)
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (requirement_id, state, due_on) do update set students = t.students + excluded.students;
  elsif tg_op = 'DELETE' then
    insert into private.immunization_tallies as t (requirement_id, state, due_on, students)
    select o.requirement_id, o.state, o.due_on, -count(*) from old_rows o
    where exists (select 1 from public.immunization_requirements r where r.id = o.requirement_id)
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (requirement_id, state, due_on) do update set students = t.students + excluded.students;
  else
    insert into private.immunization_tallies as t (requirement_id, state, due_on, students)
    select d.requirement_id, d.state, d.due_on, sum(d.delta)
    from (select n.requirement_id, n.state, n.due_on, 1 as delta from new_rows n
          union all
          select o.requirement_id, o.state, o.due_on, -1 from old_rows o) d
    where exists (select 1 from public.immunization_requirements r where r.id = d.requirement_id)
    group by 1, 2, 3
    -- Reminders and unchanged refreshes touch standings without moving them.
    having sum(d.delta) <> 0
    order by 1, 2, 3
    on conflict (requirement_id, state, due_on) do update set students = t.students + excluded.students;
  end if;
  return null;
end;
$$;

create trigger immunization_standings_tally_insert after insert on private.immunization_standings
  referencing new table as new_rows for each statement execute function private.tally_immunization_standings();
create trigger immunization_standings_tally_update after update on private.immunization_standings
  referencing old table as old_rows new table as new_rows for each statement execute function private.tally_immunization_standings();
create trigger immunization_standings_tally_delete after delete on private.immunization_standings
  referencing old table as old_rows for each statement execute function private.tally_immunization_standings();

-- The tallies counted again from the standings: for a load that bypasses triggers (the benchmark loader ends with it).
create function private.recount_immunization_tallies()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.immunization_tallies;
  insert into private.immunization_tallies (requirement_id, state, due_on, students)
  select st.requirement_id, st.state, st.due_on, count(*) from private.immunization_standings st group by 1, 2, 3;
end;
$$;

revoke all on function private.tally_immunization_standings(), private.recount_immunization_tallies()
  from public, anon, authenticated, service_role;

select private.recount_immunization_tallies();

create or replace function public.immunization_compliance()
returns table (requirement_id uuid, name text, students bigint, met bigint, exempt bigint, under_review bigint,
               due bigint, overdue bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_today date;
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see immunization compliance');
  end if;
  v_today := private.clinic_today(v_me.university_id);
  return query
    select r.id, r.name, coalesce(sum(t.students), 0)::bigint,
           coalesce(sum(t.students) filter (where t.state = 'met'), 0)::bigint,
           coalesce(sum(t.students) filter (where t.state = 'exempt'), 0)::bigint,
           coalesce(sum(t.students) filter (where t.state = 'under_review'), 0)::bigint,
           coalesce(sum(t.students) filter (where t.state = 'open' and t.due_on >= v_today), 0)::bigint,
           coalesce(sum(t.students) filter (where t.state = 'open' and t.due_on < v_today), 0)::bigint
    from public.immunization_requirements r
    left join private.immunization_tallies t on t.requirement_id = r.id
    where r.university_id = v_me.university_id
    group by r.id, r.name
    order by r.name, r.id;
end;
$$;
