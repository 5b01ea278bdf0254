-- How students reach the clinic, and a short grace period in which a student may undo a booking they just made.
--
-- 1. clinic_settings gains the clinic's phone, email and address (each optional), which every "call the clinic" the
--    database says now names, and booking_grace_minutes: for that long after a booking was made, its student may
--    cancel it even inside the cancellation cutoff (a visit booked a minute ago for later today could not be undone).
-- 2. Reminders are for visits booked at least a day ahead: a visit booked for the next 24 hours has just had its
--    confirmation, and a "reminder" seconds later says nothing new.

alter table public.clinic_settings
  add column phone text,
  add column email text,
  add column address text,
  add column booking_grace_minutes integer not null default 15,
  add constraint clinic_settings_phone_format check (phone ~ '^\+?[0-9][0-9 ()./-]{3,24}$'),
  add constraint clinic_settings_email_format
    check (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and char_length(email) <= 255),
  add constraint clinic_settings_address_length check (char_length(btrim(address)) between 1 and 300),
  add constraint clinic_settings_grace_range check (booking_grace_minutes between 0 and 120);

grant update (phone, email, address, booking_grace_minutes) on public.clinic_settings to authenticated;

-- "Please call the clinic on +1 212 555 0100 to change this one.": the way to reach the clinic a refusal names, the
-- phone first, else the email, else the clinic itself.
create function private.clinic_contact_request(p_settings public.clinic_settings, p_request text)
returns text
language sql
stable
set search_path = ''
return case
  when p_settings.phone is not null then format('Please call the clinic on %s %s.', p_settings.phone, p_request)
  when p_settings.email is not null then format('Please email the clinic at %s %s.', p_settings.email, p_request)
  else format('Please call the clinic %s.', p_request)
end;

revoke all on function private.clinic_contact_request(public.clinic_settings, text) from public, anon, authenticated, service_role;

create or replace function private.appointments_schedule_guard(p_op text, p_new public.appointments, p_old public.appointments)
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
  v_cancels boolean;
begin
  if v_uid is null then
    return p_new;
  end if;
  select m.role into v_role from public.members m where m.id = v_uid and m.status = 'active';
  select * into v_settings from public.clinic_settings s where s.university_id = p_new.university_id;

  if v_role = 'student' then
    v_cancels := p_op = 'UPDATE' and p_new.status = 'cancelled' and p_old.status <> 'cancelled';
    if p_op = 'UPDATE' and (p_new.date <> p_old.date or v_cancels)
       and p_old.date < now() + make_interval(mins => v_settings.student_change_cutoff_minutes)
       -- Within the grace period a booking just made may still be undone, as long as its visit has not begun.
       and not (v_cancels and p_new.date = p_old.date and p_old.date > now()
                and p_old.created_at > now() - make_interval(mins => v_settings.booking_grace_minutes)) then
      perform private.fail(format(
        'Appointments can be cancelled or moved up to %s before they start. %s',
        private.describe_minutes(v_settings.student_change_cutoff_minutes),
        private.clinic_contact_request(v_settings, 'to change this one')));
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

create or replace function private.queue_appointment_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_due record;
  v_queued integer := 0;
begin
  -- Not for API requests whatever the grants say: only the server's own connection or pg_cron.
  if auth.role() is not null then
    perform private.fail('Appointment reminders are queued by the server');
  end if;
  for v_due in
    select a as appointment, p.recipient_id, k.dedupe_key
    from public.appointments a
    cross join lateral (values (1, a.student_id), (2, a.provider_id)) as p(ord, recipient_id)
    cross join lateral (select format('reminder:%s:%s:%s', a.id, p.recipient_id, extract(epoch from a.date)::bigint)
                          as dedupe_key) k
    where a.status = 'scheduled' and a.date > now() and a.date <= now() + interval '24 hours'
      -- Booked for the next day or sooner: its confirmation is the reminder.
      and a.created_at <= a.date - interval '24 hours'
      and p.recipient_id is not null
      and not exists (select 1 from public.email_outbox o where o.dedupe_key = k.dedupe_key)
    order by a.date, a.id, p.ord
    for share of a skip locked
  loop
    begin
      if private.queue_appointment_email(v_due.appointment, v_due.recipient_id, 'reminder', null, null, v_due.dedupe_key) then
        v_queued := v_queued + 1;
      end if;
    exception when others then
      raise warning 'Reminder for appointment % to member % not queued: % (SQLSTATE %)',
        (v_due.appointment).id, v_due.recipient_id, sqlerrm, sqlstate;
    end;
  end loop;
  return v_queued;
end;
$$;
