-- Immunization reminders through the outbox: a student is emailed when a requirement still open falls due within 14
-- days, and when its due date has passed, each once per student and requirement. The email says only that an
-- immunization requirement is due (or overdue) and links to the student's page; never which one, nor anything of the
-- record. private.queue_immunization_reminders() runs beside the appointment reminders (the server, every minute, or
-- pg_cron), and like them queues each email once however often and from wherever it runs.

-- The outbox's kinds are those of every migration before this one, and the two reminders. Read from the constraint
-- itself, so that kinds other migrations of the same weeks add are kept whatever order they were written in.
do $$
declare
  v_kinds text;
begin
  select string_agg(quote_literal(k), ', ' order by k) into v_kinds
  from (
    select m.parts[1] as k
    from pg_constraint c
    cross join lateral regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') as m(parts)
    where c.conrelid = 'public.email_outbox'::regclass and c.conname = 'email_outbox_kind_values'
    union
    select unnest(array['immunization_due', 'immunization_overdue'])
  ) kinds;
  execute 'alter table public.email_outbox drop constraint email_outbox_kind_values';
  execute format('alter table public.email_outbox add constraint email_outbox_kind_values check (kind in (%s))', v_kinds);
end;
$$;

-- One reminder's email to one student. `p_kind`: immunization_due or immunization_overdue.
create function private.immunization_reminder_email(p_kind text, p_student public.members, p_university text,
                                                    out subject text, out body text)
language sql
stable
set search_path = ''
as $$
  select case p_kind when 'immunization_due' then 'An immunization requirement is due'
                     else 'An immunization requirement is overdue' end,
         array_to_string(array[
           format('Hello %s,', coalesce(nullif(p_student.first_name, ''), private.member_display_name(p_student))),
           '',
           format('An immunization requirement of %s is %s.', p_university,
                  case p_kind when 'immunization_due' then 'due' else 'overdue' end),
           '',
           'To see what is needed and send your proof, sign in to CampusCare and open My immunizations: '
             || private.site_url() || '/immunizations',
           '',
           'For your privacy, this email says nothing more about your health record.'
         ], E'\n') || E'\n'
$$;

create function private.queue_immunization_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Two weeks: time to book a dose at the clinic or find the card, and near enough not to be forgotten again.
  c_days_ahead constant integer := 14;
  v_university record;
  v_today date;
  v_due integer;
  v_overdue integer;
  v_queued integer := 0;
begin
  -- Not for API requests whatever the grants say: only the server's own connection or pg_cron.
  if auth.role() is not null then
    perform private.fail('Immunization reminders are queued by the server');
  end if;
  for v_university in select u.id, u.name from public.universities u order by u.id loop
    -- Each university on its own: one whose clinic calendar cannot be read (a time zone the server no longer knows)
    -- is skipped with a warning, and the others are reminded all the same.
    begin
      v_today := private.clinic_today(v_university.id);
      with due as (
        select st.requirement_id, st.student_id
        from private.immunization_standings st
        where st.university_id = v_university.id and st.state = 'open' and st.due_reminded_at is null
          and st.overdue_reminded_at is null and st.due_on >= v_today and st.due_on <= v_today + c_days_ahead
        for update of st skip locked
      ), queued as (
        insert into public.email_outbox (to_email, subject, body, kind, dedupe_key)
        select m.email, e.subject, e.body, 'immunization_due', format('immunization_due:%s:%s', d.requirement_id, d.student_id)
        from due d
        join public.members m on m.id = d.student_id and m.status = 'active'
        cross join lateral private.immunization_reminder_email('immunization_due', m, v_university.name) e
        on conflict (dedupe_key) do nothing
        returning 1
      ), marked as (
        update private.immunization_standings st set due_reminded_at = now()
        from due d where st.requirement_id = d.requirement_id and st.student_id = d.student_id
      )
      select count(*) into v_due from queued;

      with due as (
        select st.requirement_id, st.student_id
        from private.immunization_standings st
        where st.university_id = v_university.id and st.state = 'open' and st.overdue_reminded_at is null
          and st.due_on < v_today
        for update of st skip locked
      ), queued as (
        insert into public.email_outbox (to_email, subject, body, kind, dedupe_key)
        select m.email, e.subject, e.body, 'immunization_overdue', format('immunization_overdue:%s:%s', d.requirement_id, d.student_id)
        from due d
        join public.members m on m.id = d.student_id and m.status = 'active'
        cross join lateral private.immunization_reminder_email('immunization_overdue', m, v_university.name) e
        on conflict (dedupe_key) do nothing
        returning 1
      ), marked as (
        update private.immunization_standings st set overdue_reminded_at = now()
        from due d where st.requirement_id = d.requirement_id and st.student_id = d.student_id
      )
      select count(*) into v_overdue from queued;
      v_queued := v_queued + v_due + v_overdue;
    exception when others then
      raise warning 'Immunization reminders for % (university %) not queued: % (SQLSTATE %)',
        v_university.name, v_university.id, sqlerrm, sqlstate;
    end;
  end loop;
  return v_queued;
end;
$$;

revoke all on function private.immunization_reminder_email(text, public.members, text), private.queue_immunization_reminders()
  from public, anon, authenticated, service_role;
