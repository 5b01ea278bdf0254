-- Moving a visit mails its doctor and its student a calendar update, so a student who moves one visit in a loop floods
-- the doctor's mailbox as booking in a loop did (security round 2, finding 4). A student moves their own visits at
-- most 3 times a minute and 6 times a day on the clinic's calendar. Clinic staff are not limited: rearranging the
-- day is their work, and their accounts are the clinic's own.

create table private.student_moves (
  student_id uuid not null references public.members (id) on delete cascade,
  moved_at timestamptz not null default now()
);
create index student_moves_student_moved_at on private.student_moves (student_id, moved_at);
alter table private.student_moves enable row level security;
revoke all on private.student_moves from public, anon, authenticated, service_role;

-- Counted under the student's slot lock, as bookings are (appointments_student_booking), so parallel moves are counted
-- one after another. A refused move rolls its count back with it; a move only counts once it is made. Named to run
-- after the other BEFORE triggers, so a time the clinic refuses takes no count. Rows older than the day's count needs
-- are dropped as the student moves again, so the table holds about a day of each student's moves.
create function private.appointments_student_move()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_moves_per_minute constant integer := 3;
  c_moves_per_day constant integer := 6;
  v_day_start timestamptz;
begin
  if new.date is not distinct from old.date or auth.uid() is distinct from new.student_id then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(1, pg_catalog.hashtext(new.student_id::text));
  v_day_start := (select date_trunc('day', now() at time zone coalesce(s.timezone, 'UTC')) at time zone coalesce(s.timezone, 'UTC')
                  from public.clinic_settings s where s.university_id = new.university_id);
  v_day_start := coalesce(v_day_start, date_trunc('day', now() at time zone 'UTC') at time zone 'UTC');
  delete from private.student_moves m where m.student_id = new.student_id and m.moved_at < now() - interval '2 days';
  if (select count(*) from private.student_moves m where m.student_id = new.student_id and m.moved_at >= v_day_start) >= c_moves_per_day then
    perform private.fail(format('You can move appointments at most %s times a day. Please try again tomorrow, or call the clinic.', c_moves_per_day));
  end if;
  if (select count(*) from private.student_moves m where m.student_id = new.student_id and m.moved_at > now() - interval '1 minute') >= c_moves_per_minute then
    perform private.fail(format('You are moving appointments too quickly: at most %s moves a minute. Please wait a minute and try again.', c_moves_per_minute));
  end if;
  insert into private.student_moves (student_id) values (new.student_id);
  return new;
end;
$$;
revoke all on function private.appointments_student_move() from public, anon, authenticated, service_role;
create trigger appointments_student_move before update of date on public.appointments
  for each row execute function private.appointments_student_move();
