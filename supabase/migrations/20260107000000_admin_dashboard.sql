-- The admin dashboard's chart: appointments per day, counted here. The chart used to fetch every active
-- appointment row of the coming days and count them in the browser; PostgREST caps an answer at 1,000 rows, so a busy
-- fortnight was silently undercounted. Days are the clinic's calendar days (clinic_settings.timezone), the clock the
-- opening hours and every appointment time are shown on.

create function public.appointments_per_day(days integer, start_day date default null)
returns table (day date, appointments integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
  v_zone text;
  v_first date;
begin
  -- Administrators only (the admin role, or a super admin whatever their role), of their own university.
  if v_me.id is null or not (v_me.role = 'admin' or v_me.is_super_admin) then
    perform private.fail('Only administrators can see the appointments per day');
  end if;
  if appointments_per_day.days is null or appointments_per_day.days not between 1 and 62 then
    raise exception using errcode = '22023', message = 'Choose between 1 and 62 days';
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  v_zone := coalesce(v_zone, 'UTC');
  -- No start day: today on the clinic's calendar, which the browser cannot know without loading the clinic first.
  v_first := coalesce(appointments_per_day.start_day, (pg_catalog.now() at time zone v_zone)::date);
  return query
    with counted as (
      select (a.date at time zone v_zone)::date as on_day, count(*)::integer as n
      from public.appointments a
      where a.university_id = v_me.university_id
        and a.status in ('scheduled', 'ongoing')
        and a.date >= (v_first::timestamp at time zone v_zone)
        and a.date < ((v_first + appointments_per_day.days)::timestamp at time zone v_zone)
      group by 1
    )
    select (v_first + g.offset_days)::date, coalesce(c.n, 0)
    from pg_catalog.generate_series(0, appointments_per_day.days - 1) as g(offset_days)
    left join counted c on c.on_day = v_first + g.offset_days
    order by 1;
end;
$$;
revoke all on function public.appointments_per_day(integer, date) from public, anon, service_role;
grant execute on function public.appointments_per_day(integer, date) to authenticated;

