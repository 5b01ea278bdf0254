-- The student's record as a standard file (docs/clinical-record.md, "Computed, never stored by the browser"):
-- my_fhir_bundle() returns the signed-in student's record as a FHIR R4 Bundle of type `collection`, built here so every
-- client gets the same file and any clinic's system can read it. my_data() gains the student's immunization doses and
-- exemption requests, with their review.
--
-- What the file holds, and what it leaves out:
--   * Patient (the student, their registration number assigned by the university) and Organization (the university,
--     with the clinic's contact details), which the other resources point to.
--   * AllergyIntolerance from the health questionnaire's free text, as the student wrote it (they are its asserter);
--     an answer that says there are none ("None", "Nil", "NKDA", …) is SNOMED CT 716186003 "No known allergy"; an
--     unanswered questionnaire gives none.
--   * Immunization (CVX), status completed, for doses the clinic approved or gave. A dose still under review or rejected
--     is no record of a vaccination the clinic stands behind, and FHIR has no status for "unverified": it is left out
--     (my_data() still has it, with its review). A dose the clinic gave is the primary source; one the student reported
--     and the clinic approved comes from a written record.
--   * Encounter per signed visit (never a draft), with its Condition (ICD-10 when coded, the doctor's words otherwise),
--     Observation per vital sign (LOINC, UCUM units; blood pressure as the 85354-9 panel with its two components) and
--     MedicationRequest (status unknown: the clinic does not learn whether a course was finished).
--   * Doctors appear by name only (Reference.display): the file describes the student, not the clinic's staff.
-- Every resource is addressed by a urn:uuid: fullUrl, its row's id (an Observation's, its reading's and LOINC code's
-- hash), so the same record always gives the same addresses. Nothing here is of another student or university.

-- 1. Builders --------------------------------------------------------------------------------------------------------
-- SQL-standard bodies, inlined into the reader (as private.vital_json is).

-- A FHIR instant/dateTime: UTC, to the second (FHIR wants the seconds and a zone, whatever the session's TimeZone).
create function private.fhir_instant(p_at timestamptz)
returns text
language sql
stable
return to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');

-- A reference to another resource of the bundle (its fullUrl), with the name people read.
create function private.fhir_reference(p_id uuid, p_display text default null)
returns jsonb
language sql
immutable
return jsonb_strip_nulls(jsonb_build_object('reference', 'urn:uuid:' || p_id, 'display', p_display));

-- The items that are there, as a JSON array; null (so left out) when none is: FHIR allows no empty arrays.
create function private.fhir_list(variadic p_items jsonb[])
returns jsonb
language sql
immutable
return (select jsonb_agg(i.item order by i.n) from unnest(p_items) with ordinality as i(item, n) where i.item is not null);

-- A CodeableConcept of one code, with the words people read.
create function private.fhir_concept(p_system text, p_code text, p_display text, p_text text default null)
returns jsonb
language sql
immutable
return jsonb_strip_nulls(jsonb_build_object(
  'coding', jsonb_build_array(jsonb_build_object('system', p_system, 'code', p_code, 'display', p_display)),
  'text', p_text));

-- A measured value in UCUM.
create function private.fhir_quantity(p_value numeric, p_unit text, p_code text)
returns jsonb
language sql
immutable
return jsonb_build_object('value', p_value, 'unit', p_unit, 'system', 'http://unitsofmeasure.org', 'code', p_code);

revoke all on function private.fhir_instant(timestamptz), private.fhir_reference(uuid, text), private.fhir_list(jsonb[]),
  private.fhir_concept(text, text, text, text), private.fhir_quantity(numeric, text, text)
  from public, anon, authenticated, service_role;

-- 2. The bundle ------------------------------------------------------------------------------------------------------
-- Returned as json, built in order, so each resource reads resourceType first.
create function public.my_fhir_bundle()
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_student();
  v_patient jsonb := private.fhir_reference(v_me.id, concat_ws(' ', v_me.first_name, v_me.last_name));
begin
  return (
    with university as (
      select u.id, u.name, coalesce(s.phone, u.phone) as phone, coalesce(s.email, u.email::text) as email, s.address,
             private.fhir_reference(u.id, u.name) as ref
      from public.universities u
      left join public.clinic_settings s on s.university_id = u.id
      where u.id = v_me.university_id
    ),
    visit as (
      select v.id, v.chief_complaint, v.signed_at, a.date as started_at, a.kind,
             case when d.id is not null then private.member_display_name(d) end as doctor_name
      from public.visits v
      join public.appointments a on a.id = v.appointment_id
      left join public.members d on d.id = v.doctor_id
      where v.student_id = v_me.id and v.university_id = v_me.university_id and v.status = 'signed'
    ),
    reading as (
      select vs.*, v.doctor_name from public.vital_signs vs join visit v on v.id = vs.visit_id
      where vs.student_id = v_me.id
    ),
    -- One Observation per value measured; the blood pressure panel is built on its own below.
    measure as (
      select r.id as reading_id, r.visit_id, r.recorded_at, r.doctor_name, m.*
      from reading r
      cross join lateral (values
        ('8310-5', 'Body temperature', r.temperature_c, '°C', 'Cel', null::jsonb),
        ('8867-4', 'Heart rate', r.pulse_bpm::numeric, 'beats/minute', '/min', null),
        ('9279-1', 'Respiratory rate', r.respiratory_rate::numeric, 'breaths/minute', '/min', null),
        -- The FHIR vital-signs profile also asks for the general oxygen saturation code beside the pulse-oximetry one.
        ('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry', r.spo2_percent::numeric, '%', '%',
         jsonb_build_object('system', 'http://loinc.org', 'code', '2708-6', 'display', 'Oxygen saturation in Arterial blood')),
        ('29463-7', 'Body weight', r.weight_kg, 'kg', 'kg', null),
        ('8302-2', 'Body height', r.height_cm, 'cm', 'cm', null),
        ('39156-5', 'Body mass index (BMI) [Ratio]', r.bmi, 'kg/m2', 'kg/m2', null)
      ) as m(loinc, display, value, unit, ucum, also_coded)
      where m.value is not null
    ),
    resource (rank, at, id, body) as (
      select 1, null::timestamptz, v_me.id, json_build_object(
        'resourceType', 'Patient',
        'id', v_me.id,
        'identifier', jsonb_build_array(jsonb_build_object(
          'use', 'official', 'type', jsonb_build_object('text', 'Student registration number'), 'value', v_me.reg_number,
          'assigner', u.ref)),
        'active', true,
        'name', jsonb_build_array(jsonb_build_object(
          'use', 'official', 'text', concat_ws(' ', v_me.first_name, v_me.last_name), 'family', v_me.last_name,
          'given', jsonb_build_array(v_me.first_name))),
        'telecom', private.fhir_list(
          jsonb_build_object('system', 'email', 'value', v_me.email),
          case when v_me.phone is not null then jsonb_build_object('system', 'phone', 'value', v_me.phone) end),
        'managingOrganization', u.ref)
      from university u

      union all
      select 2, null, u.id, json_build_object(
        'resourceType', 'Organization',
        'id', u.id,
        'active', true,
        'name', u.name,
        'telecom', private.fhir_list(
          case when u.phone is not null then jsonb_build_object('system', 'phone', 'value', u.phone) end,
          jsonb_build_object('system', 'email', 'value', u.email)),
        'address', case when u.address is not null then jsonb_build_array(jsonb_build_object('text', u.address)) end)
      from university u

      union all
      select 3, null, a.id, json_build_object(
        'resourceType', 'AllergyIntolerance',
        'id', a.id,
        'clinicalStatus', private.fhir_concept('http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', 'active', 'Active'),
        'code', case when a.none_known
                     then private.fhir_concept('http://snomed.info/sct', '716186003', 'No known allergy', a.answer)
                     else jsonb_build_object('text', a.answer) end,
        'patient', v_patient,
        'recordedDate', private.fhir_instant(a.updated_at),
        'asserter', v_patient)
      from (
        select md5(h.student_id || '/AllergyIntolerance')::uuid as id, btrim(h.allergies) as answer, h.updated_at,
               btrim(h.allergies) ~* '^(none|nil|no|n/?a|nka|nkda|none known|no known( drug)? allerg(y|ies)|no allerg(y|ies))[.!]?$' as none_known
        from public.health_profiles h
        where h.student_id = v_me.id and btrim(h.allergies) <> ''
      ) a

      union all
      select 4, d.given_on::timestamptz, d.id, json_build_object(
        'resourceType', 'Immunization',
        'id', d.id,
        'status', 'completed',
        'vaccineCode', jsonb_build_object(
          'coding', jsonb_build_array(jsonb_build_object('system', 'http://hl7.org/fhir/sid/cvx', 'code', d.cvx_code)),
          'text', vc.name),
        'patient', v_patient,
        'occurrenceDateTime', to_char(d.given_on, 'YYYY-MM-DD'),
        'recorded', private.fhir_instant(d.created_at),
        'primarySource', d.source = 'clinic',
        'reportOrigin', case when d.source = 'student'
                             then private.fhir_concept('http://terminology.hl7.org/CodeSystem/immunization-origin', 'record', 'Written Record') end,
        'location', case when d.given_at is not null then jsonb_build_object('display', d.given_at) end,
        'lotNumber', d.lot,
        'performer', case when d.source = 'clinic' then jsonb_build_array(jsonb_build_object('actor', u.ref)) end)
      from public.immunization_doses d
      join public.vaccines vc on vc.cvx_code = d.cvx_code
      cross join university u
      where d.student_id = v_me.id and d.university_id = v_me.university_id
        and (d.review_status = 'approved' or (d.source = 'clinic' and d.review_status <> 'rejected'))

      union all
      select 5, v.started_at, v.id, json_build_object(
        'resourceType', 'Encounter',
        'id', v.id,
        'status', 'finished',
        'class', jsonb_build_object('system', 'http://terminology.hl7.org/CodeSystem/v3-ActCode', 'code', 'AMB', 'display', 'ambulatory'),
        'type', jsonb_build_array(jsonb_build_object('text', case when v.kind = 'walk_in' then 'Walk-in visit' else 'Booked visit' end)),
        'subject', v_patient,
        'participant', case when v.doctor_name is not null then jsonb_build_array(jsonb_build_object(
          'type', jsonb_build_array(private.fhir_concept('http://terminology.hl7.org/CodeSystem/v3-ParticipationType', 'ATND', 'attender')),
          'individual', jsonb_build_object('display', v.doctor_name))) end,
        -- From the booked start to the signing of the note, which closes the visit.
        'period', jsonb_build_object('start', private.fhir_instant(v.started_at),
                                     'end', private.fhir_instant(greatest(v.signed_at, v.started_at))),
        'reasonCode', case when v.chief_complaint is not null then jsonb_build_array(jsonb_build_object('text', v.chief_complaint)) end,
        'diagnosis', (select jsonb_agg(jsonb_build_object('condition', private.fhir_reference(dg.id)) order by dg.created_at, dg.id)
                      from public.diagnoses dg where dg.visit_id = v.id),
        'serviceProvider', u.ref)
      from visit v cross join university u

      union all
      select 6, v.started_at, dg.id, json_build_object(
        'resourceType', 'Condition',
        'id', dg.id,
        'category', jsonb_build_array(private.fhir_concept('http://terminology.hl7.org/CodeSystem/condition-category', 'encounter-diagnosis', 'Encounter Diagnosis')),
        'code', case when dg.icd10_code is not null
                     then private.fhir_concept('http://hl7.org/fhir/sid/icd-10', dg.icd10_code, icd.title, dg.description)
                     else jsonb_build_object('text', dg.description) end,
        'subject', v_patient,
        'encounter', private.fhir_reference(v.id),
        'recordedDate', private.fhir_instant(v.signed_at),
        'recorder', case when v.doctor_name is not null then jsonb_build_object('display', v.doctor_name) end)
      from public.diagnoses dg
      join visit v on v.id = dg.visit_id
      left join public.icd10_codes icd on icd.code = dg.icd10_code

      union all
      select 7, r.recorded_at, md5(r.id || '/85354-9')::uuid, json_build_object(
        'resourceType', 'Observation',
        'id', md5(r.id || '/85354-9')::uuid,
        'status', 'final',
        'category', jsonb_build_array(private.fhir_concept('http://terminology.hl7.org/CodeSystem/observation-category', 'vital-signs', 'Vital Signs')),
        'code', private.fhir_concept('http://loinc.org', '85354-9', 'Blood pressure panel with all children optional', 'Blood pressure'),
        'subject', v_patient,
        'encounter', private.fhir_reference(r.visit_id),
        'effectiveDateTime', private.fhir_instant(r.recorded_at),
        'performer', case when r.doctor_name is not null then jsonb_build_array(jsonb_build_object('display', r.doctor_name)) end,
        'component', jsonb_build_array(
          jsonb_build_object('code', private.fhir_concept('http://loinc.org', '8480-6', 'Systolic blood pressure'),
                             'valueQuantity', private.fhir_quantity(r.systolic_mmhg, 'mmHg', 'mm[Hg]')),
          jsonb_build_object('code', private.fhir_concept('http://loinc.org', '8462-4', 'Diastolic blood pressure'),
                             'valueQuantity', private.fhir_quantity(r.diastolic_mmhg, 'mmHg', 'mm[Hg]'))))
      from reading r
      where r.systolic_mmhg is not null

      union all
      select 7, m.recorded_at, md5(m.reading_id || '/' || m.loinc)::uuid, json_build_object(
        'resourceType', 'Observation',
        'id', md5(m.reading_id || '/' || m.loinc)::uuid,
        'status', 'final',
        'category', jsonb_build_array(private.fhir_concept('http://terminology.hl7.org/CodeSystem/observation-category', 'vital-signs', 'Vital Signs')),
        'code', jsonb_build_object(
          'coding', private.fhir_list(jsonb_build_object('system', 'http://loinc.org', 'code', m.loinc, 'display', m.display), m.also_coded),
          'text', m.display),
        'subject', v_patient,
        'encounter', private.fhir_reference(m.visit_id),
        'effectiveDateTime', private.fhir_instant(m.recorded_at),
        'performer', case when m.doctor_name is not null then jsonb_build_array(jsonb_build_object('display', m.doctor_name)) end,
        'valueQuantity', private.fhir_quantity(m.value, m.unit, m.ucum))
      from measure m

      union all
      select 8, v.started_at, p.id, json_build_object(
        'resourceType', 'MedicationRequest',
        'id', p.id,
        'status', 'unknown',
        'intent', 'order',
        'medicationCodeableConcept', jsonb_build_object('text', concat_ws(' ', p.drug, p.strength)),
        'subject', v_patient,
        'encounter', private.fhir_reference(v.id),
        'authoredOn', private.fhir_instant(v.signed_at),
        'requester', case when v.doctor_name is not null then jsonb_build_object('display', v.doctor_name) end,
        -- The prescription's parts are trimmed, and blank ones null, when written (prescriptions_guard_allergies).
        'dosageInstruction', case when coalesce(p.dose, p.route, p.frequency, p.duration, p.instructions) is not null
          then jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
            'text', nullif(concat_ws(', ', p.dose, p.route, p.frequency, 'for ' || p.duration), ''),
            'patientInstruction', p.instructions,
            'route', case when p.route is not null then jsonb_build_object('text', p.route) end))) end,
        'note', private.fhir_list(
          case when p.quantity is not null then jsonb_build_object('text', 'Quantity: ' || p.quantity) end,
          case when p.allergy_acknowledgement is not null
               then jsonb_build_object('text', 'Prescribed knowing of the recorded allergy: ' || p.allergy_acknowledgement) end))
      from public.prescriptions p
      join visit v on v.id = p.visit_id
      where p.student_id = v_me.id
    )
    select json_build_object(
      'resourceType', 'Bundle',
      'type', 'collection',
      'timestamp', private.fhir_instant(now()),
      'entry', json_agg(json_build_object('fullUrl', 'urn:uuid:' || r.id, 'resource', json_strip_nulls(r.body))
                        order by r.rank, r.at, r.id))
    from resource r);
