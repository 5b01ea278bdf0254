-- The patient chart of a student with many visits (50 at the 1M-appointment scale: bench scenario patient-chart) took
-- 45 ms of database time, nearly all of it spent planning small functions again for every row: private.visit_json per
-- visit (five subqueries each), private.vital_json and private.member_name per row under it. PostgreSQL 17 keeps no
-- plans for SQL-language functions (PL/pgSQL keeps them for the session), so a SQL function called per row is planned
-- per row unless the planner inlines it; and jsonb costs about twice what json does to build.
--
--   * The per-row helpers become SQL-standard bodies (parsed once, at creation, so no search_path applies to them) that
--     the planner inlines: vital_flags, vital_json and prescription_json (json, their columns named), and
--     member_display_name (stable, as concat_ws is: as immutable it could never be inlined).
--   * private.visits_json(ids), in PL/pgSQL so its plan is kept, builds any number of visits as json; open_visit,
--     my_visits, my_data and the chart share it, and private.visit_json goes. allergy_matches, allergy_terms,
--     record_chart_read and letter_json, which every chart calls (per word, per letter), move to PL/pgSQL likewise.
--   * The chart's timeline comes in pages: the newest 10 visits in full with the count of earlier ones, and
--     patient_chart_visits() for the next page. The vital-sign trend, letters and prescriptions still cover every visit.
--     The chart is returned as json, built once.

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

-- A reading as the record shows it: its values and flags, without the columns that only place it (university, student).
drop function private.vital_json(public.vital_signs);
create function private.vital_json(p_vitals public.vital_signs)
returns json
language sql
stable
return json_build_object(
  'id', p_vitals.id, 'visit_id', p_vitals.visit_id, 'recorded_at', p_vitals.recorded_at,
  'temperature_c', p_vitals.temperature_c, 'systolic_mmhg', p_vitals.systolic_mmhg, 'diastolic_mmhg', p_vitals.diastolic_mmhg,
  'pulse_bpm', p_vitals.pulse_bpm, 'respiratory_rate', p_vitals.respiratory_rate, 'spo2_percent', p_vitals.spo2_percent,
  'weight_kg', p_vitals.weight_kg, 'height_cm', p_vitals.height_cm, 'bmi', p_vitals.bmi, 'flags', private.vital_flags(p_vitals));

-- A prescription as the record shows it, likewise.
create function private.prescription_json(p_prescription public.prescriptions)
returns json
language sql
stable
return json_build_object(
  'id', p_prescription.id, 'visit_id', p_prescription.visit_id, 'drug', p_prescription.drug, 'strength', p_prescription.strength,
  'dose', p_prescription.dose, 'route', p_prescription.route, 'frequency', p_prescription.frequency,
  'duration', p_prescription.duration, 'quantity', p_prescription.quantity, 'instructions', p_prescription.instructions,
  'allergy_acknowledgement', p_prescription.allergy_acknowledgement,
  'created_at', p_prescription.created_at, 'updated_at', p_prescription.updated_at);

-- "Dr Amelia Adams"; an invited doctor who has not filled in a name yet is their email address.
create or replace function private.member_display_name(p_member public.members)
returns text
language sql
stable
return case when btrim(p_member.first_name || p_member.last_name) = '' then p_member.email
            else concat_ws(' ', p_member.title, nullif(p_member.first_name, ''), nullif(p_member.last_name, '')) end;

-- Restated from 20260116000000_clinical_record.sql in PL/pgSQL, which keeps their plans for the session: the chart asks
-- for the allergy words once per word of the student's allergies, and names a letter's issuer and reviser per letter.
create or replace function private.allergy_matches(p_allergies text, p_drug text)
returns text[]
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
begin
  return (
    with allergy as (
      select distinct w from regexp_split_to_table(lower(coalesce(p_allergies, '')), '[^[:alpha:]]+') w
      where char_length(w) >= 3
        and w not in ('none', 'nil', 'known', 'nka', 'nkda', 'not', 'any', 'and', 'the', 'for', 'with', 'from', 'other',
                      'allergy', 'allergies', 'allergic', 'intolerance', 'intolerant', 'reaction', 'reactions', 'mild',
                      'moderate', 'severe', 'rash', 'hives', 'drug', 'drugs', 'food', 'foods', 'medicine', 'medicines')
    ),
    drug as (
      select distinct w from regexp_split_to_table(lower(coalesce(p_drug, '')), '[^[:alpha:]]+') w where char_length(w) >= 3
    )
    select coalesce(array_agg(distinct a.w order by a.w), '{}'::text[])
    from allergy a
    join drug d on d.w = a.w
               or (char_length(a.w) >= 5 and strpos(d.w, a.w) > 0)
               or (char_length(d.w) >= 5 and starts_with(a.w, d.w)));
end;
$$;

