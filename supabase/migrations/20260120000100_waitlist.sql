-- The waitlist: a student asks to be told when a time frees up in a range of days (optionally with one doctor). When a
-- booked time frees (cancelled, moved away or given to another doctor) the waiting students whose range holds it are
-- emailed in the order they asked; the first to book it gets it, as with any free time. An entry ends when its student
-- books a visit in its range, or leaves the waitlist; a range that has passed matches nothing.

create table public.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  -- The order students asked in, even within one moment.
  position bigint generated always as identity,
  university_id uuid not null references public.universities (id) on delete cascade,
  student_id uuid not null references public.members (id) on delete cascade,
  provider_id uuid references public.members (id) on delete cascade,
  from_day date not null,
  to_day date not null,
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  end_reason text,
  constraint waitlist_entries_days_order check (from_day <= to_day),
  constraint waitlist_entries_days_span check (to_day - from_day <= 60),
  constraint waitlist_entries_end check ((ended_at is null) = (end_reason is null) and end_reason in ('booked', 'left'))
);

comment on table public.waitlist_entries is 'Students waiting to hear of a free time; written only by join_waitlist() and leave_waitlist().';
create unique index waitlist_entries_one_open_idx on public.waitlist_entries (student_id) where ended_at is null;
create index waitlist_entries_waiting_idx on public.waitlist_entries (university_id, position) where ended_at is null;
create index waitlist_entries_provider_idx on public.waitlist_entries (provider_id) where provider_id is not null;

alter table public.waitlist_entries enable row level security;
revoke all on public.waitlist_entries from public, anon, authenticated, service_role;
grant select on public.waitlist_entries to authenticated, service_role;
-- A student sees their own entries; the clinic's staff see the university's (who is waiting, for the front desk).
create policy waitlist_entries_select on public.waitlist_entries for select to authenticated
  using (university_id = (select private.current_university_id())
         and (student_id = (select auth.uid()) or (select private.is_staff())));

alter table public.email_outbox drop constraint email_outbox_kind_values;
alter table public.email_outbox add constraint email_outbox_kind_values check (kind in (
  'booking_confirmation', 'doctor_notice', 'doctor_unassigned', 'doctor_change', 'cancellation', 'reschedule', 'reminder',
  'visit_summary', 'waitlist_offer'));

create function public.join_waitlist(from_day date, to_day date, doctor_id uuid default null)
returns public.waitlist_entries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_today date;
  v_entry public.waitlist_entries;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can join the waitlist');
  end if;
  select (now() at time zone s.timezone)::date into v_today from public.clinic_settings s where s.university_id = v_me.university_id;
  if join_waitlist.from_day is null or join_waitlist.to_day is null then
    perform private.fail('Choose the first and the last day you could come');
  elsif join_waitlist.from_day < v_today then
    perform private.fail('Choose days from today on');
  elsif join_waitlist.to_day < join_waitlist.from_day then
    perform private.fail('The last day cannot come before the first');
  elsif join_waitlist.to_day - join_waitlist.from_day > 60 then
    perform private.fail('Choose a range of at most 61 days');
  elsif join_waitlist.to_day > v_today + 365 then
    perform private.fail('Choose days within the coming year');
  end if;
  if join_waitlist.doctor_id is not null and not exists (
    select 1 from public.members m
    where m.id = join_waitlist.doctor_id and m.university_id = v_me.university_id and private.is_bookable_doctor(m)) then
    perform private.fail('Choose one of the clinic''s doctors, or any doctor');
  end if;
  -- One entry at a time: asking again replaces the last request.
  update public.waitlist_entries w set ended_at = now(), end_reason = 'left'
  where w.student_id = v_me.id and w.ended_at is null;
  insert into public.waitlist_entries (university_id, student_id, provider_id, from_day, to_day)
  values (v_me.university_id, v_me.id, join_waitlist.doctor_id, join_waitlist.from_day, join_waitlist.to_day)
  returning * into v_entry;
  return v_entry;
end;
$$;

create function public.leave_waitlist()
returns public.waitlist_entries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_entry public.waitlist_entries;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students can leave the waitlist');
  end if;
  update public.waitlist_entries w set ended_at = now(), end_reason = 'left'
  where w.student_id = v_me.id and w.ended_at is null
  returning * into v_entry;
  return v_entry;
