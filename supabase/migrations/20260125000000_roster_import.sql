-- Onboarding a whole university: students and staff imported from a spreadsheet, the roster the students' invitations
-- keep, bulk actions on the students list, and exports streamed by the gateway.
--
-- An import is recorded in `roster_imports` and its rows in `roster_import_rows`: the browser parses the file and sends
-- its rows in parts (start_roster_import, then add_roster_import_rows); each row is checked with the forms' rules as it
-- arrives, and once every row is in, the whole file is classified (new, already a member, already invited, invalid:
-- duplicates in the file and registration numbers that belong to someone else are invalid). That is the preview, kept
-- in the database so it survives a reload. confirm_roster_import classifies again (the university may have changed
-- since) and then, in one transaction, records every new row and queues its invitation: all of them or none. The same
-- file again finds every row a member or already invited and changes nothing. Invitations from imports and bulk
-- actions go out at a steady pace per university (`private.bulk_invitation_limits`), so a roster of 20,000 never
-- holds back a booking confirmation or a password reset, and one audit entry says who imported how many, never a row.

-- Limits -----------------------------------------------------------------------------------------------------------
-- How many invitations imports and bulk re-sends may queue per university per day, the rows of one import and of one
-- request (the gateway takes request bodies of up to 1 MB), and the time between two invitations of one university.
create function private.bulk_invitation_limits()
returns table (per_day integer, rows_per_import integer, rows_per_request integer, pace interval)
language sql
immutable
set search_path = ''
as $$ select 50000, 50000, 5000, interval '200 milliseconds' $$;

-- What imports and bulk re-sends queued, per university: the daily allowance is counted from it.
create table private.bulk_invitations (
  id bigint generated always as identity primary key,
  university_id uuid not null references public.universities (id) on delete cascade,
  queued_at timestamptz not null default now(),
  invitations integer not null constraint bulk_invitations_count check (invitations > 0)
);
create index bulk_invitations_university_idx on private.bulk_invitations (university_id, queued_at desc);

-- When each university's next bulk invitation may go out: imports queue behind earlier ones, at the pace above.
create table private.bulk_mail_schedule (
  university_id uuid primary key references public.universities (id) on delete cascade,
  next_send_at timestamptz not null
);
alter table private.bulk_invitations enable row level security;
alter table private.bulk_mail_schedule enable row level security;
revoke all on private.bulk_invitations, private.bulk_mail_schedule from public, anon, authenticated, service_role;

-- Imports ----------------------------------------------------------------------------------------------------------
create table public.roster_imports (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  kind text not null constraint roster_imports_kind_values check (kind in ('students', 'staff')),
  file_name text not null constraint roster_imports_file_name_length
    check (char_length(file_name) between 1 and 255 and private.is_single_line(file_name)),
  total_rows integer not null constraint roster_imports_total_rows_range check (total_rows between 1 and 50000),
  received_rows integer not null default 0,
  status text not null default 'validating'
    constraint roster_imports_status_values check (status in ('validating', 'previewed', 'confirmed', 'discarded')),
  created_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The preview: how many rows would be invited, are members or invited already, or have errors.
  new_count integer,
  member_count integer,
  invited_count integer,
  invalid_count integer,
  confirmed_by uuid references public.members (id) on delete set null,
  confirmed_at timestamptz,
  -- The invitations confirming queued, and when the last of them is due to go out.
  queued_count integer,
  sending_until timestamptz,
  constraint roster_imports_received check (received_rows between 0 and total_rows)
);
comment on table public.roster_imports is 'Student and staff imports; written only by the roster import functions.';
create index roster_imports_university_idx on public.roster_imports (university_id, kind, created_at desc);

-- One row of an imported file, as given (each value cut at 1,000 characters), with what the checks found. `row_number`
-- is the row a spreadsheet shows (the header is row 1). `problems` lists {field, code, row?}: `code` is `required`,
-- `invalid` (the field's rule refused the value), `duplicate` (the same address, or registration number, as `row`
-- above it), `reg_number_taken` (another member's) or `reg_number_invited` (another address on the roster).
create table public.roster_import_rows (
  import_id uuid not null references public.roster_imports (id) on delete cascade,
  row_number integer not null constraint roster_import_rows_row_number check (row_number between 1 and 1000000),
  -- The import's, for RLS; the import's foreign key removes the rows with the university.
  university_id uuid not null,
  email text,
  first_name text,
  last_name text,
  reg_number text,
  department text,
  year_of_study text,
  phone text,
  role text,
  -- What the row's own values break, found when it arrived; `problems` adds what the whole file and the university show.
  field_problems jsonb not null default '[]'::jsonb,
  problems jsonb not null default '[]'::jsonb,
  outcome text not null constraint roster_import_rows_outcome_values check (outcome in ('new', 'member', 'invited', 'invalid')),
  -- A staff import's new row: the invitation confirming queued, whose delivery is the import's progress (a student's
  -- is its roster row's `last_outbox_id`).
  outbox_id bigint,
  primary key (import_id, row_number)
);
comment on table public.roster_import_rows is 'The rows of an import and the outcome of their checks; written only by the roster import functions.';
create index roster_import_rows_outcome_idx on public.roster_import_rows (import_id, outcome, row_number);
-- Confirming finds each row's queued email by its address.
create index roster_import_rows_email_idx on public.roster_import_rows (import_id, email);

-- The roster: every student a university invited through an import, until and after they join. A row is linked to its
-- member when the student registers with the invited address; `withdrawn_at` is set when a registrar deactivates an
-- invitation nobody took up (end of studies).
create table public.student_roster (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  email extensions.citext not null constraint student_roster_email_format
    check (email::text = lower(email::text) and email::text ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and char_length(email::text) <= 255),
  first_name text not null constraint student_roster_first_name_length
    check (btrim(first_name) <> '' and char_length(first_name) <= 100 and private.is_single_line(first_name)),
  last_name text not null constraint student_roster_last_name_length
    check (btrim(last_name) <> '' and char_length(last_name) <= 100 and private.is_single_line(last_name)),
  reg_number text not null constraint student_roster_reg_number_format check (reg_number ~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$'),
  department text not null constraint student_roster_department_length check (char_length(btrim(department)) between 1 and 100),
  year_of_study smallint not null constraint student_roster_year_of_study_range check (year_of_study between 1 and 8),
  phone text constraint student_roster_phone_format check (phone ~ '^\+?[0-9][0-9 ()./-]{3,24}$'),
  import_id uuid references public.roster_imports (id) on delete set null,
  invited_by uuid references public.members (id) on delete set null,
  invited_at timestamptz not null default now(),
  last_invited_at timestamptz not null default now(),
  invitation_count integer not null default 1,
  last_outbox_id bigint,
  member_id uuid references public.members (id) on delete set null,
  joined_at timestamptz,
  withdrawn_at timestamptz,
  withdrawn_by uuid references public.members (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint student_roster_email_key unique (university_id, email),
  constraint student_roster_reg_number_key unique (university_id, reg_number)
);
comment on table public.student_roster is 'Students invited by import; written only by the roster functions and the join trigger.';
create index student_roster_member_idx on public.student_roster (member_id) where member_id is not null;
create index student_roster_waiting_idx on public.student_roster (university_id, last_name, first_name) where member_id is null;

-- An import asks, for every row, whether its address belongs to a member of the university.
create index members_university_email_idx on public.members (university_id, email);

-- Staff invitations an import queued: counted apart from the ones sent one by one (private.admit_invitation).
alter table public.invitations add column import_id uuid references public.roster_imports (id) on delete set null;
create index invitations_import_idx on public.invitations (import_id) where import_id is not null;

alter table public.roster_imports enable row level security;
alter table public.roster_import_rows enable row level security;
alter table public.student_roster enable row level security;
revoke all on public.roster_imports, public.roster_import_rows, public.student_roster from public, anon, authenticated, service_role;
grant select on public.roster_imports, public.roster_import_rows, public.student_roster to authenticated, service_role;

-- Student imports are the admins' (as inviting students is); staff imports the super admins' (as inviting staff is).
create policy roster_imports_select on public.roster_imports for select to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_admin())
         and (kind = 'students' or (select private.is_super_admin())));
create policy roster_import_rows_select on public.roster_import_rows for select to authenticated
  using (university_id = (select private.current_university_id())
         and exists (select 1 from public.roster_imports i where i.id = roster_import_rows.import_id));
create policy student_roster_select on public.student_roster for select to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_admin()));