create or replace function private.allergy_terms(p_allergies text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
begin
  return (
    select coalesce(array_agg(w order by w), '{}'::text[]) from (
      select distinct w from regexp_split_to_table(lower(coalesce(p_allergies, '')), '[^[:alpha:]]+') w
      where cardinality(private.allergy_matches(p_allergies, w)) > 0
    ) t);
end;
$$;

-- A staff opening of a student's record: the same entry get_health_profile() writes, with the screen's name, so the
-- student's "Who viewed my health record" (my_health_record_views) and the audit view show it.
create or replace function private.record_chart_read(p_me public.members, p_student uuid, p_screen text, p_visit uuid default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (p_me.id, p_me.university_id, 'read', 'health_profiles', p_student,
          jsonb_strip_nulls(jsonb_build_object('screen', p_screen, 'visit_id', p_visit)));
end;
$$;

-- A letter as the chart, the visit and "My visits" show it. The verification code (printed in groups of four, as on
-- the letter) is there only for those entitled to print or check the letter: the student whose letter it is, once the
-- visit is signed, and the doctors of the student's university. Decided here from the caller, not by the function
-- that asks, so no reader added later can hand a code to anyone else (an admin, a classmate, the other university).
create or replace function private.letter_json(p_letter public.excuse_letters)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_issued_by_name text;
  v_revoked_by_name text;
  v_letter jsonb;
begin
  select (select private.member_display_name(m) from public.members m where m.id = p_letter.issued_by),
         (select private.member_display_name(m) from public.members m where m.id = p_letter.revoked_by)
  into v_issued_by_name, v_revoked_by_name;
  v_letter := jsonb_build_object(
    'id', p_letter.id, 'visit_id', p_letter.visit_id, 'student_id', p_letter.student_id,
    'starts_on', p_letter.starts_on, 'ends_on', p_letter.ends_on,
    'issued_at', p_letter.issued_at, 'issued_by', p_letter.issued_by, 'issued_by_name', v_issued_by_name,
    'status', case when p_letter.revoked_at is null then 'valid' else 'revoked' end,
    'revoked_at', p_letter.revoked_at, 'revoked_by', p_letter.revoked_by,
    'revoked_by_name', v_revoked_by_name, 'revoke_reason', p_letter.revoke_reason);
  if v_me.university_id = p_letter.university_id and (
       v_me.role = 'doctor'
       or (v_me.id = p_letter.student_id
           and exists (select 1 from public.visits v where v.id = p_letter.visit_id and v.status = 'signed'))) then
    v_letter := v_letter || jsonb_build_object('verification_code', regexp_replace(p_letter.verification_code, '(.{4})(?!$)', '\1-', 'g'));
  end if;
  return v_letter;
end;
$$;

-- The chart's current prescriptions come from the student's visits signed in the last 90 days: found by this index
-- instead of by reading every prescription the student ever had and its visit.
create index visits_student_signed_idx on public.visits (student_id, signed_at desc) where status = 'signed';

-- 2. Visits and the timeline ----------------------------------------------------------------------------------------
-- The given visits with everything under them, newest first: the shape open_visit(), the chart and my_visits() share.
-- The callers decide which visits the reader may see.
create function private.visits_json(p_visits uuid[])
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select coalesce(json_agg(json_build_object(
      'id', v.id, 'appointment_id', v.appointment_id, 'student_id', v.student_id, 'doctor_id', v.doctor_id,
      'doctor_name', (select private.member_display_name(d) from public.members d where d.id = v.doctor_id),
      'status', v.status, 'kind', a.kind, 'date', a.date, 'duration_minutes', a.duration_minutes, 'reason', a.reason,
      'chief_complaint', v.chief_complaint, 'subjective', v.subjective, 'objective', v.objective,
      'assessment', v.assessment, 'plan', v.plan, 'follow_up', v.follow_up,
      'signed_at', v.signed_at, 'created_at', v.created_at, 'updated_at', v.updated_at,
      'vital_signs', coalesce((
        select json_agg(private.vital_json(s) order by s.recorded_at, s.id) from public.vital_signs s where s.visit_id = v.id), '[]'),
      'diagnoses', coalesce((
        select json_agg(json_build_object('id', dg.id, 'description', dg.description, 'icd10_code', dg.icd10_code,
                                          'icd10_title', c.title, 'created_at', dg.created_at) order by dg.created_at, dg.id)
        from public.diagnoses dg left join public.icd10_codes c on c.code = dg.icd10_code where dg.visit_id = v.id), '[]'),
      'prescriptions', coalesce((
        select json_agg(private.prescription_json(r) order by r.created_at, r.id) from public.prescriptions r where r.visit_id = v.id), '[]'),
      'addenda', coalesce((
        select json_agg(json_build_object('id', x.id, 'text', x.text, 'created_at', x.created_at, 'author_id', x.author_id,
                                          'author_name', (select private.member_display_name(au) from public.members au where au.id = x.author_id))
                        order by x.created_at, x.id)
        from public.visit_addenda x where x.visit_id = v.id), '[]'),
      'excuse_letters', coalesce((
        select json_agg(private.letter_json(l) order by l.issued_at, l.id) from public.excuse_letters l where l.visit_id = v.id), '[]'))
      order by a.date desc, v.id), '[]')
    from public.visits v join public.appointments a on a.id = v.appointment_id
    where v.id = any(p_visits));
end;
$$;

-- One page of a chart's timeline: the visits a doctor may read (signed ones and their own drafts), newest first,
-- those after the visit (p_after_date, p_after_id) or from the newest when it is null, and how many remain after them.
create function private.chart_timeline(p_doctor uuid, p_student uuid, p_after_date timestamptz, p_after_id uuid,
                                       out visits json, out earlier_visits bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_page uuid[];
begin
  select array_agg(t.id order by t.date desc, t.id) filter (where t.position <= 10), count(*) filter (where t.position > 10)
  into v_page, earlier_visits
  from (
    select v.id, a.date, row_number() over (order by a.date desc, v.id) as position
    from public.visits v join public.appointments a on a.id = v.appointment_id
    where v.student_id = p_student and (v.status = 'signed' or v.doctor_id = p_doctor)
      and (p_after_id is null or a.date < p_after_date or (a.date = p_after_date and v.id > p_after_id))
  ) t;
  visits := private.visits_json(coalesce(v_page, '{}'));
end;
$$;

drop function private.visit_json(public.visits);
revoke all on function private.vital_json(public.vital_signs), private.prescription_json(public.prescriptions),
  private.visits_json(uuid[]), private.chart_timeline(uuid, uuid, timestamptz, uuid)
  from public, anon, authenticated, service_role;

-- 3. The readers ----------------------------------------------------------------------------------------------------
-- A student's chart, for the doctors of their university: the newest visits (the timeline's first page) and how many
-- earlier ones patient_chart_visits() pages through. Each opening is recorded as a read of the health record on the
-- screen 'Patient chart'. Returned as json (was jsonb), hence dropped and created again.
drop function public.open_patient_chart(uuid);
create function public.open_patient_chart(student_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_profile public.health_profiles;
  v_timeline record;
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
  select * into v_timeline from private.chart_timeline(v_me.id, v_student.id, null, null);
  return json_build_object(
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', private.allergy_terms(v_profile.allergies),
    'visits', v_timeline.visits,
    'earlier_visits', v_timeline.earlier_visits,
    'vital_signs', coalesce((
      select json_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs join public.visits v on v.id = vs.visit_id
      where vs.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id)), '[]'),
    'current_prescriptions', coalesce((
      select jsonb_agg(private.prescription_json(r)::jsonb
                       || jsonb_build_object('prescribed_at', v.signed_at,
                                             'doctor_name', case when d.id is not null then private.member_display_name(d) end)
                       order by v.signed_at desc, r.created_at, r.id)
      from public.visits v join public.prescriptions r on r.visit_id = v.id left join public.members d on d.id = v.doctor_id
      where v.student_id = v_student.id and v.status = 'signed' and v.signed_at >= now() - interval '90 days'), '[]'::jsonb),
    'excuse_letters', coalesce((
      select json_agg(private.letter_json(l) order by l.issued_at desc, l.id)
      from public.excuse_letters l where l.student_id = v_student.id), '[]'),
    'upcoming_appointments', coalesce((
      select json_agg(json_build_object('id', a.id, 'date', a.date, 'duration_minutes', a.duration_minutes,
                                        'status', a.status, 'kind', a.kind, 'reason', a.reason, 'provider_id', a.provider_id,
                                        'provider_name', case when p.id is not null then private.member_display_name(p) end)
                      order by a.date, a.id)
      from public.appointments a left join public.members p on p.id = a.provider_id
      where a.student_id = v_student.id and (a.status = 'ongoing' or (a.status = 'scheduled' and a.date >= now()))), '[]'));
end;
$$;

-- The chart's next page: the visits after `after_visit` (the last one shown), as open_patient_chart() returns them.
-- The same readers; recorded for the student as 'Patient chart (earlier visits)'.
create function public.patient_chart_visits(student_id uuid, after_visit uuid)
returns json
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
  return (select json_build_object('visits', t.visits, 'earlier_visits', t.earlier_visits)
          from private.chart_timeline(v_me.id, patient_chart_visits.student_id, v_after_date, patient_chart_visits.after_visit) t);
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

revoke all on function public.open_patient_chart(uuid), public.patient_chart_visits(uuid, uuid)
  from public, anon, authenticated, service_role;
grant execute on function public.open_patient_chart(uuid), public.patient_chart_visits(uuid, uuid) to authenticated;
