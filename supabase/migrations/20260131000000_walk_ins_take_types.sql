-- Walk-ins take the clinic's types of visit, as bookings do. The walk-in still checked its reason against the spec's
-- fixed reasons, which types made each university's own: a type the clinic added ("Counselling") became
-- "Other: Counselling", and one it deleted or renamed was still taken by its old name. A reason naming one of the
-- university's types (in any case) is now that type, stored by its name and with the appointment's type; any other
-- words are "Other: <words>", of the university's Other type when it keeps one. A walk-in still lasts one clinic slot.
create or replace function public.start_walk_in_visit(student_id uuid, reason text)
returns public.visits
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_student public.members;
  v_reason text := btrim(coalesce(start_walk_in_visit.reason, ''));
  v_type public.appointment_types;
  v_slot integer;
  v_appointment uuid;
  v_visit public.visits;
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors can start a walk-in visit');
  end if;
  select * into v_student from public.members m
  where m.id = start_walk_in_visit.student_id and m.university_id = v_me.university_id and m.role = 'student' and m.status = 'active';
  if v_student.id is null then
    perform private.fail('Student not found');
  end if;
  if v_reason = '' then
    perform private.fail('Say why the student came in');
  end if;
  if not private.is_single_line(v_reason) then
    perform private.fail('Describe the reason on one line, without line breaks or other control characters');
  end if;
  select * into v_type from public.appointment_types t
  where t.university_id = v_me.university_id and lower(t.name) = lower(v_reason);
  if v_type.id is not null then
    v_reason := v_type.name;
  else
    if char_length(v_reason) > 193 then
      perform private.fail('Describe the reason in at most 193 characters');
    end if;
    v_reason := 'Other: ' || v_reason;
    select * into v_type from public.appointment_types t where t.university_id = v_me.university_id and lower(t.name) = 'other';
  end if;
  select s.slot_minutes into v_slot from public.clinic_settings s where s.university_id = v_me.university_id;

  begin
    insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                     reg, year, reason, status, kind, appointment_type_id)
    values (v_me.university_id, v_student.id, v_me.id, now(), coalesce(v_slot, 30),
            left(btrim(v_student.first_name || ' ' || v_student.last_name), 200), v_student.department,
            v_student.reg_number, v_student.year_of_study, v_reason, 'ongoing', 'walk_in', v_type.id)
    returning id into v_appointment;
  exception when exclusion_violation then
    raise exception using errcode = '23P01',
      message = 'This student has a visit booked or in progress now: start or finish that one instead';
  end;
  select * into v_visit from public.visits v where v.appointment_id = v_appointment;
  return v_visit;
end;
$$;