-- The students list: every student member, and every invited student who has not joined, with the invitation's state.
-- `status`: active, deactivated (members), invited, withdrawn (the roster). Read under the caller's RLS: doctors see
-- the members only.
create view public.student_directory with (security_invoker = true) as
  select m.id, m.university_id, m.id as member_id, r.id as roster_id, m.first_name, m.last_name, m.email::text as email,
         m.reg_number, m.department, m.year_of_study, m.phone, m.status::text as status, r.invited_at, r.last_invited_at,
         r.invitation_count, m.created_at as joined_at
  from public.members m
  left join public.student_roster r on r.member_id = m.id
  where m.role = 'student'
  union all
  select r.id, r.university_id, null, r.id, r.first_name, r.last_name, r.email::text, r.reg_number, r.department,
         r.year_of_study, r.phone, case when r.withdrawn_at is null then 'invited' else 'withdrawn' end, r.invited_at,
         r.last_invited_at, r.invitation_count, null
  from public.student_roster r
  where r.member_id is null and r.joined_at is null;
revoke all on public.student_directory from public, anon, authenticated, service_role;
grant select on public.student_directory to authenticated, service_role;

-- A student who registers with an invited address is that roster row's member from then on.
create function private.link_roster_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.student_roster r set member_id = new.id, joined_at = now()
  where r.university_id = new.university_id and r.email = new.email::extensions.citext and r.member_id is null;
  return null;
end;
$$;
revoke all on function private.link_roster_entry() from public, anon, authenticated, service_role;
create trigger members_join_roster after insert on public.members
  for each row when (new.role = 'student') execute function private.link_roster_entry();

-- An import's invitations are recorded once, by the import (who, when, how many), never row by row: the row trigger
-- stands aside for them. Changes to them later (accepted, replaced) are recorded as before.
drop trigger invitations_audit on public.invitations;
create trigger invitations_audit after insert on public.invitations
  for each row when (new.import_id is null) execute function private.audit_row();
create trigger invitations_audit_changes after update or delete on public.invitations
  for each row execute function private.audit_row();

-- Invitation emails ------------------------------------------------------------------------------------------------
-- The words of an invitation, in one place for the one-by-one and the bulk senders. `p_account_sign_in` is where an
-- address that already has an account signs in (private.existing_account_sign_in), or null: it is told so instead.
create function private.student_invitation_email(p_university_name text, p_join_link text, p_account_sign_in text)
returns table (subject text, body text)
language sql
immutable
set search_path = ''
as $$
  select format('Join %s on CampusCare', p_university_name),
         case when p_account_sign_in is null then
           format(E'Hello,\n\n%s invites you to CampusCare, where you can book appointments with the university clinic '
                  'and keep your health questionnaire up to date.\n\nCreate your student account here: %s\n\n'
                  'If you did not expect this invitation, you can ignore this email.\n',
                  p_university_name, p_join_link)
         else
           format(E'Hello,\n\n%s invites you to CampusCare, but this address already has a CampusCare account, so you '
                  'need not register again. You can sign in with it here: %s\n\nIf you did not expect this invitation, '
                  'you can ignore this email.\n',
                  p_university_name, p_account_sign_in)
         end
$$;

-- `p_expires` is the link's end in the clinic's time (private.clinic_local_time), `p_link` the one-time link.
create function private.staff_invitation_email(p_university_name text, p_role public.member_role, p_expires text,
                                               p_link text, p_account_sign_in text)
returns table (subject text, body text)
language sql
immutable
set search_path = ''
as $$
  select format('You have been invited to %s on CampusCare', p_university_name),
         case when p_account_sign_in is null then
           format(E'Hello,\n\n%s has invited you to CampusCare as %s.\n\nTo accept, open this link and choose your password '
                  'by %s: %s\n\nThe link works once, and only for this address. If you did not expect this invitation, '
                  'you can ignore this email: no account is made without the link.\n',
                  p_university_name, r.phrase, p_expires, p_link)
         else
           format(E'Hello,\n\n%s has invited you to CampusCare as %s, but this address already has a CampusCare account, '
                  'so no new account was made. You can sign in with it here: %s\n\nAn address belongs to one account: to '
                  'join %s as well, ask them to invite another address. If you did not expect this invitation, you can '
                  'ignore this email.\n',
                  p_university_name, r.phrase, p_account_sign_in, p_university_name)
         end
  from (select case when p_role = 'admin' then 'an admin' else 'a doctor' end as phrase) r
$$;
revoke all on function private.student_invitation_email(text, text, text),
  private.staff_invitation_email(text, public.member_role, text, text, text) from public, anon, authenticated, service_role;

-- Restated whole from 20260114000000_verified_mailboxes.sql, its words now private.staff_invitation_email's.
create or replace function public.invite_staff(email text, role text default 'doctor')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_email text := lower(btrim(coalesce(invite_staff.email, '')));
  v_token text := private.new_link_token();
  v_account_sign_in text;
  v_university public.universities;
  v_invitation public.invitations;
begin
  if invite_staff.role is null or invite_staff.role not in ('doctor', 'admin') then
    perform private.fail('Staff can be invited as doctor or admin');
  end if;
  perform private.admit_invitation(v_me, v_email);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_account_sign_in := private.existing_account_sign_in(v_email);

  -- A newer invitation replaces the address's pending ones here.
  update public.invitations i set token_hash = null
  where i.university_id = v_me.university_id and i.email = v_email::extensions.citext and i.token_hash is not null;
  insert into public.invitations (university_id, email, role, invited_by, token_hash)
  values (v_me.university_id, v_email, invite_staff.role::public.member_role, v_me.id,
          case when v_account_sign_in is null then private.link_token_hash(v_token) end)
  returning * into v_invitation;

  insert into public.email_outbox (to_email, subject, body)
  select v_email, e.subject, e.body
  from private.staff_invitation_email(v_university.name, v_invitation.role,
                                      private.clinic_local_time(v_me.university_id, v_invitation.expires_at),
                                      private.site_url() || '/register?invitation=' || v_token, v_account_sign_in) e;
  return jsonb_build_object('id', v_invitation.id, 'email', v_email, 'role', v_invitation.role, 'expires_at', v_invitation.expires_at);
end;
$$;

