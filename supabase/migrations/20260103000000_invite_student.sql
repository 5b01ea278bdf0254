-- Inviting students by email: an admin of a university sends its student join link (`/register?join=<code>`) to an
-- address. Nothing is created for the student: they register themselves through the link. Each invitation is kept
-- (private, no API access) so repeated sends can be refused.
create table private.student_invitations (
  id bigint generated always as identity primary key,
  university_id uuid not null references public.universities (id) on delete cascade,
  email extensions.citext not null,
  invited_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now()
);
create index student_invitations_university_created_idx on private.student_invitations (university_id, created_at desc);
create index student_invitations_email_idx on private.student_invitations (university_id, email, created_at desc);

-- Limits that keep one university from turning the mailer into a spam cannon.
create function private.student_invitation_limits()
returns table (per_hour integer, same_email_interval interval)
language sql
immutable
set search_path = ''
as $$ select 200, interval '10 minutes' $$;

create function public.invite_student(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members;
  v_email text := lower(btrim(coalesce(invite_student.email, '')));
  v_university public.universities;
  v_limits record;
  v_link text;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only a university administrator can invite students');
  end if;
  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(v_email) > 255 then
    perform private.fail('Enter a valid email address');
  end if;
  -- Only the caller's own university is consulted: whether an address has an account elsewhere is not theirs to learn.
  if exists (select 1 from public.members m where m.university_id = v_me.university_id and m.email = v_email) then
    perform private.fail('This person already has an account at your university');
  end if;
  select * into v_limits from private.student_invitation_limits();
  -- One invitation at a time per university, so the counts below cannot be raced past.
  perform pg_advisory_xact_lock(hashtextextended('invite_student:' || v_me.university_id::text, 0));
  if exists (
    select 1 from private.student_invitations i
    where i.university_id = v_me.university_id and i.email = v_email::extensions.citext
      and i.created_at > now() - v_limits.same_email_interval
  ) then
    perform private.fail('That address was invited a few minutes ago; wait before sending again');
  end if;
  if (select count(*) from private.student_invitations i
      where i.university_id = v_me.university_id and i.created_at > now() - interval '1 hour') >= v_limits.per_hour then
    perform private.fail(format('At most %s student invitations can be sent per hour; try again later', v_limits.per_hour));
  end if;

  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_link := rtrim(coalesce(nullif(current_setting('app.site_url', true), ''), 'http://localhost:8080'), '/')
            || '/register?join=' || private.url_encode(v_university.join_code);
  insert into private.student_invitations (university_id, email, invited_by) values (v_me.university_id, v_email, v_me.id);
  insert into public.email_outbox (to_email, subject, body)
  values (
    v_email,
    format('Join %s on CampusCare', v_university.name),
    format(E'Hello,\n\n%s invites you to CampusCare, where you can book appointments with the university clinic '
           'and keep your health questionnaire up to date.\n\nCreate your student account here: %s\n\n'
           'If you did not expect this invitation, you can ignore this email.\n',
           v_university.name, v_link)
  );
  return jsonb_build_object('email', v_email, 'link', v_link);
end;
$$;

revoke all on table private.student_invitations from public, anon, authenticated;
revoke all on function private.student_invitation_limits() from public, anon, authenticated;
revoke all on function public.invite_student(text) from public, anon;
grant execute on function public.invite_student(text) to authenticated, service_role;
