-- The super admin's audit view: the university's trail of sign-ins, failed sign-ins, health-record
-- reads, member (role/status) changes, invitations, appointment changes and settings changes, searched and paged in
-- the database for the caller's university only. The trail stays append-only: no API role may change it, and a
-- trigger refuses updates, deletes and truncation even to the table owner.

-- Sign-ins ---------------------------------------------------------------------------------------------------------
alter table public.audit_log drop constraint audit_log_action_values;
alter table public.audit_log add constraint audit_log_action_values
  check (action in ('insert', 'update', 'delete', 'read', 'sign_in', 'sign_in_failed'));

-- Called by the auth service where a password sign-in succeeds or is refused. Only attempts on a member's account are
-- written: a failed attempt on an unknown address belongs to no university, so no one could ever read it, and writing
-- it would let anyone fill the table. The actor of a failed attempt is unknown (null); the account is the record.
-- Never the password: only the outcome, why it failed and where the request came from.
create function private.audit_sign_in(p_user_id uuid, p_succeeded boolean, p_reason text, p_ip text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_member public.members;
begin
  select * into v_member from public.members m where m.id = p_user_id;
  if v_member.id is null then
    return;
  end if;
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (case when p_succeeded then v_member.id end, v_member.university_id,
          case when p_succeeded then 'sign_in' else 'sign_in_failed' end, 'sessions', v_member.id,
          jsonb_strip_nulls(jsonb_build_object('ip', p_ip, 'reason', p_reason)));
end;
$$;
revoke all on function private.audit_sign_in(uuid, boolean, text, text) from public, anon, authenticated, service_role;

-- More audited tables ------------------------------------------------------------------------------------------------
-- Restated whole: university rows name their university by `id`, the default staff password's hash must never be
-- copied into the trail (only that it changed), and student invitations have a numeric id (no uuid record).
create or replace function private.audit_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_record_id uuid;
  v_university_id uuid := (v_row ->> 'university_id')::uuid;
  v_changed jsonb;
  v_details jsonb;
begin
  if tg_table_name = 'universities' then
    v_university_id := (v_row ->> 'id')::uuid;
  end if;
  if tg_table_name <> 'student_invitations' then
    v_record_id := coalesce(v_row ->> 'id', v_row ->> 'student_id')::uuid;
  end if;
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_array(v_old -> n.key, n.value)) into v_changed
    from jsonb_each(v_new) n
    where n.key <> 'updated_at' and n.value is distinct from v_old -> n.key;
    if v_changed is null then
      return null; -- nothing but updated_at changed
    end if;
  end if;

  if tg_table_name = 'health_profiles' then
    select m.university_id into v_university_id from public.members m where m.id = v_record_id;
    v_details := jsonb_build_object('columns', coalesce(
      (select jsonb_agg(k order by k) from jsonb_object_keys(coalesce(v_changed, v_row)) k
       where k not in ('student_id', 'updated_at')), '[]'::jsonb));
  elsif tg_table_name = 'university_secrets' then
    v_details := '{}'::jsonb;
  elsif tg_op = 'INSERT' then
    v_details := jsonb_build_object('new', v_new);
  elsif tg_op = 'UPDATE' then
    v_details := jsonb_build_object('changed', v_changed);
  else
    v_details := jsonb_build_object('old', v_old);
  end if;

  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (auth.uid(), v_university_id, lower(tg_op), tg_table_name, v_record_id, v_details);
  return null;
end;
$$;

create trigger universities_audit after update on public.universities
  for each row execute function private.audit_row();
create trigger university_secrets_audit after insert or update on private.university_secrets
  for each row execute function private.audit_row();
create trigger invitations_audit after insert or update or delete on public.invitations
  for each row execute function private.audit_row();
create trigger student_invitations_audit after insert on private.student_invitations
  for each row execute function private.audit_row();

-- Append-only -------------------------------------------------------------------------------------------------------
-- Row triggers do not fire on TRUNCATE; this one does.
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.audit_log_append_only();