-- Restated whole from 20260114000000_verified_mailboxes.sql, its words now private.student_invitation_email's.
create or replace function public.invite_student(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members;
  v_email text := lower(btrim(coalesce(invite_student.email, '')));
  v_university public.universities;
  v_link text;
begin
  select * into v_me from public.members m where m.id = (select auth.uid()) and m.status = 'active';
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only a university administrator can invite students');
  end if;
  perform private.admit_invitation(v_me, v_email);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_link := private.site_url() || '/register?join=' || private.url_encode(v_university.join_code);

  insert into private.student_invitations (university_id, email, invited_by) values (v_me.university_id, v_email, v_me.id);
  insert into public.email_outbox (to_email, subject, body)
  select v_email, e.subject, e.body
  from private.student_invitation_email(v_university.name, v_link, private.existing_account_sign_in(v_email)) e;
  return jsonb_build_object('email', v_email, 'link', v_link);
end;
$$;

-- Restated whole from 20260114000000_verified_mailboxes.sql: an address invited by an import or a re-send a few
-- minutes ago is not invited again one by one either, and the daily count of one-by-one invitations leaves out the
-- staff invitations of imports, which have their own allowance (private.admit_bulk_invitations).
create or replace function private.admit_invitation(p_me public.members, p_email text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_limits record;
begin
  if not exists (select 1 from auth.users u where u.id = p_me.id and u.email_confirmed_at is not null) then
    perform private.fail('Confirm your email address before sending invitations: open the link in the email we sent you when you registered');
  end if;
  if p_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(p_email) > 255 then
    perform private.fail('Enter a valid email address');
  end if;
  select * into v_limits from private.invitation_limits();
  perform pg_advisory_xact_lock(hashtextextended('invitations:' || p_me.university_id::text, 0));
  if exists (select 1 from public.invitations i
             where i.university_id = p_me.university_id and i.email = p_email::extensions.citext
               and i.created_at > now() - v_limits.same_email_interval)
     or exists (select 1 from private.student_invitations i
                where i.university_id = p_me.university_id and i.email = p_email::extensions.citext
                  and i.created_at > now() - v_limits.same_email_interval)
     or exists (select 1 from public.student_roster r
                where r.university_id = p_me.university_id and r.email = p_email::extensions.citext
                  and r.last_invited_at > now() - v_limits.same_email_interval) then
    perform private.fail('That address was invited a few minutes ago; wait before sending again');
  end if;
  if (select count(*) from public.invitations i
      where i.university_id = p_me.university_id and i.created_at > now() - interval '1 day' and i.import_id is null)
     + (select count(*) from private.student_invitations i
        where i.university_id = p_me.university_id and i.created_at > now() - interval '1 day') >= v_limits.per_day then
    perform private.fail(format('Your university has sent %s invitations in the last 24 hours, the most allowed; try again tomorrow', v_limits.per_day));
  end if;
end;
$$;

-- Admits `p_count` invitations from an import or a bulk re-send by `p_me`, or refuses them all: only from a confirmed
-- address, within the university's daily allowance. Returns when the first may go out; the rest follow at the pace,
-- after whatever the university queued before. One at a time per university, with the one-by-one invitations.
create function private.admit_bulk_invitations(p_me public.members, p_count integer)
returns timestamptz
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_limits record;
  v_queued bigint;
  v_start timestamptz;
begin
  if not exists (select 1 from auth.users u where u.id = p_me.id and u.email_confirmed_at is not null) then
    perform private.fail('Confirm your email address before sending invitations: open the link in the email we sent you when you registered');
  end if;
  select * into v_limits from private.bulk_invitation_limits();
  perform pg_advisory_xact_lock(hashtextextended('invitations:' || p_me.university_id::text, 0));
  select coalesce(sum(b.invitations), 0) into v_queued
  from private.bulk_invitations b where b.university_id = p_me.university_id and b.queued_at > now() - interval '1 day';
  if v_queued + p_count > v_limits.per_day then
    perform private.fail(format('Imports and bulk actions can send %s invitations a day, and your university has %s left today: '
                                'send fewer now and the rest tomorrow', v_limits.per_day, greatest(v_limits.per_day - v_queued, 0)));
  end if;
  insert into private.bulk_invitations (university_id, invitations) values (p_me.university_id, p_count);
  v_start := greatest(now(), coalesce((select s.next_send_at from private.bulk_mail_schedule s
                                       where s.university_id = p_me.university_id), now()));
  insert into private.bulk_mail_schedule (university_id, next_send_at) values (p_me.university_id, v_start + p_count * v_limits.pace)
  on conflict (university_id) do update set next_send_at = excluded.next_send_at;
  return v_start;
end;
$$;
revoke all on function private.admit_bulk_invitations(public.members, integer), private.bulk_invitation_limits()
  from public, anon, authenticated, service_role;

-- Checking rows -----------------------------------------------------------------------------------------------------
-- What a row's own values break, by the rules the forms apply to the same fields (shared/src/validation/columnRules.ts
-- restates each; supabase/tests/roster-import.test.ts holds the two to the same answers), in the order of the form:
-- [{field, code}], code `required` or `invalid`. Values arrive as the forms store them, trimmed. A student's phone is
-- optional; the other fields are required. A staff row is an address and a role (doctor or admin, in any case).
create function private.roster_row_problems(p_kind text, p_row jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_problems jsonb := '[]'::jsonb;
  v_field text;
  v_value text;
  v_valid boolean;
begin
  foreach v_field in array case when p_kind = 'students'
    then array['first_name', 'last_name', 'email', 'reg_number', 'department', 'year_of_study', 'phone']
    else array['email', 'role'] end
  loop
    v_value := coalesce(p_row ->> v_field, '');
    if btrim(v_value) = '' then
      if v_field <> 'phone' then
        v_problems := v_problems || jsonb_build_object('field', v_field, 'code', 'required');
      end if;
      continue;
    end if;
    v_valid := case v_field
      -- members_first_name_length, members_last_name_length
      when 'first_name' then char_length(v_value) <= 100 and private.is_single_line(v_value)
      when 'last_name' then char_length(v_value) <= 100 and private.is_single_line(v_value)
      -- universities_email_format, at most 255 characters (as every invitation)
      when 'email' then v_value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' and char_length(v_value) <= 255
      -- members_reg_number_format
      when 'reg_number' then v_value ~ '^[A-Za-z0-9][A-Za-z0-9/._-]{1,29}$'
      -- members_department_length
      when 'department' then char_length(btrim(v_value)) between 1 and 100
      -- members_year_of_study_range, typed as a whole number
      when 'year_of_study' then case when v_value ~ '^[0-9]{1,6}$' then v_value::integer between 1 and 8 else false end
      -- members_phone_format
      when 'phone' then v_value ~ '^\+?[0-9][0-9 ()./-]{3,24}$'
      when 'role' then lower(v_value) in ('doctor', 'admin')
    end;
    if not v_valid then
      v_problems := v_problems || jsonb_build_object('field', v_field, 'code', 'invalid');
    end if;
  end loop;
  return v_problems;
end;
$$;
revoke all on function private.roster_row_problems(text, jsonb) from public, anon, authenticated, service_role;

-- The import `p_import_id` names, if `p_me` may work on it (student imports: admins; staff imports: super admins),
-- with `p_lock` locked for the rest of the transaction.
create function private.roster_import_for(p_me public.members, p_import_id uuid, p_lock boolean)
returns public.roster_imports
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_import public.roster_imports;
begin
  if p_me.id is null then
    perform private.fail('Only university administrators can import students or staff');
  end if;
  if p_lock then
    select * into v_import from public.roster_imports i
    where i.id = p_import_id and i.university_id = p_me.university_id
    for update;
  else
    select * into v_import from public.roster_imports i where i.id = p_import_id and i.university_id = p_me.university_id;
  end if;
  if v_import.id is null then
    perform private.fail('That import was not found. It may have been discarded: start again with the file');
  end if;
  if v_import.kind = 'students' and p_me.role <> 'admin' then
    perform private.fail('Only a university administrator can import students');
  elsif v_import.kind = 'staff' and not p_me.is_super_admin then
    perform private.fail('Only a super admin can invite staff');
  end if;
  return v_import;
end;
$$;
revoke all on function private.roster_import_for(public.members, uuid, boolean) from public, anon, authenticated, service_role;

-- The whole file, judged against itself and the university as they are now: duplicates in the file (the first
-- occurrence stays), addresses that belong to a member or to a pending invitation (skipped: nothing to do), and for
-- students, registration numbers that belong to another member or another invited address. Updates every row's
-- outcome and the import's summary, and returns the import.
create function private.classify_roster_import(p_import_id uuid)
returns public.roster_imports
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_import public.roster_imports;
begin
  select * into v_import from public.roster_imports i where i.id = p_import_id;
  -- The rows just staged are not in the table's statistics yet: planned as the handful they seem, the whole-file
  -- query below would run its joins once per row. Fresh statistics first (a sample: a fraction of a second).
  analyze public.roster_import_rows;
  with base as (
    select r.row_number, r.email, r.reg_number, r.field_problems, r.field_problems = '[]'::jsonb as valid
    from public.roster_import_rows r
    where r.import_id = v_import.id
  ), by_email as (
    select b.*, min(b.row_number) filter (where b.valid) over (partition by b.email) as first_email_row
    from base b
  ), by_reg as (
    select e.*,
           case when v_import.kind = 'students' then
             min(e.row_number) filter (where e.valid and e.first_email_row = e.row_number) over (partition by e.reg_number)
           end as first_reg_row
    from by_email e
  ), judged as (
    -- Each lookup goes through an index (the staged rows have no statistics yet, so the planner takes them for few):
    -- a file of 20,000 rows against a university of 100,000 members is 20,000 index probes, not a scan each.
    select g.row_number,
           g.field_problems
           || case when g.valid and g.first_email_row < g.row_number
                   then jsonb_build_array(jsonb_build_object('field', 'email', 'code', 'duplicate', 'row', g.first_email_row))
                   else '[]'::jsonb end
           || case when g.valid and g.first_email_row = g.row_number and g.first_reg_row < g.row_number
                   then jsonb_build_array(jsonb_build_object('field', 'reg_number', 'code', 'duplicate', 'row', g.first_reg_row))
                   else '[]'::jsonb end as file_problems,
           exists (select 1 from public.members m where m.university_id = v_import.university_id and m.email = g.email)
             or roster.member_id is not null as is_member,
           case when v_import.kind = 'students'
                then roster.id is not null and roster.member_id is null and roster.joined_at is null and roster.withdrawn_at is null
                else exists (select 1 from public.invitations i
                             where i.university_id = v_import.university_id and i.email = g.email::extensions.citext
                               and i.accepted_at is null and i.token_hash is not null and i.expires_at > now()) end as is_invited,
           reg_member.email is not null and reg_member.email <> g.email as reg_taken,
           reg_roster.email is not null and reg_roster.email <> g.email::extensions.citext as reg_invited
    from by_reg g
    left join public.student_roster roster
      on roster.university_id = v_import.university_id and roster.email = g.email::extensions.citext
    left join public.members reg_member
      on v_import.kind = 'students' and reg_member.university_id = v_import.university_id and reg_member.reg_number = g.reg_number
    left join public.student_roster reg_roster
      on v_import.kind = 'students' and reg_roster.university_id = v_import.university_id and reg_roster.reg_number = g.reg_number
  ), decided as (
    select j.row_number,
           j.file_problems
           || case when j.file_problems = '[]'::jsonb and not j.is_member and not j.is_invited and j.reg_taken
                   then '[{"field": "reg_number", "code": "reg_number_taken"}]'::jsonb
                   when j.file_problems = '[]'::jsonb and not j.is_member and not j.is_invited and j.reg_invited
                   then '[{"field": "reg_number", "code": "reg_number_invited"}]'::jsonb
                   else '[]'::jsonb end as problems,
           j.file_problems = '[]'::jsonb as clean, j.is_member, j.is_invited, j.reg_taken or j.reg_invited as reg_conflict
    from judged j
  )
  update public.roster_import_rows r
  set problems = d.problems, outcome = d.outcome
  from (select d.row_number, d.problems,
               case when not d.clean then 'invalid'
                    when d.is_member then 'member'
                    when d.is_invited then 'invited'
                    when d.reg_conflict then 'invalid'
                    else 'new' end as outcome
        from decided d) d
  -- Only what changed is written: confirming classifies a file again that has mostly not.
  where r.import_id = v_import.id and r.row_number = d.row_number
    and (r.outcome is distinct from d.outcome or r.problems is distinct from d.problems);

  update public.roster_imports i
  set new_count = c.new_count, member_count = c.member_count, invited_count = c.invited_count, invalid_count = c.invalid_count
  from (
    select count(*) filter (where r.outcome = 'new') as new_count,
           count(*) filter (where r.outcome = 'member') as member_count,
           count(*) filter (where r.outcome = 'invited') as invited_count,
           count(*) filter (where r.outcome = 'invalid') as invalid_count
    from public.roster_import_rows r where r.import_id = v_import.id
  ) c
  where i.id = v_import.id
  returning i.* into v_import;
  return v_import;
end;
$$;
revoke all on function private.classify_roster_import(uuid) from public, anon, authenticated, service_role;

-- Drops what an unconfirmed import holds: its rows go, its record stays, discarded.
create function private.discard_roster_import_rows(p_import_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from public.roster_import_rows r where r.import_id = p_import_id;
  update public.roster_imports i set status = 'discarded' where i.id = p_import_id;
$$;
revoke all on function private.discard_roster_import_rows(uuid) from public, anon, authenticated, service_role;

-- The import RPCs ---------------------------------------------------------------------------------------------------
-- Starts an import of `total_rows` rows (students: admins; staff: super admins) from the file `file_name`. An import
-- the caller started earlier and never confirmed is discarded, as is anyone's that has waited unfinished for a day:
-- the new file replaces it.
create function public.start_roster_import(kind text, file_name text, total_rows integer)
returns public.roster_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_name text := btrim(coalesce(start_roster_import.file_name, ''));
  v_limits record;
  v_import public.roster_imports;
  v_stale uuid;
begin
  select * into v_limits from private.bulk_invitation_limits();
  if start_roster_import.kind is null or start_roster_import.kind not in ('students', 'staff') then
    perform private.fail('Import students or staff');
  elsif v_me.id is null or (start_roster_import.kind = 'students' and v_me.role <> 'admin') then
    perform private.fail('Only a university administrator can import students');
  elsif start_roster_import.kind = 'staff' and not v_me.is_super_admin then
    perform private.fail('Only a super admin can invite staff');
  end if;
  if v_name = '' or char_length(v_name) > 255 or not private.is_single_line(v_name) then
    perform private.fail('Name the file in at most 255 characters, on one line');
  end if;
  if start_roster_import.total_rows is null or start_roster_import.total_rows < 1 then
    perform private.fail('The file has no rows to import');
  elsif start_roster_import.total_rows > v_limits.rows_per_import then
    perform private.fail(format('A file can have at most %s rows: split it and import each part', v_limits.rows_per_import));
  end if;

  for v_stale in
    select i.id from public.roster_imports i
    where i.university_id = v_me.university_id and i.kind = start_roster_import.kind and i.status in ('validating', 'previewed')
      and (i.created_by = v_me.id or i.created_at < now() - interval '1 day')
    for update
  loop
    perform private.discard_roster_import_rows(v_stale);
  end loop;

  insert into public.roster_imports (university_id, kind, file_name, total_rows, created_by)
  values (v_me.university_id, start_roster_import.kind, v_name, start_roster_import.total_rows, v_me.id)
  returning * into v_import;
  return v_import;
end;
$$;

-- Adds rows to the import its caller started: a JSON array of objects, each with `row` (the row number a spreadsheet
-- shows) and the values by field name (students: first_name, last_name, email, reg_number, department, year_of_study,
-- phone; staff: email, role). Each row is checked as it arrives; the last part classifies the whole file and the
-- import is then previewed.
create function public.add_roster_import_rows(import_id uuid, rows jsonb)
returns public.roster_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_import public.roster_imports := private.roster_import_for(v_me, add_roster_import_rows.import_id, true);
  v_limits record;
  v_count integer;
begin
  select * into v_limits from private.bulk_invitation_limits();
  if v_import.created_by is distinct from v_me.id then
    perform private.fail('Only the person who started an import can add its rows');
  elsif v_import.status <> 'validating' then
    perform private.fail('This import has all its rows already');
  end if;
  if jsonb_typeof(add_roster_import_rows.rows) is distinct from 'array' or jsonb_array_length(add_roster_import_rows.rows) = 0 then
    perform private.fail('Send the rows as a list');
  end if;
  v_count := jsonb_array_length(add_roster_import_rows.rows);
  if v_count > v_limits.rows_per_request then
    perform private.fail(format('Send at most %s rows at a time', v_limits.rows_per_request));
  elsif v_import.received_rows + v_count > v_import.total_rows then
    perform private.fail(format('This import was started for %s rows', v_import.total_rows));
  end if;
  if exists (select 1 from jsonb_array_elements(add_roster_import_rows.rows) r
             where case when jsonb_typeof(r) = 'object' and jsonb_typeof(r -> 'row') = 'number' and (r ->> 'row') ~ '^[0-9]{1,7}$'
                        then (r ->> 'row')::integer not between 1 and 1000000 else true end) then
    perform private.fail('Each row needs its row number in the file');
  end if;

  begin
    insert into public.roster_import_rows (import_id, university_id, row_number, email, first_name, last_name, reg_number,
                                           department, year_of_study, phone, role, field_problems, problems, outcome)
    select v_import.id, v_import.university_id, (r ->> 'row')::integer,
           lower(left(r ->> 'email', 1000)), left(r ->> 'first_name', 1000), left(r ->> 'last_name', 1000),
           left(r ->> 'reg_number', 1000), left(r ->> 'department', 1000), left(r ->> 'year_of_study', 1000),
           left(r ->> 'phone', 1000), lower(left(r ->> 'role', 1000)), p.problems, p.problems,
           case when p.problems = '[]'::jsonb then 'new' else 'invalid' end
    from jsonb_array_elements(add_roster_import_rows.rows) r
    cross join lateral (select private.roster_row_problems(v_import.kind, r) as problems) p;
  exception when unique_violation then
    perform private.fail('A row was sent twice: each row number may appear once in an import');
  end;

  update public.roster_imports i set received_rows = i.received_rows + v_count
  where i.id = v_import.id returning * into v_import;
  if v_import.received_rows = v_import.total_rows then
    perform private.classify_roster_import(v_import.id);
    update public.roster_imports i set status = 'previewed' where i.id = v_import.id returning * into v_import;
  end if;
  return v_import;
end;
$$;

-- Confirms a previewed import: classifies it again (members may have joined since the preview), then, all or nothing,
-- invites every new row. Students go on the roster and are emailed the university's join link; staff get an
-- invitation with a one-time link, as invite_staff sends. Their emails go out at the university's pace, and one audit
-- entry records who imported how many. Refused when nothing is left to invite, so the same file twice changes nothing.
create function public.confirm_roster_import(import_id uuid)
returns public.roster_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_import public.roster_imports := private.roster_import_for(v_me, confirm_roster_import.import_id, true);
  v_university public.universities;
  v_pace interval := (select l.pace from private.bulk_invitation_limits() l);
  v_start timestamptz;
  v_join_link text;
  v_expires_at timestamptz := now() + interval '7 days';
  v_expires text;
begin
  if v_import.status = 'confirmed' then
    perform private.fail('This import was confirmed already: its invitations are on their way');
  elsif v_import.status <> 'previewed' then
    perform private.fail('This import is not ready to confirm: start again with the file');
  end if;
  -- One import of a university at a time, so two cannot both find an address new.
  perform pg_advisory_xact_lock(hashtextextended('roster:' || v_import.university_id::text, 0));
  v_import := private.classify_roster_import(v_import.id);
  if v_import.new_count = 0 then
    perform private.fail('Nothing to invite: every row is a member already, invited already, or has an error');
  end if;
  v_start := private.admit_bulk_invitations(v_me, v_import.new_count);
  select * into v_university from public.universities u where u.id = v_import.university_id;

  if v_import.kind = 'students' then
    v_join_link := private.site_url() || '/register?join=' || private.url_encode(v_university.join_code);
    -- The emails and the roster rows in one statement: each roster row keeps its email's id (the import's progress).
    with invited as (
      select r.email, row_number() over (order by r.row_number) - 1 as position
      from public.roster_import_rows r
      where r.import_id = v_import.id and r.outcome = 'new'
    ), queued as (
      insert into public.email_outbox (to_email, subject, body, next_attempt_at)
      select i.email, e.subject, e.body, v_start + i.position * v_pace
      from invited i
      cross join lateral private.student_invitation_email(v_university.name, v_join_link, private.existing_account_sign_in(i.email)) e
      returning id, to_email
    )
    insert into public.student_roster as s (university_id, email, first_name, last_name, reg_number, department,
                                            year_of_study, phone, import_id, invited_by, last_outbox_id)
    select v_import.university_id, r.email, r.first_name, r.last_name, r.reg_number, r.department,
           r.year_of_study::smallint, nullif(r.phone, ''), v_import.id, v_me.id, q.id
    from public.roster_import_rows r
    join queued q on q.to_email = r.email
    where r.import_id = v_import.id and r.outcome = 'new'
    -- An address on the roster that left (withdrawn, or a member since removed) is invited afresh.
    on conflict (university_id, email) do update set
      first_name = excluded.first_name, last_name = excluded.last_name, reg_number = excluded.reg_number,
      department = excluded.department, year_of_study = excluded.year_of_study, phone = excluded.phone,
      import_id = excluded.import_id, invited_by = excluded.invited_by, invited_at = now(), last_invited_at = now(),
      invitation_count = s.invitation_count + 1, last_outbox_id = excluded.last_outbox_id,
      member_id = null, joined_at = null, withdrawn_at = null, withdrawn_by = null;
  else
    v_expires := private.clinic_local_time(v_import.university_id, v_expires_at);
    -- A newer invitation replaces the address's pending ones here, as invite_staff does.
    update public.invitations i set token_hash = null
    from public.roster_import_rows r
    where r.import_id = v_import.id and r.outcome = 'new'
      and i.university_id = v_import.university_id and i.email = r.email::extensions.citext and i.token_hash is not null;
    with invited as materialized (
      select r.email, r.role::public.member_role as role, private.new_link_token() as token,
             private.existing_account_sign_in(r.email) as account_sign_in,
             row_number() over (order by r.row_number) - 1 as position
      from public.roster_import_rows r
      where r.import_id = v_import.id and r.outcome = 'new'
    ), recorded as (
      insert into public.invitations (university_id, email, role, invited_by, token_hash, expires_at, import_id)
      select v_import.university_id, i.email, i.role, v_me.id,
             case when i.account_sign_in is null then private.link_token_hash(i.token) end, v_expires_at, v_import.id
      from invited i
    ), queued as (
      insert into public.email_outbox (to_email, subject, body, next_attempt_at)
      select i.email, e.subject, e.body, v_start + i.position * v_pace
      from invited i
      cross join lateral private.staff_invitation_email(v_university.name, i.role, v_expires,
                                                        private.site_url() || '/register?invitation=' || i.token,
                                                        i.account_sign_in) e
      returning id, to_email
    )
    update public.roster_import_rows r set outbox_id = q.id
    from queued q
    where r.import_id = v_import.id and r.outcome = 'new' and r.email = q.to_email;
  end if;

  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (v_me.id, v_import.university_id, 'insert',
          case v_import.kind when 'students' then 'student_invitations' else 'invitations' end, v_import.id,
          jsonb_build_object(
            'bulk_summary', format('Imported %s %s: %s invited, %s already members, %s already invited, %s with errors',
                                   v_import.total_rows, case when v_import.total_rows = 1 then 'row' else 'rows' end,
                                   v_import.new_count, v_import.member_count, v_import.invited_count, v_import.invalid_count),
            'rows', v_import.total_rows, 'invited', v_import.new_count, 'members', v_import.member_count,
            'already_invited', v_import.invited_count, 'invalid', v_import.invalid_count));

  update public.roster_imports i
  set status = 'confirmed', confirmed_by = v_me.id, confirmed_at = now(), queued_count = v_import.new_count,
      sending_until = v_start + (v_import.new_count - 1) * v_pace
  where i.id = v_import.id
  returning * into v_import;
  return v_import;
end;
$$;

-- Gives up an import that is not confirmed: its rows are dropped, its record stays, discarded.
create function public.discard_roster_import(import_id uuid)
returns public.roster_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_import public.roster_imports := private.roster_import_for(v_me, discard_roster_import.import_id, true);
begin
  if v_import.status = 'confirmed' then
    perform private.fail('This import was confirmed: its invitations are on their way');
  end if;
  perform private.discard_roster_import_rows(v_import.id);
  select * into v_import from public.roster_imports i where i.id = v_import.id;
  return v_import;
end;
$$;

-- How far a confirmed import's invitations have gone out: queued, and sent by the mail delivery so far.
create function public.roster_import_progress(import_id uuid)
returns table (status text, queued integer, sent integer, sending_until timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_import public.roster_imports := private.roster_import_for(private.current_member(), roster_import_progress.import_id, false);
begin
  return query
    select v_import.status, coalesce(v_import.queued_count, 0),
           case when v_import.kind = 'students' then
             (select count(*)::integer from public.student_roster s
              join public.email_outbox o on o.id = s.last_outbox_id
              where s.import_id = v_import.id and o.sent_at is not null)
           else
             (select count(*)::integer from public.roster_import_rows r
              join public.email_outbox o on o.id = r.outbox_id
              where r.import_id = v_import.id and o.sent_at is not null)
           end,
           v_import.sending_until;
end;
$$;

-- Bulk actions on the students list -----------------------------------------------------------------------------------
-- The LIKE pattern of a search on the students list, cleaned as the list cleans it (searchPattern in
-- @campuscare/shared/appointments): the characters PostgREST's filter syntax reserves become spaces; null for no search.
create function private.directory_search_pattern(p_search text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when s.cleaned = '' then null else '%' || s.cleaned || '%' end
  from (select btrim(regexp_replace(regexp_replace(coalesce(p_search, ''), '[,()"''\\:*%_]', ' ', 'g'), '\s+', ' ', 'g')) as cleaned) s
$$;

-- The students a bulk action is about: the rows of the list chosen one by one (`p_ids`), or every row the list shows
-- for a search and a status.
create function private.chosen_students(p_university uuid, p_ids uuid[], p_search text, p_status text)
returns table (member_id uuid, roster_id uuid, status text, first_name text, last_name text)
language sql
stable
set search_path = ''
as $$
  select d.member_id, d.roster_id, d.status, d.first_name, d.last_name
  from public.student_directory d
  cross join (select private.directory_search_pattern(p_search) as pattern) s
  where d.university_id = p_university
    and case when p_ids is not null then d.id = any (p_ids)
             else (p_status is null or d.status = p_status)
                  and (s.pattern is null or d.first_name ilike s.pattern or d.last_name ilike s.pattern
                       or d.email ilike s.pattern or d.reg_number ilike s.pattern)
        end
$$;

-- Refuses a choice that is not what the person confirmed: the count they were shown must still be the count chosen.
create function private.check_student_choice(p_ids uuid[], p_search text, p_status text, p_expected integer, p_chosen integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_ids is not null and cardinality(p_ids) > 100000 then
    perform private.fail('Choose at most 100000 students at a time');
  elsif char_length(p_search) > 100 then
    perform private.fail('Search for at most 100 characters');
  elsif p_status is not null and p_status not in ('active', 'deactivated', 'invited', 'withdrawn') then
    perform private.fail('Choose one of the listed statuses');
  elsif p_expected is null then
    perform private.fail('Say how many students you mean to act on');
  elsif p_chosen = 0 then
    perform private.fail('No students are chosen');
  elsif p_chosen <> p_expected then
    perform private.fail(format('The list has changed since you chose: %s %s now. Look at it again and confirm',
                                p_chosen, case when p_chosen = 1 then 'student matches' else 'students match' end));
  end if;
end;
$$;
revoke all on function private.directory_search_pattern(text), private.chosen_students(uuid, uuid[], text, text),
  private.check_student_choice(uuid[], text, text, integer, integer) from public, anon, authenticated, service_role;

-- End of studies: deactivates the chosen students who are members (as set_member_status does: signed out, refused
-- sign-in) and withdraws the invitations of those who never joined. Super admins only. `expected` is the count the
-- person confirmed. Returns how many of each; one audit entry for the action, besides each member's own.
create function public.deactivate_students(student_ids uuid[] default null, search text default null,
                                           status text default null, expected integer default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_chosen integer;
  v_deactivated integer;
  v_withdrawn integer;
begin
  select count(*) into v_chosen
  from private.chosen_students(v_me.university_id, deactivate_students.student_ids, deactivate_students.search, deactivate_students.status);
  perform private.check_student_choice(deactivate_students.student_ids, deactivate_students.search, deactivate_students.status,
                                       deactivate_students.expected, v_chosen);

  with chosen as (
    select c.member_id, c.roster_id
    from private.chosen_students(v_me.university_id, deactivate_students.student_ids, deactivate_students.search, deactivate_students.status) c
  ), deactivated as (
    update public.members m set status = 'deactivated'
    from chosen c where m.id = c.member_id and m.status = 'active'
    returning m.id
  ), banned as (
    update auth.users u set banned_until = now() + interval '100 years', updated_at = now()
    from deactivated d where u.id = d.id
  ), signed_out as (
    delete from auth.sessions s using deactivated d where s.user_id = d.id
  ), withdrawn as (
    update public.student_roster r set withdrawn_at = now(), withdrawn_by = v_me.id
    from chosen c where r.id = c.roster_id and r.withdrawn_at is null
    returning r.id
  )
  select (select count(*) from deactivated), (select count(*) from withdrawn) into v_deactivated, v_withdrawn;

  if v_deactivated + v_withdrawn > 0 then
    insert into public.audit_log (actor_id, university_id, action, table_name, details)
    values (v_me.id, v_me.university_id, 'update', 'members',
            jsonb_build_object('bulk_summary', format('Deactivated %s %s and withdrew %s %s (end of studies)',
                                                      v_deactivated, case when v_deactivated = 1 then 'student' else 'students' end,
                                                      v_withdrawn, case when v_withdrawn = 1 then 'invitation' else 'invitations' end),
                               'deactivated', v_deactivated, 'withdrawn', v_withdrawn));
  end if;
  return jsonb_build_object('deactivated', v_deactivated, 'withdrawn', v_withdrawn, 'unchanged', v_chosen - v_deactivated - v_withdrawn);
end;
$$;

-- Sends the join link again to the chosen students who were invited and have not joined: not to members, withdrawn
-- invitations, or addresses invited in the last minutes (private.invitation_limits). Admins, as inviting students is.
-- `expected` is the count the person confirmed. Returns how many were sent and skipped; one audit entry.
create function public.resend_student_invitations(student_ids uuid[] default null, search text default null,
                                                  status text default null, expected integer default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_chosen integer;
  v_count integer;
  v_university public.universities;
  v_join_link text;
  v_start timestamptz;
  v_pace interval := (select l.pace from private.bulk_invitation_limits() l);
  v_interval interval := (select l.same_email_interval from private.invitation_limits() l);
begin
  if v_me.id is null or v_me.role <> 'admin' then
    perform private.fail('Only a university administrator can invite students');
  end if;
  select count(*) into v_chosen
  from private.chosen_students(v_me.university_id, resend_student_invitations.student_ids, resend_student_invitations.search,
                               resend_student_invitations.status);
  perform private.check_student_choice(resend_student_invitations.student_ids, resend_student_invitations.search,
                                       resend_student_invitations.status, resend_student_invitations.expected, v_chosen);
  perform pg_advisory_xact_lock(hashtextextended('roster:' || v_me.university_id::text, 0));

  select count(*) into v_count
  from private.chosen_students(v_me.university_id, resend_student_invitations.student_ids, resend_student_invitations.search,
                               resend_student_invitations.status) c
  join public.student_roster r on r.id = c.roster_id
  where c.status = 'invited' and r.last_invited_at <= now() - v_interval;
  if v_count = 0 then
    perform private.fail('None of the chosen students is waiting for an invitation that can be sent now: members have '
                         'joined, withdrawn invitations are not sent, and an address invited in the last 10 minutes waits');
  end if;
  v_start := private.admit_bulk_invitations(v_me, v_count);
  select * into v_university from public.universities u where u.id = v_me.university_id;
  v_join_link := private.site_url() || '/register?join=' || private.url_encode(v_university.join_code);

  with pending as (
    select r.id, r.email::text as email,
           row_number() over (order by c.last_name, c.first_name, r.id) - 1 as position
    from private.chosen_students(v_me.university_id, resend_student_invitations.student_ids, resend_student_invitations.search,
                                 resend_student_invitations.status) c
    join public.student_roster r on r.id = c.roster_id
    where c.status = 'invited' and r.last_invited_at <= now() - v_interval
  ), queued as (
    insert into public.email_outbox (to_email, subject, body, next_attempt_at)
    select p.email, e.subject, e.body, v_start + p.position * v_pace
    from pending p
    cross join lateral private.student_invitation_email(v_university.name, v_join_link, private.existing_account_sign_in(p.email)) e
    returning id, to_email
  )
  update public.student_roster r
  set last_invited_at = now(), invitation_count = r.invitation_count + 1, last_outbox_id = q.id, invited_by = v_me.id
  from queued q
  where r.university_id = v_me.university_id and r.email = q.to_email::extensions.citext;

  insert into public.audit_log (actor_id, university_id, action, table_name, details)
  values (v_me.id, v_me.university_id, 'insert', 'student_invitations',
          jsonb_build_object('bulk_summary', format('Sent the join link again to %s invited %s',
                                                    v_count, case when v_count = 1 then 'student' else 'students' end),
                             'resent', v_count));
  return jsonb_build_object('resent', v_count, 'skipped', v_chosen - v_count);
end;
$$;

revoke all on function public.start_roster_import(text, text, integer), public.add_roster_import_rows(uuid, jsonb),
  public.confirm_roster_import(uuid), public.discard_roster_import(uuid), public.roster_import_progress(uuid),
  public.deactivate_students(uuid[], text, text, integer), public.resend_student_invitations(uuid[], text, text, integer)
  from public, anon;
grant execute on function public.start_roster_import(text, text, integer), public.add_roster_import_rows(uuid, jsonb),
  public.confirm_roster_import(uuid), public.discard_roster_import(uuid), public.roster_import_progress(uuid),
  public.deactivate_students(uuid[], text, text, integer), public.resend_student_invitations(uuid[], text, text, integer)
  to authenticated, service_role;

-- The audit log ------------------------------------------------------------------------------------------------------
-- Restated whole from 20260116000000_clinical_record.sql: an entry an import or a bulk action wrote says what it did in
-- its own words (`details.bulk_summary`: who is the entry's actor, how many its counts), never naming a row.
create or replace function private.describe_audit_entry(p_entry public.audit_log)
returns table (actor_name text, actor_role text, actor_email text, what text, subject text, subject_email text, summary text)
language sql
stable
set search_path = ''
as $$
  select
    coalesce(p_entry.actor_name,
             case when actor.id is not null then private.member_display_name(actor) end,
             case when p_entry.actor_id is not null then 'Removed account'
                  when p_entry.action = 'sign_in_failed' then 'Unknown (not signed in)'
                  else 'System' end),
    actor.role::text,
    coalesce(p_entry.actor_email, actor.email::text),
    case p_entry.table_name
      when 'sessions' then 'Sign-in'
      when 'health_profiles' then 'Health record'
      when 'members' then 'Member'
      when 'invitations' then 'Staff invitation'
      when 'student_invitations' then 'Student invitation'
      when 'appointments' then 'Appointment'
      when 'programs' then 'Program'
      when 'universities' then 'University profile'
      when 'university_secrets' then 'Default staff password'
      when 'clinic_settings' then 'Clinic booking rules'
      when 'clinic_hours' then 'Clinic hours'
      when 'clinic_closures' then 'Clinic closure'
      when 'doctor_hours' then 'Doctor hours'
      when 'doctor_time_off' then 'Doctor time off'
      when 'visits' then 'Visit note'
      when 'visit_addenda' then 'Visit addendum'
      when 'vital_signs' then 'Vital signs'
      when 'diagnoses' then 'Diagnosis'
      when 'prescriptions' then 'Prescription'
      when 'excuse_letters' then 'Excuse letter'
      else p_entry.table_name
    end,
    coalesce(case when subject.id is not null then private.member_display_name(subject) end,
             nullif(concat_ws(' ', p_entry.details -> 'old' ->> 'first_name', p_entry.details -> 'old' ->> 'last_name'), ''),
             p_entry.details -> 'new' ->> 'email',
             p_entry.details -> 'old' ->> 'email'),
    coalesce(subject.email::text, p_entry.details -> 'new' ->> 'email', p_entry.details -> 'old' ->> 'email'),
    left(case
      when p_entry.details ? 'bulk_summary' then p_entry.details ->> 'bulk_summary'
      when p_entry.action = 'sign_in' then 'Signed in' || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'sign_in_failed' then
        case p_entry.details ->> 'reason' when 'deactivated' then 'Refused: the account is deactivated'
                                          else 'Wrong password' end
        || coalesce(' from ' || (p_entry.details ->> 'ip'), '')
      when p_entry.action = 'read' then 'Opened the health record' || coalesce(' (' || (p_entry.details ->> 'screen') || ')', '')
      when p_entry.table_name = 'health_profiles' then
        case p_entry.action when 'insert' then 'Filled in: ' when 'update' then 'Updated: ' else 'Deleted: ' end || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
      when p_entry.table_name = 'university_secrets' then 'Default staff password changed'
      when p_entry.table_name in ('visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters') then
        case
          when p_entry.table_name = 'visits' and p_entry.action = 'insert' then 'Opened a visit note'
          when p_entry.table_name = 'visits' and p_entry.action = 'update' and p_entry.details ->> 'status' = 'signed' then 'Signed the visit note'
          when p_entry.table_name = 'visits' and p_entry.action = 'delete' then 'Discarded a draft visit note'
          when p_entry.table_name = 'excuse_letters' and p_entry.action = 'insert' then 'Issued an excuse letter'
          when p_entry.table_name = 'excuse_letters' and p_entry.action = 'update' then 'Revoked an excuse letter'
          when p_entry.table_name = 'visit_addenda' and p_entry.action = 'insert' then 'Added an addendum'
          when p_entry.action = 'insert' then 'Recorded: ' || coalesce((select string_agg(c, ', ') from jsonb_array_elements_text(p_entry.details -> 'columns') c), '')
          when p_entry.action = 'delete' then 'Removed from the record'
          else 'Changed'
        end
      when p_entry.action = 'insert' then
        case p_entry.table_name
          when 'invitations' then 'Invited ' || (p_entry.details -> 'new' ->> 'email') || ' as ' || (p_entry.details -> 'new' ->> 'role')
          when 'student_invitations' then 'Sent the join link to ' || (p_entry.details -> 'new' ->> 'email')
          when 'members' then 'Joined as ' || (p_entry.details -> 'new' ->> 'role')
          when 'appointments' then 'Booked: ' || (p_entry.details -> 'new' ->> 'reason') || ' on ' || (p_entry.details -> 'new' ->> 'date')
          when 'programs' then 'Created "' || (p_entry.details -> 'new' ->> 'title') || '"'
          when 'clinic_closures' then 'Closed ' || (p_entry.details -> 'new' ->> 'starts_on') || ' to ' || (p_entry.details -> 'new' ->> 'ends_on')
          else 'Created'
        end
      when p_entry.action = 'delete' then 'Deleted'
      else coalesce(private.audit_changes_text(p_entry.details -> 'changed'), 'Changed')
    end, 500)
  from (select 1) one
  left join public.members actor on actor.id = p_entry.actor_id
  left join public.members subject on subject.id = case
    when p_entry.table_name in ('members', 'health_profiles', 'sessions') then p_entry.record_id
    when p_entry.table_name = 'appointments' then coalesce(
      (select a.student_id from public.appointments a where a.id = p_entry.record_id),
      (p_entry.details -> 'old' ->> 'student_id')::uuid)
    when p_entry.table_name in ('doctor_hours', 'doctor_time_off') then
      coalesce(p_entry.details -> 'new' ->> 'doctor_id', p_entry.details -> 'old' ->> 'doctor_id')::uuid
    when p_entry.table_name in ('visits', 'visit_addenda', 'vital_signs', 'diagnoses', 'prescriptions', 'excuse_letters') then
      (p_entry.details ->> 'student_id')::uuid
  end
$$;

-- Exports -----------------------------------------------------------------------------------------------------------
-- The registrar's CSV files. The gateway streams them (server/src/gateway/exports.ts): it runs one of these as the
-- caller, under the caller's token and RLS, through a cursor, so 100,000 rows never sit in its memory. Each is one SQL
-- query the planner inlines into the cursor's; `line` is a CSV line, the header first. Values people typed go through
-- private.csv_cell; dates, numbers and the exports' own words, which hold neither a quote nor a formula, are quoted as
-- they are (a cell's cost counts 100,000 times); the clinic's zone is a scalar subquery, worked out once. A schema of its own, which PostgREST does not serve: the only way to them is the streamed one.
create schema exports;
revoke all on schema exports from public;
grant usage on schema exports to authenticated, service_role;

-- One CSV cell (RFC 4180), always quoted; wherever a spreadsheet may start reading a value (the cell's start, or just
-- after a separator or line break) a formula character (= + - @, a tab or a carriage return) gets an apostrophe before
-- it, so it stays text. The same rule as csvCell in mfe-admin (roster-import.test.ts holds the two to it). A plain SQL
-- expression, so the planner inlines it into each export's query; the regular expression runs only on a value that
-- holds a formula character at all (translate is plain C, a regular expression a hundred times dearer).
create function private.csv_cell(value text)
returns text
language sql
immutable
parallel safe
return '"' || replace(case when translate(coalesce(value, ''), E'=+@\t\r-', '') = coalesce(value, '') then coalesce(value, '')
                           else regexp_replace(value, '(^|(?<=[,;\t\r\n]))(?=[=+@\t\r-])', '''', 'g') end,
                      '"', '""') || '"';

-- The caller's clinic's time zone, in which the exports write dates and times.
create function private.current_clinic_zone()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select s.timezone from public.clinic_settings s where s.university_id = (select private.current_university_id())), 'UTC');
end;
$$;

-- Refuses an export to anyone but the university's administrators; true otherwise. Each export calls it once.
create function private.require_export(p_what text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    perform private.fail(format('Only university administrators can export %s', p_what));
  end if;
  return true;
end;
$$;

-- As require_export, for the appointments of a range of clinic days: at most a year.
create function private.require_export_days(p_from date, p_to date)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_export('appointments');
  if p_from is null or p_to is null then
    perform private.fail('Choose the first and last day to export');
  elsif p_to < p_from then
    perform private.fail('The last day must be on or after the first day');
  elsif p_to - p_from > 366 then
    perform private.fail('Export at most a year of appointments at a time');
  end if;
  return true;
end;
$$;

revoke all on function private.csv_cell(text), private.current_clinic_zone(), private.require_export(text),
  private.require_export_days(date, date) from public, anon;
grant execute on function private.csv_cell(text), private.current_clinic_zone(), private.require_export(text),
  private.require_export_days(date, date) to authenticated, service_role;
-- The appointments export names each doctor as every other screen does.
grant execute on function private.member_display_name(public.members) to authenticated;

-- Students: members and invited students, with their status and the state of their invitation.
create function exports.students()
returns table (line text)
language sql
stable
begin atomic
  select x.line
  from (
    select 0 as part, null::text as last_name, null::text as first_name, null::uuid as id,
           concat_ws(',', private.csv_cell('Last name'), private.csv_cell('First name'), private.csv_cell('Email'),
                     private.csv_cell('Registration number'), private.csv_cell('Department'), private.csv_cell('Year of study'),
                     private.csv_cell('Phone'), private.csv_cell('Status'), private.csv_cell('Invitation'),
                     private.csv_cell('Invited on'), private.csv_cell('Invitations sent'), private.csv_cell('Joined on')) as line
    where (select private.require_export('students'))
    union all
    select 1, d.last_name, d.first_name, d.id,
           concat_ws(',', private.csv_cell(d.last_name), private.csv_cell(d.first_name), private.csv_cell(d.email),
                     private.csv_cell(d.reg_number), private.csv_cell(d.department), '"' || coalesce(d.year_of_study::text, '') || '"',
                     private.csv_cell(d.phone),
                     private.csv_cell(case d.status when 'active' then 'Active' when 'deactivated' then 'Deactivated'
                                                    when 'invited' then 'Invited' else 'Invitation withdrawn' end),
                     private.csv_cell(case when d.member_id is null and d.status = 'invited' then 'Invited, not joined yet'
                                           when d.member_id is null then 'Withdrawn'
                                           when d.roster_id is null then 'Joined with the join link'
                                           else 'Joined after an invitation' end),
                     '"' || coalesce(to_char(d.invited_at at time zone (select private.current_clinic_zone()), 'YYYY-MM-DD'), '') || '"',
                     '"' || coalesce(d.invitation_count::text, '') || '"',
                     '"' || coalesce(to_char(d.joined_at at time zone (select private.current_clinic_zone()), 'YYYY-MM-DD'), '') || '"')
    from public.student_directory d
    where (select private.require_export('students'))
  ) x
  order by x.part, x.last_name, x.first_name, x.id;
end;

-- Staff: admins and doctors, and the staff invitations still waiting (super admins see those).
create function exports.staff()
returns table (line text)
language sql
stable
begin atomic
  select x.line
  from (
    select 0 as part, null::text as last_name, null::text as first_name, null::text as email,
           concat_ws(',', private.csv_cell('Last name'), private.csv_cell('First name'), private.csv_cell('Email'),
                     private.csv_cell('Role'), private.csv_cell('Super admin'), private.csv_cell('Status'),
                     private.csv_cell('Staff ID'), private.csv_cell('Position'), private.csv_cell('Specialization'),
                     private.csv_cell('Phone'), private.csv_cell('Invited on'), private.csv_cell('Joined on')) as line
    where (select private.require_export('staff'))
    union all
    select 1, m.last_name, m.first_name, m.email::text,
           concat_ws(',', private.csv_cell(m.last_name), private.csv_cell(m.first_name), private.csv_cell(m.email::text),
                     private.csv_cell(case m.role when 'admin' then 'Admin' else 'Doctor' end),
                     private.csv_cell(case when m.is_super_admin then 'Yes' else 'No' end),
                     private.csv_cell(case m.status when 'active' then 'Active' else 'Deactivated' end),
                     private.csv_cell(m.staff_id), private.csv_cell(m.position), private.csv_cell(m.specialization),
                     private.csv_cell(m.phone), private.csv_cell(null),
                     '"' || coalesce(to_char(m.created_at at time zone (select private.current_clinic_zone()), 'YYYY-MM-DD'), '') || '"')
    from public.members m
    where m.role in ('admin', 'doctor') and m.university_id = (select private.current_university_id())
      and (select private.require_export('staff'))
    union all
    select 2, null, null, i.email::text,
           concat_ws(',', private.csv_cell(null), private.csv_cell(null), private.csv_cell(i.email::text),
                     private.csv_cell(case i.role when 'admin' then 'Admin' else 'Doctor' end), private.csv_cell('No'),
                     private.csv_cell('Invited'), private.csv_cell(null), private.csv_cell(null), private.csv_cell(null),
                     private.csv_cell(null), '"' || coalesce(to_char(i.created_at at time zone (select private.current_clinic_zone()), 'YYYY-MM-DD'), '') || '"',
                     private.csv_cell(null))
    from (select distinct on (p.email) p.email, p.role, p.created_at, p.university_id
          from public.invitations p
          where p.accepted_at is null and p.expires_at > now() and p.university_id = (select private.current_university_id())
          order by p.email, p.created_at desc) i
    where not exists (select 1 from public.members m where m.university_id = i.university_id and m.email = i.email::text)
      and (select private.require_export('staff'))
  ) x
  order by x.part, x.last_name, x.first_name, x.email;
end;

-- Appointments of the clinic days `from_day` to `to_day` (at most a year), in the clinic's time. Who came and when,
-- never why: the reason is health information and stays in CampusCare.
create function exports.appointments(from_day date, to_day date)
returns table (line text)
language sql
stable
begin atomic
  select x.line
  from (
    select 0 as part, null::timestamptz as date, null::uuid as id,
           concat_ws(',', private.csv_cell('Date'), private.csv_cell('Time (' || (select private.current_clinic_zone()) || ')'), private.csv_cell('Minutes'),
                     private.csv_cell('Student'), private.csv_cell('Registration number'), private.csv_cell('Department'),
                     private.csv_cell('Year of study'), private.csv_cell('Doctor'), private.csv_cell('Status')) as line
    where (select private.require_export_days(from_day, to_day))
    union all
    select 1, a.date, a.id,
           concat_ws(',', '"' || coalesce(to_char(a.date at time zone (select private.current_clinic_zone()), 'YYYY-MM-DD'), '') || '"',
                     '"' || coalesce(to_char(a.date at time zone (select private.current_clinic_zone()), 'HH24:MI'), '') || '"',
                     '"' || coalesce(a.duration_minutes::text, '') || '"', private.csv_cell(a.name), private.csv_cell(a.reg),
                     private.csv_cell(a.department), '"' || coalesce(a.year::text, '') || '"',
                     private.csv_cell(case when p.id is not null then private.member_display_name(p) end),
                     private.csv_cell(initcap(replace(a.status::text, '_', ' '))))
    from public.appointments a
    left join public.members p on p.id = a.provider_id
    where a.university_id = (select private.current_university_id())
      and a.date >= from_day::timestamp at time zone (select private.current_clinic_zone()) and a.date < (to_day + 1)::timestamp at time zone (select private.current_clinic_zone())
      and (select private.require_export_days(from_day, to_day))
  ) x
  order by x.part, x.date, x.id;
end;

-- Programs, by date.
create function exports.programs()
returns table (line text)
language sql
stable
begin atomic
  select x.line
  from (
    select 0 as part, null::date as date, null::text as title, null::uuid as id,
           concat_ws(',', private.csv_cell('Title'), private.csv_cell('Date'), private.csv_cell('Time'),
                     private.csv_cell('Location'), private.csv_cell('Type'), private.csv_cell('Audience'),
                     private.csv_cell('Organiser'), private.csv_cell('Activities'), private.csv_cell('Description')) as line
    where (select private.require_export('programs'))
    union all
    select 1, g.date, g.title, g.id,
           concat_ws(',', private.csv_cell(g.title), '"' || coalesce(to_char(g.date, 'YYYY-MM-DD'), '') || '"',
                     '"' || coalesce(to_char(g.time, 'HH24:MI'), '') || '"', private.csv_cell(g.location),
                     private.csv_cell(g.program_type), private.csv_cell(g.target_audience), private.csv_cell(g.organiser),
                     private.csv_cell(g.activities), private.csv_cell(g.description))
    from public.programs g
    where g.university_id = (select private.current_university_id()) and (select private.require_export('programs'))
  ) x
  order by x.part, x.date, x.title, x.id;
end;

revoke all on function exports.students(), exports.staff(), exports.appointments(date, date), exports.programs() from public, anon;
grant execute on function exports.students(), exports.staff(), exports.appointments(date, date), exports.programs()
  to authenticated, service_role;
