-- Immunizations and the clinic calendar, tidied (no change in behaviour):
--   1. One lookup of a university's clinic time zone, private.clinic_zone(): "today" on the clinic's calendar
--      (private.clinic_today), the exports' zone (private.current_clinic_zone) and the emails' local times
--      (private.clinic_local_time) each read it through this, so the rule (the clinic's settings, else UTC) is written
--      once. A student's own dose is checked against that same today.
--   2. The immunization policies ask private.member_role(), as the health profile's do, instead of a helper of their own.
--   3. The due and overdue reminders are queued by one statement per university instead of two near-copies.

-- 1. The clinic calendar --------------------------------------------------------------------------------------------

-- The university's clinic time zone (UTC for a university without clinic settings).
create function private.clinic_zone(p_university uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.timezone from public.clinic_settings s where s.university_id = p_university), 'UTC')
$$;

revoke all on function private.clinic_zone(uuid) from public, anon, authenticated, service_role;

create or replace function private.clinic_today(p_university uuid)
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone private.clinic_zone(p_university))::date
$$;

create or replace function private.current_clinic_zone()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.clinic_zone((select private.current_university_id()));
end;
$$;

create or replace function private.clinic_local_time(p_university uuid, p_at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select to_char(p_at at time zone z.timezone, 'FMDay FMDD FMMonth YYYY, HH24:MI') || ' (' || z.timezone || ')'
  from (select private.clinic_zone(p_university) as timezone) z
$$;

-- As in 20260124000000_medical_documents.sql, with the day checked against private.clinic_today().
create or replace function public.record_immunization_dose(cvx_code text, given_on date, given_at text default null, lot text default null,
                                                           document_id uuid default null)
returns public.immunization_doses
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_dose public.immunization_doses;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students record their own doses; the clinic records the doses it gives');
  end if;
  if not exists (select 1 from public.vaccines v where v.cvx_code = record_immunization_dose.cvx_code) then
    perform private.fail('Choose a vaccine from the list');
  end if;
  if record_immunization_dose.given_on is null or record_immunization_dose.given_on > private.clinic_today(v_me.university_id) then
    perform private.fail('Give the day the dose was given: today or earlier');
  elsif record_immunization_dose.given_on < date '1900-01-01' then
    perform private.fail('Give the day the dose was given');
  end if;
  if record_immunization_dose.document_id is not null and not exists (
    select 1 from public.medical_documents d where d.id = record_immunization_dose.document_id and d.student_id = v_me.id) then
    perform private.fail('Choose one of your own documents');
  end if;
  insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, document_id)
  values (v_me.university_id, v_me.id, record_immunization_dose.cvx_code, record_immunization_dose.given_on,
          nullif(btrim(record_immunization_dose.given_at), ''), nullif(btrim(record_immunization_dose.lot), ''),
          record_immunization_dose.document_id)
  returning * into v_dose;
  return v_dose;
end;
$$;

-- 2. The policies ---------------------------------------------------------------------------------------------------
-- A deactivated student reads none of it any more (private.member_role() is null for them), their own proof included.

alter policy immunization_doses_select on public.immunization_doses
  using (student_id = (select auth.uid()) and (select private.member_role()) = 'student');
alter policy immunization_exemptions_select on public.immunization_exemptions
  using (student_id = (select auth.uid()) and (select private.member_role()) = 'student');
alter policy medical_documents_select on public.medical_documents
  using (student_id = (select auth.uid()) and (select private.member_role()) = 'student');
alter policy medical_documents_insert on storage.objects
  with check (
    bucket_id = 'medical-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.member_role()) = 'student'
  );
alter policy medical_documents_read on storage.objects
  using (
    bucket_id = 'medical-documents'
    and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.member_role()) = 'student')
      or private.medical_document_opened(name)
    )
  );

drop function private.is_student();

-- 3. The reminders --------------------------------------------------------------------------------------------------

-- As in 20260124000300_immunization_reminders.sql: per university, each open standing is reminded of once when it
-- falls due within two weeks and once when its date has passed; both kinds in one statement.
create or replace function private.queue_immunization_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Two weeks: time to book a dose at the clinic or find the card, and near enough not to be forgotten again.
  c_days_ahead constant integer := 14;
  v_university record;
  v_today date;
  v_queued integer;
  v_total integer := 0;
begin
  -- Not for API requests whatever the grants say: only the server's own connection or pg_cron.
  if auth.role() is not null then
    perform private.fail('Immunization reminders are queued by the server');
  end if;
  for v_university in select u.id, u.name from public.universities u order by u.id loop
    -- Each university on its own: one whose clinic calendar cannot be read (a time zone the server no longer knows)
    -- is skipped with a warning, and the others are reminded all the same.
    begin
      v_today := private.clinic_today(v_university.id);
      with due as (
        select st.requirement_id, st.student_id,
               case when st.due_on < v_today then 'immunization_overdue' else 'immunization_due' end as kind
        from private.immunization_standings st
        where st.university_id = v_university.id and st.state = 'open' and st.overdue_reminded_at is null
          and st.due_on <= v_today + c_days_ahead and (st.due_on < v_today or st.due_reminded_at is null)
        for update of st skip locked
      ), queued as (
        insert into public.email_outbox (to_email, subject, body, kind, dedupe_key)
        select m.email, e.subject, e.body, d.kind, format('%s:%s:%s', d.kind, d.requirement_id, d.student_id)
        from due d
        join public.members m on m.id = d.student_id and m.status = 'active'
        cross join lateral private.immunization_reminder_email(d.kind, m, v_university.name) e
        on conflict (dedupe_key) do nothing
        returning 1
      ), marked as (
        update private.immunization_standings st
        set due_reminded_at = case when d.kind = 'immunization_due' then now() else st.due_reminded_at end,
            overdue_reminded_at = case when d.kind = 'immunization_overdue' then now() else st.overdue_reminded_at end
        from due d where st.requirement_id = d.requirement_id and st.student_id = d.student_id
      )
      select count(*) into v_queued from queued;
      v_total := v_total + v_queued;
    exception when others then
      raise warning 'Immunization reminders for % (university %) not queued: % (SQLSTATE %)',
        v_university.name, v_university.id, sqlerrm, sqlstate;
    end;
  end loop;
  return v_total;
end;
$$;
