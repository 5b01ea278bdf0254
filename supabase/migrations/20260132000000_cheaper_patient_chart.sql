-- The patient chart, cheaper per opening (the chart of a student with 50 visits is read at every consultation).
-- Two per-call helpers were `language sql` with their own search_path: PostgreSQL cannot inline such a function and
-- plans its statement again on every call (about 0.2 ms for the no-show count), where PL/pgSQL keeps the plan for the
-- session. The vital-sign trend checked each reading's visit with one index probe per reading; the student's readable
-- visits are now listed once and the readings matched against that list.
create or replace function public.no_show_count(public.members)
returns integer
language plpgsql
stable
set search_path = ''
as $$
begin
  return (select count(*)::integer from public.appointments a where a.student_id = $1.id and a.status = 'no_show');
end;
$$;

create or replace function private.student_json(p_student public.members)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  return jsonb_build_object('id', p_student.id, 'first_name', p_student.first_name, 'last_name', p_student.last_name,
                            'email', p_student.email, 'phone', p_student.phone, 'reg_number', p_student.reg_number,
                            'department', p_student.department, 'year_of_study', p_student.year_of_study,
                            'status', p_student.status, 'avatar_path', p_student.avatar_path);
end;
$$;

create or replace function public.open_patient_chart(student_id uuid)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_profile public.health_profiles;
  v_timeline record;
  v_readable uuid[];
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
  v_readable := array(select v.id from public.visits v
                      where v.student_id = v_student.id and (v.status = 'signed' or v.doctor_id = v_me.id));
  return json_build_object(
    'student', private.student_json(v_student),
    'health_profile', case when v_profile.student_id is not null then to_jsonb(v_profile) - 'student_id' end,
    'allergy_terms', private.allergy_terms(v_profile.allergies),
    'visits', v_timeline.visits,
    'earlier_visits', v_timeline.earlier_visits,
    'vital_signs', coalesce((
      select json_agg(private.vital_json(vs) order by vs.recorded_at, vs.id)
      from public.vital_signs vs where vs.student_id = v_student.id and vs.visit_id = any(v_readable)), '[]'),
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
      where a.student_id = v_student.id
        and (a.status in ('arrived', 'ongoing') or (a.status = 'scheduled' and a.date >= now()))), '[]'),
    'no_show_count', public.no_show_count(v_student));
end;
$$;
