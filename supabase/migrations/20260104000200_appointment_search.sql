-- The appointments overview at university scale (bench/results/latest.md). Searching a million appointments
-- with `or=(name.ilike.*x*,reg.ilike.*x*)&order=date` tested every row of the university: ~0.8 s for a name that
-- matches nothing, ~0.9 s for a full name with its exact total. An unfiltered page counted every appointment of the
-- university for its total (~0.2 s).

-- The matches of a search term in the caller's university, for PostgREST to order, page, embed and count. Under RLS
-- PostgreSQL may not use an index for a non-leakproof operator such as ILIKE before the policy has filtered the rows,
-- so a search through the table walked every appointment of the university. This function runs as its owner, lets
-- the trigram indexes find the matches (through PostgREST, page and total: ~3 ms for a term that matches nothing,
-- ~12 ms for a full name, ~135 ms for a surname shared by 20,000 appointments), and applies the appointments
-- policy's staff branch itself: staff only, their own university only. Students have no search (their list is short
-- and filtered by RLS).
create function public.search_appointments(term text)
returns setof public.appointments
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_term text := btrim(coalesce(term, ''));
begin
  if not (select private.is_staff()) then
    perform private.fail('Only clinic staff can search appointments');
  end if;
  if v_term = '' or char_length(v_term) > 100 then
    perform private.fail('Search for 1 to 100 characters');
  end if;
  -- EXECUTE plans each search with its own pattern, so a rare term and a common one each get the right plan.
  return query execute
    'select a.* from public.appointments a
     where a.university_id = $1 and (a.name ilike $2 or a.reg ilike $2)'
    using (select private.current_university_id()),
          '%' || replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
end;
$$;

-- How many appointments the caller's university has: the overview's total when nothing narrows the list, read from
-- the dashboard counters instead of counting a million rows. Staff only (students see only their own anyway).
create function public.appointments_total()
returns bigint
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_staff()) then
    perform private.fail('Only clinic staff can see the university''s appointments');
  end if;
  return (select coalesce(sum(t.n), 0) from private.dashboard_tallies t
          where t.university_id = (select private.current_university_id()) and t.subject = 'appointments');
end;
$$;

revoke all on function public.search_appointments(text), public.appointments_total() from public, anon;
grant execute on function public.search_appointments(text), public.appointments_total() to authenticated, service_role;
