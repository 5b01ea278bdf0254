-- Programs are announced ahead: a new program, or one moved to another day, starts today or later in the clinic's time
-- zone (the university's "today"). A program that has taken place keeps its date, so its other details stay editable.
-- Requests without a JWT subject (server, seed) are trusted, as in appointments_guard, so the demo keeps past programs.
create function private.programs_date_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_today date;
begin
  if auth.uid() is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.date is not distinct from old.date then
    return new;
  end if;
  select (now() at time zone coalesce(s.timezone, 'UTC'))::date into v_today
  from (select 1) one
  left join public.clinic_settings s on s.university_id = new.university_id;
  if new.date < v_today then
    perform private.fail('A program cannot take place in the past: choose today or a later date');
  end if;
  return new;
end;
$$;
revoke all on function private.programs_date_guard() from public, anon, authenticated, service_role;
create trigger programs_date_guard before insert or update of date on public.programs
  for each row execute function private.programs_date_guard();
