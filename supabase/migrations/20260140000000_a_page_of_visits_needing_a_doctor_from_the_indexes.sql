-- A page of the visits that need a doctor still gathered every such visit and sorted them all before taking its ten:
-- ~58 ms with 8,047 on the benchmark's university, on every page. Each cause now gives its soonest visits from its own
-- index (unassigned visits by date, marks of visits outside the hours by start, the few blocked by a closure, time
-- off or a doctor gone), no more of each than the page can reach, and the page is taken from their merge: ~3 ms for
-- the first page, ~8 ms for the 401st.
create function private.page_of_visits_with_problems(p_university uuid, p_limit integer, p_offset integer)
returns setof public.appointments
language sql
stable
security definer
set search_path = ''
as $$
  select a.* from public.appointments a
  where a.id in (
    select p.id from (
      (select a.id, a.date from public.appointments a
       where a.university_id = p_university and a.provider_id is null and a.status = 'scheduled' and a.date > now()
       order by a.date, a.id limit p_offset + p_limit)
      -- A visit both marked and blocked comes once: a mark keeps its visit's start (the marks' trigger).
      union
      (select o.appointment_id, o.starts_at from private.visits_outside_hours o
       where o.university_id = p_university and o.starts_at > now()
       order by o.starts_at, o.appointment_id limit p_offset + p_limit)
      union
      (select a.id, a.date from private.blocked_visit_ids(p_university) b(id) join public.appointments a on a.id = b.id
       order by a.date, a.id limit p_offset + p_limit)
    ) p
    order by p.date, p.id limit p_limit offset p_offset)
  order by a.date, a.id
$$;
revoke all on function private.page_of_visits_with_problems(uuid, integer, integer)
  from public, anon, authenticated, service_role;

create or replace function public.visits_needing_a_doctor(page_size integer default 20, page_offset integer default 0)
returns table (id uuid, date timestamptz, duration_minutes integer, student_id uuid, student_name text, reg text,
               provider_id uuid, provider_name text, problem text, total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
  v_total bigint;
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only the university''s administrators can see the visits that need a doctor');
  end if;
  if visits_needing_a_doctor.page_size is null or visits_needing_a_doctor.page_size not between 1 and 100 then
    perform private.fail('Ask for 1 to 100 visits at a time');
  end if;
  if visits_needing_a_doctor.page_offset is null or visits_needing_a_doctor.page_offset < 0 then
    perform private.fail('Start the page at the first visit or later');
  end if;
  v_total := private.count_visits_with_problems(v_me.university_id);
  return query
    select r.*, v_total
    from private.page_of_visits_with_problems(v_me.university_id, visits_needing_a_doctor.page_size,
                                              visits_needing_a_doctor.page_offset) a,
    lateral private.visit_needing_action(a, private.visit_problem(a)) r
    where r.problem is not null
    order by r.date, r.id;
end;
$$;

drop function private.visits_with_problems(uuid);
drop function private.assigned_visit_ids_with_problems(uuid);
