-- The BEFORE steps of an appointment's write, in one trigger that names their order. They were five BEFORE triggers
-- (appointments_guard, appointments_schedule_guard, appointments_slot_lock, appointments_student_booking,
-- appointments_student_move) whose order was their names' alphabetical order, which a reader had to know and a new
-- trigger could silently change. Each step is now a function of (operation, new row, old row) returning the row,
-- with the body it had as a trigger (restated from 20260116000000_clinical_record.sql, 20260106000000_scheduling.sql,
-- 20260104000000_dashboard_tallies_and_slot_locks.sql, 20260116000000_clinical_record.sql and
-- 20260115000000_student_move_limit.sql), called in the same order by private.appointments_before(). Behaviour is
-- unchanged; the move limit, which fired only on an UPDATE that set `date`, now returns early when the date did not
-- change, as it did inside.

drop trigger appointments_guard on public.appointments;
drop trigger appointments_schedule_guard on public.appointments;
drop trigger appointments_slot_lock on public.appointments;
drop trigger appointments_student_booking on public.appointments;
drop trigger appointments_student_move on public.appointments;
drop function private.appointments_guard();
drop function private.appointments_schedule_guard();
drop function private.lock_appointment_slot();
drop function private.appointments_student_booking();
drop function private.appointments_student_move();

-- 1. The appointment itself: the patient is a student of the university; a walk-in is inserted ongoing, now, by its own
--    doctor (start_walk_in_visit); a booking starts scheduled, in the future, at most a year ahead; student, university
--    and kind never change; status moves scheduled → ongoing → completed, or to cancelled (with a reason); `completed`
--    needs the visit's signed note, so only sign_visit() reaches it; only a scheduled visit is rescheduled; students
--    only reschedule or cancel, admins neither start nor complete; a newly assigned doctor is an active doctor of the
--    university; sets updated_at. Requests without a JWT subject (server, seed) may write history.
create function private.appointments_guard(p_op text, p_new public.appointments, p_old public.appointments)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_caller_role public.member_role;
  v_student public.members;
begin
  if v_uid is not null then
    select m.role into v_caller_role from public.members m where m.id = v_uid and m.status = 'active';
  end if;

  if p_op = 'INSERT' then
    select * into v_student from public.members m where m.id = p_new.student_id;
    if v_student.id is null or v_student.role <> 'student' or v_student.university_id <> p_new.university_id then
      perform private.fail('An appointment must belong to a student of the same university');
    end if;
    if v_uid is not null and p_new.kind = 'walk_in' then
      if v_caller_role is distinct from 'doctor' or p_new.provider_id is distinct from v_uid then
        perform private.fail('Only a doctor can start a walk-in visit, as its doctor');
      end if;
      if p_new.status <> 'ongoing' or p_new.date not between now() - interval '1 minute' and now() + interval '1 minute' then
        perform private.fail('A walk-in visit starts now');
      end if;
    elsif v_uid is not null then
      if p_new.status <> 'scheduled' then
        perform private.fail('A new appointment starts as scheduled');
      end if;
      if p_new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif p_new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
  else
    if p_new.id <> p_old.id or p_new.university_id <> p_old.university_id or p_new.student_id <> p_old.student_id
       or p_new.created_at <> p_old.created_at then
      perform private.fail('An appointment''s student and university cannot change');
    end if;
    if p_new.kind <> p_old.kind then
      perform private.fail('An appointment stays booked or walk-in');
    end if;
    if p_old.status in ('completed', 'cancelled')
       and (to_jsonb(p_new) - 'updated_at') is distinct from (to_jsonb(p_old) - 'updated_at') then
      perform private.fail(format('This appointment is already %s and can no longer change', p_old.status));
    end if;
    if p_new.status <> p_old.status and not (
      (p_old.status = 'scheduled' and p_new.status in ('ongoing', 'cancelled'))
      or (p_old.status = 'ongoing' and p_new.status in ('completed', 'cancelled'))
    ) then
      perform private.fail(format('An appointment cannot go from %s to %s', p_old.status, p_new.status));
    end if;
    if p_new.date <> p_old.date or p_new.duration_minutes <> p_old.duration_minutes then
      if p_old.status <> 'scheduled' then
        perform private.fail('Only a scheduled appointment can be rescheduled');
      end if;
      if v_uid is not null and p_new.date <= now() then
        perform private.fail('Choose a date and time in the future');
      elsif v_uid is not null and p_new.date > now() + interval '1 year' then
        perform private.fail('Appointments can be booked at most a year ahead');
      end if;
    end if;
    if v_uid is not null then
      if v_caller_role = 'student' then
        if p_new.provider_id is distinct from p_old.provider_id or p_new.name <> p_old.name or p_new.department <> p_old.department
           or p_new.reg <> p_old.reg or p_new.year <> p_old.year then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
        if p_new.status <> p_old.status and p_new.status <> 'cancelled' then
          perform private.fail('Students can only reschedule or cancel their appointments');
        end if;
      elsif v_caller_role = 'admin' and p_new.status <> p_old.status and p_new.status in ('ongoing', 'completed') then
        perform private.fail('Only a doctor can start or complete an appointment');
      end if;
    end if;
    if p_new.status = 'completed' and p_old.status <> 'completed' and not exists (
      select 1 from public.visits v where v.appointment_id = p_new.id and v.status = 'signed'
    ) then
      perform private.fail('Sign the visit to complete it: an appointment is completed when its doctor signs the visit note');
    end if;
    p_new.updated_at := now();
  end if;

  if p_new.status = 'cancelled' and coalesce(btrim(p_new.cancel_reason), '') = '' then
    perform private.fail('Give a reason for cancelling the appointment');
  end if;
  if p_new.provider_id is not null and (p_op = 'INSERT' or p_new.provider_id is distinct from p_old.provider_id) then
    if not exists (
      select 1 from public.members d
      where d.id = p_new.provider_id and d.university_id = p_new.university_id and d.role = 'doctor' and d.status = 'active'
    ) then
      perform private.fail('Choose an active doctor of this university');
    end if;
  end if;
  return p_new;
