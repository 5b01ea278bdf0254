-- The patient chart of a student with many visits (50 at the 1M-appointment scale: bench scenario patient-chart) took
-- 45 ms of database time, nearly all of it spent planning small functions again for every row: private.visit_json per
-- visit (five subqueries each), private.vital_json and private.member_name per row under it. PostgreSQL keeps no plans
-- for SQL functions, so a function called per row is planned per row unless the planner inlines it.
--
--   * The per-row helpers become SQL-standard bodies (parsed once, at creation, so no search_path applies to them) that
--     the planner inlines: vital_flags, vital_json, member_display_name (stable, as concat_ws is: as immutable it could
--     never be inlined).
--   * private.visits_json(ids) builds any number of visits reading each table once for all of them, joined by visit;
--     open_visit, my_visits, my_data and the chart share it, and private.visit_json goes.
--   * The chart's timeline comes in pages: the newest visits in full with the count of earlier ones, and
--     patient_chart_visits() for the next page. The vital-sign trend, letters and prescriptions still cover everything.

-- 1. Inlined per-row helpers --------------------------------------------------------------------------------------------
-- Values outside the normal adult ranges (possible, so never refused), in the words the chart and the summary show.
-- vitalFlagsOf (shared/src/validation/columnRules.ts) says it again for a reading just added; validation-agreement.test.ts
-- holds the two to the same flags.
create or replace function private.vital_flags(p_vitals public.vital_signs)
returns text[]
language sql
immutable
return array_remove(array[
  case when p_vitals.temperature_c >= 38 then 'fever' when p_vitals.temperature_c < 35 then 'low temperature' end,
  case when p_vitals.systolic_mmhg >= 140 or p_vitals.diastolic_mmhg >= 90 then 'high blood pressure'
       when p_vitals.systolic_mmhg < 90 or p_vitals.diastolic_mmhg < 60 then 'low blood pressure' end,
  case when p_vitals.pulse_bpm > 100 then 'fast pulse' when p_vitals.pulse_bpm < 50 then 'slow pulse' end,
  case when p_vitals.respiratory_rate > 20 then 'fast breathing' when p_vitals.respiratory_rate < 12 then 'slow breathing' end,
  case when p_vitals.spo2_percent < 95 then 'low SpO2' end,
  case when p_vitals.bmi < 18.5 then 'underweight' when p_vitals.bmi >= 30 then 'obese' when p_vitals.bmi >= 25 then 'overweight' end
], null);

create or replace function private.vital_json(p_vitals public.vital_signs)
returns jsonb
language sql
stable
return (to_jsonb(p_vitals) - 'university_id' - 'student_id') || jsonb_build_object('flags', to_jsonb(private.vital_flags(p_vitals)));

-- "Dr Amelia Adams"; an invited doctor who has not filled in a name yet is their email address.
create or replace function private.member_display_name(p_member public.members)
returns text
language sql
stable
return case when btrim(p_member.first_name || p_member.last_name) = '' then p_member.email
            else concat_ws(' ', p_member.title, nullif(p_member.first_name, ''), nullif(p_member.last_name, '')) end;