end;
$$;

revoke all on function public.join_waitlist(date, date, uuid), public.leave_waitlist() from public, anon;
grant execute on function public.join_waitlist(date, date, uuid), public.leave_waitlist() to authenticated;

-- The email to a waiting student: when and with whom, and that the first to book it gets it. Nothing of the visit
-- that freed the time (not whose it was, not why).
create function private.queue_waitlist_offer(p_entry public.waitlist_entries, p_starts_at timestamptz, p_doctor uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_student public.members;
  v_when text := private.clinic_local_time(p_entry.university_id, p_starts_at);
  v_university text;
begin
  select * into v_student from public.members m where m.id = p_entry.student_id and m.status = 'active';
  if v_student.id is null then
    return;
  end if;
  select u.name into v_university from public.universities u where u.id = p_entry.university_id;
  insert into public.email_outbox (to_email, subject, body, kind, dedupe_key)
  values (
    v_student.email,
    'A time is free: ' || v_when,
    array_to_string(array[
      format('Hello %s,', coalesce(nullif(v_student.first_name, ''), private.member_display_name(v_student))),
      '',
      format('A time you asked to hear about is free at the %s clinic.', v_university),
      '',
      'When: ' || v_when,
      'Doctor: ' || (select private.member_display_name(d) from public.members d where d.id = p_doctor),
      '',
      'Others waiting have been told too: the first to book it gets it. To book it, sign in to CampusCare and open your '
        || 'dashboard: ' || private.site_url() || '/studentdashboard',
      '',
      format('You asked to hear of times from %s to %s. You can leave the waitlist on your dashboard.',
             to_char(p_entry.from_day, 'FMDD FMMonth YYYY'), to_char(p_entry.to_day, 'FMDD FMMonth YYYY'))
    ], E'\n') || E'\n',
    'waitlist_offer',
    format('waitlist:%s:%s:%s', p_entry.id, extract(epoch from p_starts_at)::bigint, p_doctor))
  on conflict (dedupe_key) do nothing;
end;
$$;

-- After a booking changes: a booked time that frees is offered to those waiting for it, in the order they asked; a
-- student who books (or moves a visit) into the range they wait for stops waiting.
create function private.appointments_waitlist()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_settings public.clinic_settings;
  v_entry public.waitlist_entries;
  v_day date;
begin
  if coalesce(current_setting('campuscare.provisioning', true), '') = 'on' then
    return null;
  end if;
  select * into v_settings from public.clinic_settings s where s.university_id = new.university_id;

  if new.status = 'scheduled' and new.date > now() and (tg_op = 'INSERT' or new.date <> old.date) then
    v_day := (new.date at time zone v_settings.timezone)::date;
    update public.waitlist_entries w set ended_at = now(), end_reason = 'booked'
    where w.student_id = new.student_id and w.ended_at is null and v_day between w.from_day and w.to_day;
  end if;

  if tg_op = 'UPDATE' and old.status = 'scheduled' and old.provider_id is not null and old.kind = 'booked'
     and old.date > now() + make_interval(mins => v_settings.min_notice_minutes)
     and (new.status = 'cancelled' or new.date <> old.date or new.provider_id is distinct from old.provider_id)
     and exists (select 1 from public.members d where d.id = old.provider_id and private.is_bookable_doctor(d)) then
    v_day := (old.date at time zone v_settings.timezone)::date;
    for v_entry in
      select * from public.waitlist_entries w
      where w.university_id = old.university_id and w.ended_at is null and w.student_id <> old.student_id
        and v_day between w.from_day and w.to_day and (w.provider_id is null or w.provider_id = old.provider_id)
      order by w.position
    loop
      perform private.queue_waitlist_offer(v_entry, old.date, old.provider_id);
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function private.queue_waitlist_offer(public.waitlist_entries, timestamptz, uuid), private.appointments_waitlist()
  from public, anon, authenticated, service_role;

create trigger appointments_waitlist after insert or update of status, date, provider_id on public.appointments
  for each row execute function private.appointments_waitlist();