end;
$$;

revoke all on function public.my_fhir_bundle() from public, anon, authenticated, service_role;
grant execute on function public.my_fhir_bundle() to authenticated;

-- 3. my_data() -------------------------------------------------------------------------------------------------------
-- Restated whole from 20260117000000_chart_timeline_pages.sql, with the student's immunization doses (each with its
-- vaccine's name and review) and exemption requests (with the requirement's name). Their columns are read whole, so
-- what later migrations add to those tables is exported too.
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
    'immunizations', coalesce((
      select jsonb_agg((to_jsonb(d) - 'university_id' - 'student_id') || jsonb_build_object('vaccine_name', vc.name)
                       order by d.given_on desc, d.created_at, d.id)
      from public.immunization_doses d join public.vaccines vc on vc.cvx_code = d.cvx_code
      where d.student_id = v_me.id and d.university_id = v_me.university_id), '[]'::jsonb),
    'immunization_exemptions', coalesce((
      select jsonb_agg((to_jsonb(e) - 'university_id' - 'student_id') || jsonb_build_object('requirement_name', r.name)
                       order by e.created_at desc, e.id)
      from public.immunization_exemptions e join public.immunization_requirements r on r.id = e.requirement_id
      where e.student_id = v_me.id and e.university_id = v_me.university_id), '[]'::jsonb),
    'health_record_views', coalesce((
      select jsonb_agg(jsonb_build_object('viewed_at', v.viewed_at, 'viewer_name', v.viewer_name,
                                          'viewer_role', v.viewer_role, 'screen', v.screen)
                       order by v.viewed_at desc, v.id desc)
      from public.my_health_record_views() v), '[]'::jsonb));
end;
$$;