-- 2. Visits, set-based ----------------------------------------------------------------------------------------------
-- The given visits with everything under them, newest first: the shape open_visit(), the chart and my_visits() share.
-- Each table is read once for all the visits (built as json, turned into jsonb once); the callers decide which visits
-- the reader may see.
create function private.visits_json(p_visits uuid[])
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with visit as materialized (
    select v.*, a.kind, a.date, a.duration_minutes, a.reason
    from public.visits v join public.appointments a on a.id = v.appointment_id
    where v.id = any(p_visits)
  ),
  vitals as (
    select s.visit_id, json_agg(private.vital_json(s) order by s.recorded_at, s.id) as list
    from public.vital_signs s where s.visit_id = any(p_visits) group by s.visit_id
  ),
  diagnoses as (
    select d.visit_id, json_agg(json_build_object('id', d.id, 'description', d.description, 'icd10_code', d.icd10_code,
                                                  'icd10_title', c.title, 'created_at', d.created_at)
                                order by d.created_at, d.id) as list
    from public.diagnoses d left join public.icd10_codes c on c.code = d.icd10_code
    where d.visit_id = any(p_visits) group by d.visit_id
  ),
  prescriptions as (
    select r.visit_id, json_agg(to_jsonb(r) - 'university_id' - 'student_id' order by r.created_at, r.id) as list
    from public.prescriptions r where r.visit_id = any(p_visits) group by r.visit_id
  ),
  addenda as (
    select x.visit_id, json_agg(json_build_object('id', x.id, 'text', x.text, 'created_at', x.created_at, 'author_id', x.author_id,
                                                  'author_name', case when author.id is not null then private.member_display_name(author) end)
                                order by x.created_at, x.id) as list
    from public.visit_addenda x left join public.members author on author.id = x.author_id
    where x.visit_id = any(p_visits) group by x.visit_id
  ),
  letters as (
    select l.visit_id, json_agg(private.letter_json(l) order by l.issued_at, l.id) as list
    from public.excuse_letters l where l.visit_id = any(p_visits) group by l.visit_id
  )
  select coalesce(json_agg(json_build_object(
    'id', visit.id, 'appointment_id', visit.appointment_id, 'student_id', visit.student_id, 'doctor_id', visit.doctor_id,
    'doctor_name', case when doctor.id is not null then private.member_display_name(doctor) end, 'status', visit.status,
    'kind', visit.kind, 'date', visit.date, 'duration_minutes', visit.duration_minutes, 'reason', visit.reason,
    'chief_complaint', visit.chief_complaint, 'subjective', visit.subjective, 'objective', visit.objective,
    'assessment', visit.assessment, 'plan', visit.plan, 'follow_up', visit.follow_up,
    'signed_at', visit.signed_at, 'created_at', visit.created_at, 'updated_at', visit.updated_at,
    'vital_signs', coalesce(vitals.list, '[]'::json), 'diagnoses', coalesce(diagnoses.list, '[]'::json),
    'prescriptions', coalesce(prescriptions.list, '[]'::json), 'addenda', coalesce(addenda.list, '[]'::json),
    'excuse_letters', coalesce(letters.list, '[]'::json)) order by visit.date desc, visit.id)::jsonb, '[]'::jsonb)
  from visit
  left join public.members doctor on doctor.id = visit.doctor_id
  left join vitals on vitals.visit_id = visit.id
  left join diagnoses on diagnoses.visit_id = visit.id
  left join prescriptions on prescriptions.visit_id = visit.id
  left join addenda on addenda.visit_id = visit.id
  left join letters on letters.visit_id = visit.id
$$;

-- One page of a chart's timeline: the visits a doctor may read (signed ones and their own drafts), newest first,
-- those after the visit (p_after_date, p_after_id) or from the newest when it is null, and how many remain after it.
create function private.chart_timeline(p_doctor uuid, p_student uuid, p_after_date timestamptz, p_after_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with later_in_timeline as (
    select v.id, a.date
    from public.visits v join public.appointments a on a.id = v.appointment_id
    where v.student_id = p_student and (v.status = 'signed' or v.doctor_id = p_doctor)
      and (p_after_id is null or a.date < p_after_date or (a.date = p_after_date and v.id > p_after_id))
  ),
  page as (select t.id from later_in_timeline t order by t.date desc, t.id limit 10)
  select jsonb_build_object(
    'visits', private.visits_json(array(select page.id from page)),
    'earlier_visits', (select count(*) from later_in_timeline) - (select count(*) from page))
$$;

drop function private.visit_json(public.visits);
revoke all on function private.visits_json(uuid[]), private.chart_timeline(uuid, uuid, timestamptz, uuid)
  from public, anon, authenticated, service_role;

-- 3. The readers ----------------------------------------------------------------------------------------------------
-- A student's chart, for the doctors of their university: the newest visits (the timeline's first page) and how many
-- earlier ones patient_chart_visits() pages through. Each opening is recorded as a read of the health record on the
-- screen 'Patient chart'.
create or replace function public.open_patient_chart(student_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_profile public.health_profiles;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a patient chart');
  end if;
  select * into v_student from public.members m
  where m.id = open_patient_chart.student_id and m.university_id = v_me.university_id and m.role = 'student';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  perform private.record_chart_read(v_me, v_student.id, 'Patient chart');
  select * into v_profile from public.health_profiles h where h.student_id = v_student.id;
  return private.chart_timeline(v_me.id, v_student.id, null, null) || jsonb_build_object(
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', to_jsonb(private.allergy_terms(v_profile.allergies)),
    'vital_signs', coalesce((
      select jsonb_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id)), '[]'::jsonb),
    'current_prescriptions', coalesce((
      select jsonb_agg((to_jsonb(r) - 'university_id' - 'student_id')
                       || jsonb_build_object('prescribed_at', v.signed_at,
                                             'doctor_name', case when d.id is not null then private.member_display_name(d) end)
                       order by v.signed_at desc, r.created_at, r.id)
      from public.prescriptions r join public.visits v on v.id = r.visit_id left join public.members d on d.id = v.doctor_id
      where r.student_id = v_student.id and v.status = 'signed' and v.signed_at >= now() - interval '90 days'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select jsonb_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l where l.student_id = v_student.id), '[]'::jsonb),
    'upcoming_appointments', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'date', a.date, 'duration_minutes', a.duration_minutes,
                                          'status', a.status, 'kind', a.kind, 'reason', a.reason, 'provider_id', a.provider_id,
                                          'provider_name', case when p.id is not null then private.member_display_name(p) end)
                       order by a.date, a.id)
      from public.appointments a left join public.members p on p.id = a.provider_id
      where a.student_id = v_student.id and (a.status = 'ongoing' or (a.status = 'scheduled' and a.date >= now()))), '[]'::jsonb));
