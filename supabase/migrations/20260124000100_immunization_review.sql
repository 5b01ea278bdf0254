-- The clinic's side of immunization compliance: the doctors' review queue (pending doses and exemptions, oldest
-- first), their decisions (an approval, or a rejection with a reason the student reads; each item decided once), and
-- the doses the clinic gives, approved at once. Every write to doses, exemptions and documents is audited by column
-- name, never a value (no reason, no lot), as for the clinical record.

create index immunization_exemptions_pending_idx on public.immunization_exemptions (university_id, created_at) where review_status = 'pending';

-- Pending items of the caller's university, oldest first: who, what they entered (vaccine, day, place, lot; or the
-- exemption asked for and why), the document it rests on (open it with open_medical_document), and the student's doses
-- of the same vaccines so far (the series the dose belongs to), each with its review status.
create function public.immunization_review_queue()
returns table (item_kind text, item_id uuid, submitted_at timestamptz, student_id uuid, student_name text, reg_number text,
               department text, year_of_study smallint, cvx_code text, vaccine_name text, given_on date, given_at text,
               lot text, requirement_id uuid, requirement_name text, exemption_kind text, exemption_reason text,
               document_id uuid, document_name text, document_type text, entered_doses json)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only the clinic''s doctors review immunizations');
  end if;
  return query
    with items as (
      select 'dose'::text as kind, d.id, d.created_at, d.student_id, d.cvx_code, d.given_on, d.given_at, d.lot,
             null::uuid as requirement_id, null::text as exemption_kind, null::text as reason, d.document_id,
             -- The vaccines counted together with this one by some requirement (Hepatitis B: 08, 43, 45).
             array(select distinct c from public.immunization_requirements r, unnest(r.cvx_codes) c
                   where r.university_id = d.university_id and d.cvx_code = any(r.cvx_codes)) || d.cvx_code as vaccines
      from public.immunization_doses d
      where d.university_id = v_me.university_id and d.review_status = 'pending'
      union all
      select 'exemption', e.id, e.created_at, e.student_id, null, null, null, null, e.requirement_id, e.kind, e.reason,
             e.document_id, r.cvx_codes
      from public.immunization_exemptions e
      join public.immunization_requirements r on r.id = e.requirement_id
      where e.university_id = v_me.university_id and e.review_status = 'pending'
    )
    select i.kind, i.id, i.created_at, m.id, private.member_display_name(m), m.reg_number, m.department, m.year_of_study,
           i.cvx_code, v.name, i.given_on, i.given_at, i.lot, i.requirement_id, r.name, i.exemption_kind, i.reason,
           i.document_id, doc.file_name, doc.content_type,
           coalesce((
             select json_agg(json_build_object('id', x.id, 'cvx_code', x.cvx_code, 'vaccine_name', xv.name, 'given_on', x.given_on,
                                               'given_at', x.given_at, 'lot', x.lot, 'source', x.source,
                                               'review_status', x.review_status, 'document_id', x.document_id)
                             order by x.given_on, x.created_at)
             from public.immunization_doses x
             join public.vaccines xv on xv.cvx_code = x.cvx_code
             where x.student_id = i.student_id and x.cvx_code = any(i.vaccines)), '[]'::json)
    from items i
    join public.members m on m.id = i.student_id and m.status = 'active'
    left join public.vaccines v on v.cvx_code = i.cvx_code
    left join public.immunization_requirements r on r.id = i.requirement_id
    left join public.medical_documents doc on doc.id = i.document_id
    order by i.created_at, i.id;
end;
$$;

