-- The admin dashboard listed every visit that needs a doctor at once: 1,027 on the benchmark's university, each
-- judged by visit_problem() and drawn with three buttons, and then asked for their appointments by id in one request
-- whose 38 KB address the gateway refused (431). The list now comes a page at a time, soonest first, each row with
-- the whole list's length (the dashboard's own count, so the two cannot disagree); only the page's visits are judged.
drop function public.visits_needing_a_doctor();
create function public.visits_needing_a_doctor(page_size integer default 20, page_offset integer default 0)
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
    from (
      select a.* from private.visits_with_problems(v_me.university_id) a
      order by a.date, a.id
      limit visits_needing_a_doctor.page_size offset visits_needing_a_doctor.page_offset
    ) a,
    lateral private.visit_needing_action(a, private.visit_problem(a)) r
    where r.problem is not null
    order by r.date, r.id;
end;
$$;
revoke all on function public.visits_needing_a_doctor(integer, integer) from public, anon;
grant execute on function public.visits_needing_a_doctor(integer, integer) to authenticated;