end;
$$;

-- The chart's next page: the visits after `after_visit` (the last one shown), as open_patient_chart() returns them.
-- The same readers; recorded for the student as 'Patient chart (earlier visits)'.
create function public.patient_chart_visits(student_id uuid, after_visit uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_after_date timestamptz;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a patient chart');
  end if;
  select a.date into v_after_date
  from public.visits v join public.appointments a on a.id = v.appointment_id
  where v.id = patient_chart_visits.after_visit and v.student_id = patient_chart_visits.student_id
    and v.university_id = v_me.university_id and (v.status = 'signed' or v.doctor_id = v_me.id);
  if v_after_date is null then
    perform private.fail('Visit not found', 'Open the patient chart again to see its visits.');
  end if;
  perform private.record_chart_read(v_me, patient_chart_visits.student_id, 'Patient chart (earlier visits)');
  return private.chart_timeline(v_me.id, patient_chart_visits.student_id, v_after_date, patient_chart_visits.after_visit);
end;
$$;

create or replace function public.open_visit(visit_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_visit public.visits;
  v_student public.members;
  v_profile public.health_profiles;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open a visit');
  end if;
  select * into v_visit from public.visits v where v.id = open_visit.visit_id and v.university_id = v_me.university_id;
  if v_visit.id is null or (v_visit.status = 'draft' and v_visit.doctor_id is distinct from v_me.id) then
    perform private.fail('Visit not found');
  end if;
  perform private.record_chart_read(v_me, v_visit.student_id, 'Visit', v_visit.id);
  select * into v_student from public.members m where m.id = v_visit.student_id;
  select * into v_profile from public.health_profiles h where h.student_id = v_visit.student_id;
  return jsonb_build_object(
    'visit', private.visits_json(array[v_visit.id]) -> 0,
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', to_jsonb(private.allergy_terms(v_profile.allergies)));
end;
$$;

create or replace function public.my_visits()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can see their visits');
  end if;
  return jsonb_build_object(
    'student', private.student_json(v_me),
    'university', (select jsonb_build_object('id', u.id, 'name', u.name) from public.universities u where u.id = v_me.university_id),
    'visits', private.visits_json(array(select v.id from public.visits v where v.student_id = v_me.id and v.status = 'signed')));
end;
$$;

-- Restated whole from 20260116000000_clinical_record.sql, with the visits built by private.visits_json.
create or replace function public.my_data()
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
    'visits', private.visits_json(array(select v.id from public.visits v where v.student_id = v_me.id and v.status = 'signed')),
    'vital_signs', coalesce((
      select jsonb_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'prescriptions', coalesce((
      select jsonb_agg((to_jsonb(r) - 'university_id' - 'student_id') || jsonb_build_object('prescribed_at', v.signed_at)
                       order by v.signed_at desc, r.created_at, r.id)
      from public.prescriptions r join public.visits v on v.id = r.visit_id
      where r.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select jsonb_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l join public.visits v on v.id = l.visit_id
      where l.student_id = v_me.id and v.status = 'signed'), '[]'::jsonb),
    'health_record_views', coalesce((
      select jsonb_agg(jsonb_build_object('viewed_at', v.viewed_at, 'viewer_name', v.viewer_name,
                                          'viewer_role', v.viewer_role, 'screen', v.screen)
                       order by v.viewed_at desc, v.id desc)
      from public.my_health_record_views() v), '[]'::jsonb));
end;
$$;

revoke all on function public.patient_chart_visits(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.patient_chart_visits(uuid, uuid) to authenticated;