-- The reason a student reads when their proof is rejected: 1 to 500 characters once trimmed.
create function private.rejection_reason(p_approve boolean, p_reason text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_approve is null then
    perform private.fail('Approve or reject it');
  elsif p_approve then
    return null;
  elsif coalesce(btrim(p_reason), '') = '' then
    perform private.fail('Give the reason for rejecting it: the student will read it');
  elsif char_length(btrim(p_reason)) > 500 then
    perform private.fail('Give a reason of 1 to 500 characters');
  end if;
  return btrim(p_reason);
end;
$$;

create function public.review_immunization_dose(dose_id uuid, approve boolean, reason text default null)
returns public.immunization_doses
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_dose public.immunization_doses;
  v_reason text;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university review immunizations');
  end if;
  v_reason := private.rejection_reason(review_immunization_dose.approve, review_immunization_dose.reason);
  -- Locked, so two doctors deciding at once decide one after the other, and the second is told it is decided.
  select * into v_dose from public.immunization_doses d
  where d.id = review_immunization_dose.dose_id and d.university_id = v_me.university_id
  for update;
  if v_dose.id is null then
    perform private.fail('Dose not found');
  elsif v_dose.review_status <> 'pending' then
    perform private.fail('This dose has already been reviewed');
  end if;
  update public.immunization_doses d
  set review_status = case when review_immunization_dose.approve then 'approved' else 'rejected' end,
      reviewed_by = v_me.id, reviewed_at = now(), reject_reason = v_reason
  where d.id = v_dose.id
  returning * into v_dose;
  return v_dose;
end;
$$;

create function public.review_immunization_exemption(exemption_id uuid, approve boolean, reason text default null)
returns public.immunization_exemptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_exemption public.immunization_exemptions;
  v_reason text;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university review immunizations');
  end if;
  v_reason := private.rejection_reason(review_immunization_exemption.approve, review_immunization_exemption.reason);
  select * into v_exemption from public.immunization_exemptions e
  where e.id = review_immunization_exemption.exemption_id and e.university_id = v_me.university_id
  for update;
  if v_exemption.id is null then
    perform private.fail('Exemption not found');
  elsif v_exemption.review_status <> 'pending' then
    perform private.fail('This exemption has already been reviewed');
  end if;
  update public.immunization_exemptions e
  set review_status = case when review_immunization_exemption.approve then 'approved' else 'rejected' end,
      reviewed_by = v_me.id, reviewed_at = now(), reject_reason = v_reason
  where e.id = v_exemption.id
  returning * into v_exemption;
  return v_exemption;
end;
$$;

-- A dose the clinic gave (at a visit, or not): recorded by a doctor of the student's university, approved at once.
create function public.record_clinic_dose(student_id uuid, cvx_code text, given_on date, lot text default null, visit_id uuid default null)
returns public.immunization_doses
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_lot text := nullif(btrim(record_clinic_dose.lot), '');
  v_clinic text;
  v_dose public.immunization_doses;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only the clinic''s doctors record the doses it gives');
  end if;
  select * into v_student from public.members m
  where m.id = record_clinic_dose.student_id and m.university_id = v_me.university_id and m.role = 'student' and m.status = 'active';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if not exists (select 1 from public.vaccines v where v.cvx_code = record_clinic_dose.cvx_code) then
    perform private.fail('Choose a vaccine from the list');
  end if;
  if record_clinic_dose.given_on is null or record_clinic_dose.given_on > private.clinic_today(v_me.university_id) then
    perform private.fail('Give the day the dose was given: today or earlier');
  elsif record_clinic_dose.given_on < date '1900-01-01' then
    perform private.fail('Give the day the dose was given');
  end if;
  if char_length(v_lot) > 50 or not private.is_single_line(v_lot) then
    perform private.fail('The lot number can be at most 50 characters, on one line');
  end if;
  if record_clinic_dose.visit_id is not null and not exists (
    select 1 from public.visits v
    where v.id = record_clinic_dose.visit_id and v.student_id = v_student.id and v.university_id = v_me.university_id) then
    perform private.fail('Visit not found');
  end if;
  select left(u.name || ' clinic', 200) into v_clinic from public.universities u where u.id = v_me.university_id;
  insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status,
                                         reviewed_by, reviewed_at, visit_id)
  values (v_me.university_id, v_student.id, record_clinic_dose.cvx_code, record_clinic_dose.given_on, v_clinic, v_lot,
          'clinic', 'approved', v_me.id, now(), record_clinic_dose.visit_id)
  returning * into v_dose;
  return v_dose;
end;
$$;

-- "Today" on the university's clinic calendar (UTC for a university without clinic settings).
create function private.clinic_today(p_university uuid)
returns date
language sql
stable
set search_path = ''
as $$
  select (now() at time zone coalesce((select s.timezone from public.clinic_settings s where s.university_id = p_university), 'UTC'))::date
$$;

-- The audit trail of doses, exemptions and documents: who wrote which columns (never their values, so neither a reason
-- nor a lot reaches the super admin's audit view), whose record it is, and the review status it was left in.
create function private.audit_immunization_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_columns jsonb;
begin
  if tg_op = 'UPDATE' then
    select jsonb_agg(n.key order by n.key) into v_columns from jsonb_each(v_new) n where n.value is distinct from v_old -> n.key;
    if v_columns is null then
      return null;
    end if;
  else
    select jsonb_agg(e.key order by e.key) into v_columns
    from jsonb_each(v_row) e
    where e.value <> 'null'::jsonb and e.key not in ('id', 'university_id', 'student_id', 'created_at');
  end if;
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (auth.uid(), (v_row ->> 'university_id')::uuid, lower(tg_op), tg_table_name, (v_row ->> 'id')::uuid,
          jsonb_strip_nulls(jsonb_build_object('columns', coalesce(v_columns, '[]'::jsonb), 'student_id', v_row ->> 'student_id',
                                               'review_status', v_row ->> 'review_status')));
  return null;
end;
$$;

create trigger immunization_doses_audit after insert or update or delete on public.immunization_doses
  for each row execute function private.audit_immunization_row();
create trigger immunization_exemptions_audit after insert or update or delete on public.immunization_exemptions
  for each row execute function private.audit_immunization_row();
create trigger medical_documents_audit after insert or update or delete on public.medical_documents
  for each row execute function private.audit_immunization_row();

-- The audit view files these with the rest of the health record.
create or replace function private.audit_event(p_action text, p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_action in ('sign_in', 'sign_in_failed') then p_action
    when p_table = 'health_profiles' and p_action = 'read' then 'health_record_read'
    when p_table in ('health_profiles', 'visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters',
                     'immunization_doses', 'immunization_exemptions', 'medical_documents')
      then 'health_record_change'
    when p_table = 'members' then 'member_change'
    when p_table in ('invitations', 'student_invitations') then 'invitation'
    when p_table = 'appointments' then 'appointment_change'
    when p_table = 'programs' then 'program_change'
    else 'settings_change'
  end
$$;

revoke all on function private.rejection_reason(boolean, text), private.audit_immunization_row(), private.clinic_today(uuid)
  from public, anon, authenticated, service_role;
revoke all on function public.immunization_review_queue(), public.review_immunization_dose(uuid, boolean, text),
  public.review_immunization_exemption(uuid, boolean, text), public.record_clinic_dose(uuid, text, date, text, uuid)
  from public, anon;
grant execute on function public.immunization_review_queue(), public.review_immunization_dose(uuid, boolean, text),
  public.review_immunization_exemption(uuid, boolean, text), public.record_clinic_dose(uuid, text, date, text, uuid)
  to authenticated;