end;
$$;

-- 2. The clinic's schedule, for a student's own booking or move: not within the cutoff of the old time nor the notice of
--    the new one, one slot long, at a free time — for the chosen doctor, or the first free doctor it picks for "first
--    available" (before the slot lock, so the doctor picked is the one locked and checked by the exclusion constraints).
--    Staff start or complete a visit on its day, not before. The server and the seed are trusted.
create function private.appointments_schedule_guard(p_op text, p_new public.appointments, p_old public.appointments)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_role public.member_role;
  v_settings public.clinic_settings;
  v_exclude uuid := case when p_op = 'UPDATE' then p_old.id end;
begin
  if v_uid is null then
    return p_new;
  end if;
  select m.role into v_role from public.members m where m.id = v_uid and m.status = 'active';
  select * into v_settings from public.clinic_settings s where s.university_id = p_new.university_id;

  if v_role = 'student' then
    if p_op = 'UPDATE' and (p_new.date <> p_old.date or (p_new.status = 'cancelled' and p_old.status <> 'cancelled'))
       and p_old.date < now() + make_interval(mins => v_settings.student_change_cutoff_minutes) then
      perform private.fail(format(
        'Appointments can be cancelled or moved up to %s before they start. Please call the clinic to change this one.',
        private.describe_minutes(v_settings.student_change_cutoff_minutes)));
    end if;
    if p_op = 'INSERT' or p_new.date <> p_old.date then
      if p_new.date < now() + make_interval(mins => v_settings.min_notice_minutes) then
        perform private.fail(format('Book at least %s ahead', private.describe_minutes(v_settings.min_notice_minutes)));
      end if;
      -- A student's visit is one of the clinic's slots.
      p_new.duration_minutes := v_settings.slot_minutes;
      if p_new.provider_id is null then
        p_new.provider_id := private.first_free_doctor(p_new.university_id, p_new.date, p_new.student_id, v_exclude);
        if p_new.provider_id is null then
          perform private.fail('That time is not free: choose one of the free times');
        end if;
      elsif not private.slot_is_free(p_new.university_id, p_new.provider_id, p_new.date, p_new.student_id, v_exclude) then
        perform private.fail('That time is not free: choose one of the free times');
      end if;
    end if;
  elsif p_op = 'UPDATE' and p_new.status <> p_old.status and p_new.status in ('ongoing', 'completed')
        and (p_new.date at time zone v_settings.timezone)::date > (now() at time zone v_settings.timezone)::date then
    perform private.fail('A visit can be started or completed on its day, not before');
  end if;
  return p_new;
end;
$$;

-- 3. The slot lock: a write that may take a slot locks its student, then its doctor, always in that order, until the
--    transaction ends; a conflicting booking waits for it and then sees a committed row: the overlap message at once,
--    not a deadlock inside the exclusion constraints (supabase/tests/concurrency.test.ts).
create function private.lock_appointment_slot(p_op text, p_new public.appointments, p_old public.appointments)
returns public.appointments
language plpgsql
set search_path = ''
as $$
begin
  if p_new.status in ('scheduled', 'ongoing')
     and (p_op = 'INSERT' or p_new.date <> p_old.date or p_new.duration_minutes <> p_old.duration_minutes
          or p_new.provider_id is distinct from p_old.provider_id) then
    perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(p_new.student_id::text));
    if p_new.provider_id is not null then
      perform pg_catalog.pg_advisory_xact_lock(2, pg_catalog.hashtext(p_new.provider_id::text));
    end if;
  end if;
  return p_new;
end;
$$;

