-- Health-data privacy for students: "Who viewed my health record" and "Download my data".
-- Both are student-only RPCs that read through the caller's own member row, so a student sees their own rows and
-- nothing else, whatever RLS on audit_log would let a super admin read.

-- get_health_profile records which staff screen read the record, so the student sees where it happened. The screen is
-- optional (older clients and direct API calls still work and are still audited) but must come from a fixed list:
-- free text there would reach the student's page. The function is dropped and created again, not replaced: a second
-- overload with a defaulted argument would make PostgREST's call by `student_id` alone ambiguous.
drop function public.get_health_profile(uuid);

create function public.get_health_profile(student_id uuid, screen text default null)
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
  if get_health_profile.screen is not null and get_health_profile.screen not in ('Patient record', 'Appointment') then
    perform private.fail('Unknown screen: use Patient record or Appointment');
  end if;
  select * into v_student from public.members m
  where m.id = get_health_profile.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if v_me.id <> v_student.id then
    insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
    values (v_me.id, v_me.university_id, 'read', 'health_profiles', v_student.id,
            jsonb_strip_nulls(jsonb_build_object('screen', get_health_profile.screen)));
  end if;
  return query select * from public.health_profiles h where h.student_id = v_student.id;
end;
$$;

-- The caller while they are an active student; refuses everyone else with a message for people.
create function private.require_student()
returns public.members
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can see who viewed their health record and download their data');
  end if;
  return v_me;
end;
$$;

-- Who read the caller's health record, newest first. The viewer's name comes from members directly (not
-- staff_directory): a doctor deactivated since still read the record, and the student must still see who it was.
-- A viewer whose account was removed keeps the row, without a name.
create function public.my_health_record_views()
returns table (id bigint, viewed_at timestamptz, viewer_id uuid, viewer_name text, viewer_role text, screen text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_student();
begin
  return query
    select l.id, l.at, l.actor_id,
           coalesce(nullif(concat_ws(' ', m.title, m.first_name, m.last_name), ''), 'A former staff member'),
           m.role::text,
           l.details ->> 'screen'
    from public.audit_log l
    left join public.members m on m.id = l.actor_id and m.university_id = l.university_id
    where l.record_id = v_me.id
      and l.table_name = 'health_profiles'
      and l.action = 'read'
      and l.university_id = v_me.university_id
    order by l.at desc, l.id desc;
end;
$$;

-- Everything the university holds about the caller, as one document: profile, health profile, appointments (with
-- the provider's name) and who read the health record.
create function public.my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_student();
begin
  return jsonb_build_object(
    'exported_at', now(),
    'university', (select jsonb_build_object('id', u.id, 'name', u.name, 'email', u.email, 'phone', u.phone)
                   from public.universities u where u.id = v_me.university_id),
    'profile', to_jsonb(v_me),
    'health_profile', (select to_jsonb(h) from public.health_profiles h where h.student_id = v_me.id),
    'appointments', coalesce((
      select jsonb_agg(to_jsonb(a) || jsonb_build_object('provider_name', concat_ws(' ', p.title, p.first_name, p.last_name))
                       order by a.date desc, a.id)
      from public.appointments a
      left join public.members p on p.id = a.provider_id
      where a.student_id = v_me.id), '[]'::jsonb),
    'health_record_views', coalesce((
      select jsonb_agg(jsonb_build_object('viewed_at', v.viewed_at, 'viewer_name', v.viewer_name,
                                          'viewer_role', v.viewer_role, 'screen', v.screen)
                       order by v.viewed_at desc, v.id desc)
      from public.my_health_record_views() v), '[]'::jsonb));
end;
$$;

revoke all on function public.get_health_profile(uuid, text), private.require_student(), public.my_health_record_views(),
  public.my_data() from public, anon, authenticated, service_role;
grant execute on function public.get_health_profile(uuid, text) to authenticated, service_role;
grant execute on function public.my_health_record_views(), public.my_data() to authenticated;
