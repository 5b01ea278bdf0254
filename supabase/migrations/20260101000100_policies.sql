-- Row-level security: which rows each API role may read and write. Policies call small `security definer` helpers
-- that read the caller's own member row, so a role, university or status is never taken from the JWT's user
-- metadata. Each helper answers for an *active* member only: a deactivated member has no university, no role and no
-- rights from the very next request, even while their access token is still valid. Policies wrap the helpers in
-- `(select ...)` so PostgreSQL evaluates them once per statement (an init plan) and compares an indexed column
-- against a constant.

create function private.current_university_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.university_id from public.members m where m.id = (select auth.uid()) and m.status = 'active'
$$;

create function private.member_role()
returns public.member_role
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.members m where m.id = (select auth.uid()) and m.status = 'active'
$$;

-- Staff = doctors and admins (the clinic's side of the university).
create function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.role in ('admin', 'doctor') from public.members m
                   where m.id = (select auth.uid()) and m.status = 'active'), false)
$$;

-- Administrative rights: the admin role, or a super admin whatever their role.
create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.role = 'admin' or m.is_super_admin from public.members m
                   where m.id = (select auth.uid()) and m.status = 'active'), false)
$$;

create function private.is_doctor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.role = 'doctor' from public.members m
                   where m.id = (select auth.uid()) and m.status = 'active'), false)
$$;

create function private.is_super_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.is_super_admin from public.members m
                   where m.id = (select auth.uid()) and m.status = 'active'), false)
$$;

-- For storage paths: does the (text) user id in a folder name belong to the caller's university? Text in, so a
-- malformed path is simply "no" instead of a cast error.
create function private.shares_university(user_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select true from public.members other
    where user_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      and other.id = user_id::uuid
      and other.university_id = (select private.current_university_id())
  ), false)
$$;

revoke all on function private.current_university_id(), private.member_role(), private.is_staff(), private.is_admin(),
  private.is_doctor(), private.is_super_admin(), private.shares_university(text) from public, anon;
grant execute on function private.current_university_id(), private.member_role(), private.is_staff(), private.is_admin(),
  private.is_doctor(), private.is_super_admin(), private.shares_university(text) to authenticated, service_role;

-- universities: members read their own university; super admins edit its profile (name, email, phone, logo).
create policy universities_select on public.universities for select to authenticated
  using (id = (select private.current_university_id()));
create policy universities_update on public.universities for update to authenticated
  using (id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (id = (select private.current_university_id()) and (select private.is_super_admin()));

-- members: everyone reads their own row; staff read the whole university. Students see staff names only through
-- the `staff_directory` view. Own-profile edits are limited to harmless columns by the column grants.
create policy members_select on public.members for select to authenticated
  using (
    university_id = (select private.current_university_id())
    and (id = (select auth.uid()) or (select private.is_staff()))
  );
create policy members_update_own on public.members for update to authenticated
  using (id = (select auth.uid()) and university_id = (select private.current_university_id()))
  with check (id = (select auth.uid()) and university_id = (select private.current_university_id()));

-- health_profiles: the student alone, directly. Doctors read through get_health_profile(), which audits the read.
create policy health_profiles_select_own on public.health_profiles for select to authenticated
  using (student_id = (select auth.uid()) and (select private.member_role()) = 'student');
create policy health_profiles_insert_own on public.health_profiles for insert to authenticated
  with check (student_id = (select auth.uid()) and (select private.member_role()) = 'student');
create policy health_profiles_update_own on public.health_profiles for update to authenticated
  using (student_id = (select auth.uid()) and (select private.member_role()) = 'student')
  with check (student_id = (select auth.uid()) and (select private.member_role()) = 'student');

-- appointments: students their own, staff the whole university. What each role may change (status transitions,
-- provider, time) is enforced by the appointments_guard trigger; there is no delete (cancel instead).
create policy appointments_select on public.appointments for select to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_staff()) or student_id = (select auth.uid()))
  );
create policy appointments_insert_student on public.appointments for insert to authenticated
  with check (
    university_id = (select private.current_university_id())
    and student_id = (select auth.uid())
    and (select private.member_role()) = 'student'
  );
create policy appointments_update on public.appointments for update to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_staff()) or (student_id = (select auth.uid()) and status = 'scheduled'))
  )
  with check (
    university_id = (select private.current_university_id())
    and ((select private.is_staff()) or student_id = (select auth.uid()))
  );

-- programs: the whole university reads; staff create (as themselves); admins edit and delete any, doctors their own.
create policy programs_select on public.programs for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy programs_insert_staff on public.programs for insert to authenticated
  with check (
    university_id = (select private.current_university_id())
    and (select private.is_staff())
    and created_by = (select auth.uid())
  );
create policy programs_update on public.programs for update to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and created_by = (select auth.uid())))
  )
  with check (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and created_by = (select auth.uid())))
  );
create policy programs_delete_admin on public.programs for delete to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_admin()));

-- invitations: super admins of the university; written only by invite_staff().
create policy invitations_select_super_admin on public.invitations for select to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()));

-- audit_log: super admins read their university's trail; a student reads who read their health record.
create policy audit_log_select on public.audit_log for select to authenticated
  using (
    university_id = (select private.current_university_id())
    and (
      (select private.is_super_admin())
      or (table_name = 'health_profiles' and action = 'read' and record_id = (select auth.uid()))
    )
  );

-- email_outbox and private.university_secrets: RLS on, no policies, no grants: closed to every API role.

-- Staff names for students (booking, "who read my record"): only display columns, only the caller's university.
-- A security-definer view on purpose: students may not read staff rows (contact details) from `members` itself.
create view public.staff_directory
with (security_barrier = true)
as
  select m.id, m.university_id, m.role, m.title, m.first_name, m.last_name, m.position, m.specialization, m.avatar_path
  from public.members m
  where m.university_id = (select private.current_university_id())
    and m.role in ('admin', 'doctor')
    and m.status = 'active';
comment on view public.staff_directory is 'Active staff of the caller''s university: display columns only.';
revoke all on public.staff_directory from anon, authenticated, service_role;
grant select on public.staff_directory to authenticated, service_role;