-- 4. On insert, the patient as their member row names them; and for a student's own booking the clinic's limits —
--    upcoming visits, bookings made today on the clinic's calendar (cancelled ones included), bookings in the last
--    minute — counted under the student's slot lock, so parallel bookings are counted one after another. A booking the
--    clinic makes for them (walk-in, follow-up: private.staff_bookings) neither counts nor is refused. After the
--    schedule, so a refused time takes no count. The server is trusted.
create function private.appointments_student_booking(p_new public.appointments)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_bookings_per_minute constant integer := 3;
  v_student public.members;
  v_settings public.clinic_settings;
  v_zone text;
begin
  if auth.uid() is null then
    return p_new;
  end if;
  select * into v_student from public.members m where m.id = p_new.student_id;
  p_new.name := left(btrim(v_student.first_name || ' ' || v_student.last_name), 200);
  p_new.reg := v_student.reg_number;
  if p_new.kind = 'walk_in' or auth.uid() is distinct from p_new.student_id then
    return p_new;
  end if;

  select * into v_settings from public.clinic_settings s where s.university_id = p_new.university_id;
  v_zone := coalesce(v_settings.timezone, 'UTC');
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(p_new.student_id::text));
  if (select count(*) from public.appointments a
      where a.student_id = p_new.student_id and a.status = 'scheduled' and a.date > now()
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= v_settings.student_upcoming_limit then
    perform private.fail(format(
      'You already have %s upcoming appointment%s, the most the clinic allows. Cancel one, or book again after your next visit.',
      v_settings.student_upcoming_limit, case when v_settings.student_upcoming_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = p_new.student_id
        and a.created_at >= (date_trunc('day', now() at time zone v_zone) at time zone v_zone)
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= v_settings.student_daily_booking_limit then
    perform private.fail(format(
      'You can book at most %s appointment%s a day, cancelled ones included. Please book again tomorrow.',
      v_settings.student_daily_booking_limit, case when v_settings.student_daily_booking_limit = 1 then '' else 's' end));
  end if;
  if (select count(*) from public.appointments a
      where a.student_id = p_new.student_id and a.created_at > now() - interval '1 minute'
        and not exists (select 1 from private.staff_bookings b where b.appointment_id = a.id)) >= c_bookings_per_minute then
    perform private.fail(format('You are booking too quickly: at most %s appointments a minute. Please wait a minute and try again.',
                                c_bookings_per_minute));
  end if;
  return p_new;
end;
$$;

-- 5. On update, a student's move of their own visit: at most 3 a minute and 6 a day on the clinic's calendar, counted
--    under the student's slot lock in private.student_moves. Last, so a move the clinic refuses takes no count.
create function private.appointments_student_move(p_new public.appointments, p_old public.appointments)
returns public.appointments
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_moves_per_minute constant integer := 3;
  c_moves_per_day constant integer := 6;
  v_day_start timestamptz;
begin
  if p_new.date is not distinct from p_old.date or auth.uid() is distinct from p_new.student_id then
    return p_new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(p_new.student_id::text));
  v_day_start := (select date_trunc('day', now() at time zone coalesce(s.timezone, 'UTC')) at time zone coalesce(s.timezone, 'UTC')
                  from public.clinic_settings s where s.university_id = p_new.university_id);
  v_day_start := coalesce(v_day_start, date_trunc('day', now() at time zone 'UTC') at time zone 'UTC');
  delete from private.student_moves m where m.student_id = p_new.student_id and m.moved_at < now() - interval '2 days';
  if (select count(*) from private.student_moves m where m.student_id = p_new.student_id and m.moved_at >= v_day_start) >= c_moves_per_day then
    perform private.fail(format('You can move appointments at most %s times a day. Please try again tomorrow, or call the clinic.', c_moves_per_day));
  end if;
  if (select count(*) from private.student_moves m where m.student_id = p_new.student_id and m.moved_at > now() - interval '1 minute') >= c_moves_per_minute then
    perform private.fail(format('You are moving appointments too quickly: at most %s moves a minute. Please wait a minute and try again.', c_moves_per_minute));
  end if;
  insert into private.student_moves (student_id) values (p_new.student_id);
  return p_new;
end;
$$;

-- The steps in their order. OLD is null on insert. Security definer so the steps need no EXECUTE grant to the API
-- roles (a trigger function is not checked when it fires, but what it calls is).
create function private.appointments_before()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new := private.appointments_guard(tg_op, new, old);
  new := private.appointments_schedule_guard(tg_op, new, old);
  new := private.lock_appointment_slot(tg_op, new, old);
  if tg_op = 'INSERT' then
    new := private.appointments_student_booking(new);
  else
    new := private.appointments_student_move(new, old);
  end if;
  return new;
end;
$$;

revoke all on function private.appointments_guard(text, public.appointments, public.appointments),
  private.appointments_schedule_guard(text, public.appointments, public.appointments),
  private.lock_appointment_slot(text, public.appointments, public.appointments),
  private.appointments_student_booking(public.appointments),
  private.appointments_student_move(public.appointments, public.appointments),
  private.appointments_before()
  from public, anon, authenticated, service_role;

create trigger appointments_before before insert or update on public.appointments
  for each row execute function private.appointments_before();