-- Describing entries ------------------------------------------------------------------------------------------------
-- The kind of event a person filters by.
create function private.audit_event(p_action text, p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_action in ('sign_in', 'sign_in_failed') then p_action
    when p_table = 'health_profiles' and p_action = 'read' then 'health_record_read'
    when p_table = 'health_profiles' then 'health_record_change'
    when p_table = 'members' then 'member_change'
    when p_table in ('invitations', 'student_invitations') then 'invitation'
    when p_table = 'appointments' then 'appointment_change'
    when p_table = 'programs' then 'program_change'
    else 'settings_change'
  end
$$;

-- "slot_minutes: 30 → 20; timezone: UTC → Europe/Paris" from an update's {"changed": {column: [old, new]}}.
create function private.audit_changes_text(p_changed jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select string_agg(c.key || ': ' || coalesce(c.value -> 0 #>> '{}', '—') || ' → ' || coalesce(c.value -> 1 #>> '{}', '—'), '; ' order by c.key)
  from jsonb_each(coalesce(p_changed, '{}'::jsonb)) c
$$;

-- Who did it, what it touched, whom it is about and what happened, in words. Health-record entries only ever name
-- columns (audit_row keeps values out). Members and appointments removed since are described from the entry itself.
create function private.describe_audit_entry(p_entry public.audit_log)
returns table (actor_name text, actor_role text, actor_email text, what text, subject text, subject_email text, summary text)
language sql
stable
set search_path = ''
as $$
  select
    coalesce(case when actor.id is not null then private.member_display_name(actor) end,
             case when p_entry.actor_id is not null then 'Removed account'
                  when p_entry.action = 'sign_in_failed' then 'Unknown (not signed in)'
                  else 'System' end),
    actor.role::text,
    actor.email::text,
    case p_entry.table_name
      when 'sessions' then 'Sign-in'
      when 'health_profiles' then 'Health record'
      when 'members' then 'Member'
      when 'invitations' then 'Staff invitation'
      when 'student_invitations' then 'Student invitation'
      when 'appointments' then 'Appointment'
      when 'programs' then 'Program'
      when 'universities' then 'University profile'
      when 'university_secrets' then 'Default staff password'
      when 'clinic_settings' then 'Clinic booking rules'
      when 'clinic_hours' then 'Clinic hours'
      when 'clinic_closures' then 'Clinic closure'
      when 'doctor_hours' then 'Doctor hours'
      when 'doctor_time_off' then 'Doctor time off'
      else p_entry.table_name
    end,
    coalesce(case when subject.id is not null then private.member_display_name(subject) end,
             nullif(concat_ws(' ', p_entry.details -> 'old' ->> 'first_name', p_entry.details -> 'old' ->> 'last_name'), ''),
             p_entry.details -> 'new' ->> 'email',
             p_entry.details -> 'old' ->> 'email'),
    coalesce(subject.email::text, p_entry.details -> 'new' ->> 'email', p_entry.details -> 'old' ->> 'email'),
    left(case
      when p_entry.action = 'sign_in' then 'Signed in' || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'sign_in_failed' then
        case p_entry.details ->> 'reason' when 'deactivated' then 'Refused: the account is deactivated'
                                          else 'Wrong password' end
        || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'read' then 'Opened the health record' || coalesce(' (' || (p_entry.details ->> 'screen') || ')', '')
      when p_entry.table_name = 'health_profiles' then
        case p_entry.action when 'insert' then 'Filled in: ' when 'update' then 'Updated: ' else 'Deleted: ' end || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
      when p_entry.table_name = 'university_secrets' then 'Default staff password changed'
      when p_entry.action = 'insert' then
        case p_entry.table_name
          when 'invitations' then 'Invited ' || (p_entry.details -> 'new' ->> 'email') || ' as ' || (p_entry.details -> 'new' ->> 'role')
          when 'student_invitations' then 'Sent the join link to ' || (p_entry.details -> 'new' ->> 'email')
          when 'members' then 'Joined as ' || (p_entry.details -> 'new' ->> 'role')
          when 'appointments' then 'Booked: ' || (p_entry.details -> 'new' ->> 'reason') || ' on ' || (p_entry.details -> 'new' ->> 'date')
          when 'programs' then 'Created "' || (p_entry.details -> 'new' ->> 'title') || '"'
          when 'clinic_closures' then 'Closed ' || (p_entry.details -> 'new' ->> 'starts_on') || ' to ' || (p_entry.details -> 'new' ->> 'ends_on')
          else 'Created'
        end
      when p_entry.action = 'delete' then 'Deleted'
      else coalesce(private.audit_changes_text(p_entry.details -> 'changed'), 'Changed')
    end, 500)
  from (select 1) one
  left join public.members actor on actor.id = p_entry.actor_id
  left join public.members subject on subject.id = case
    when p_entry.table_name in ('members', 'health_profiles', 'sessions') then p_entry.record_id
    when p_entry.table_name = 'appointments' then coalesce(
      (select a.student_id from public.appointments a where a.id = p_entry.record_id),
      (p_entry.details -> 'old' ->> 'student_id')::uuid)
    when p_entry.table_name in ('doctor_hours', 'doctor_time_off') then
      coalesce(p_entry.details -> 'new' ->> 'doctor_id', p_entry.details -> 'old' ->> 'doctor_id')::uuid
  end
$$;

revoke all on function private.audit_event(text, text), private.audit_changes_text(jsonb),
  private.describe_audit_entry(public.audit_log) from public, anon, authenticated, service_role;

-- The audit view ---------------------------------------------------------------------------------------------------
-- A page of the caller's university's trail, newest first, with the number of matching entries. Super admins only.
-- `search` matches any of the words shown; `person` the name or email of who acted or whom it was about; `event` one
-- kind from private.audit_event; the dates are days on the clinic's calendar, both inclusive.
create function public.audit_entries(
  search text default null,
  event text default null,
  person text default null,
  from_date date default null,
  to_date date default null,
  page integer default 1,
  page_size integer default 25
)
returns table (
  id bigint,
  at timestamptz,
  event_kind text,
  action text,
  actor_id uuid,
  actor_name text,
  actor_role text,
  what text,
  record_id uuid,
  subject text,
  summary text,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_search text := nullif(btrim(coalesce(audit_entries.search, '')), '');
  v_person text := nullif(btrim(coalesce(audit_entries.person, '')), '');
  v_event text := nullif(btrim(coalesce(audit_entries.event, '')), '');
  v_zone text;
  v_from timestamptz;
  v_to timestamptz;
  v_offset integer;
  v_total bigint;
begin
  if audit_entries.page is null or audit_entries.page not between 1 and 100000 then
    perform private.fail('Choose a page number from 1 to 100000');
  end if;
  if audit_entries.page_size is null or audit_entries.page_size not between 1 and 100 then
    perform private.fail('Choose between 1 and 100 entries per page');
  end if;
  if v_event is not null and v_event not in ('sign_in', 'sign_in_failed', 'health_record_read', 'health_record_change',
     'member_change', 'invitation', 'appointment_change', 'program_change', 'settings_change') then
    perform private.fail('Choose one of the listed kinds of event');
  end if;
  if char_length(v_search) > 100 or char_length(v_person) > 100 then
    perform private.fail('Search for at most 100 characters');
  end if;
  if audit_entries.from_date > audit_entries.to_date then
    perform private.fail('The start date must be on or before the end date');
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  v_from := audit_entries.from_date::timestamp at time zone coalesce(v_zone, 'UTC');
  v_to := (audit_entries.to_date + 1)::timestamp at time zone coalesce(v_zone, 'UTC');
  v_offset := (audit_entries.page - 1) * audit_entries.page_size;
  -- LIKE patterns with the person's text taken literally.
  v_search := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_person := '%' || replace(replace(replace(v_person, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  if v_search is null and v_person is null then
    -- Only indexed columns decide: count them, and describe just the page shown.
    select count(*) into v_total from public.audit_log a
    where a.university_id = v_me.university_id
      and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
      and (v_event is null or private.audit_event(a.action, a.table_name) = v_event);
    return query
      select a.id, a.at, private.audit_event(a.action, a.table_name), a.action, a.actor_id, d.actor_name, d.actor_role,
             d.what, a.record_id, d.subject, d.summary, v_total
      from (
        select * from public.audit_log a
        where a.university_id = v_me.university_id
          and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
          and (v_event is null or private.audit_event(a.action, a.table_name) = v_event)
        order by a.at desc, a.id desc
        offset v_offset limit audit_entries.page_size
      ) a
      cross join lateral private.describe_audit_entry(a::public.audit_log) d
      order by a.at desc, a.id desc;
  else
    return query
      select a.id, a.at, private.audit_event(a.action, a.table_name), a.action, a.actor_id, d.actor_name, d.actor_role,
             d.what, a.record_id, d.subject, d.summary, count(*) over ()
      from public.audit_log a
      cross join lateral private.describe_audit_entry(a) d
      where a.university_id = v_me.university_id
        and (v_from is null or a.at >= v_from) and (v_to is null or a.at < v_to)
        and (v_event is null or private.audit_event(a.action, a.table_name) = v_event)
        and (v_search is null
             or concat_ws(' ', d.actor_name, d.actor_email, d.what, d.subject, d.subject_email, d.summary) ilike v_search)
        and (v_person is null or concat_ws(' ', d.actor_name, d.actor_email, d.subject, d.subject_email) ilike v_person)
      order by a.at desc, a.id desc
      offset v_offset limit audit_entries.page_size;
  end if;
end;
$$;

revoke all on function public.audit_entries(text, text, text, date, date, integer, integer) from public, anon, service_role;
grant execute on function public.audit_entries(text, text, text, date, date, integer, integer) to authenticated;
