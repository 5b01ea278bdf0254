-- Proof for immunizations (docs/clinical-record.md, "Tables" and "Reading the chart"): the photo or PDF of a vaccination
-- card, or the letter behind an exemption, stored in the private bucket `medical-documents` under the student's own
-- folder and registered in `medical_documents`; doses and exemptions name the document they rest on.
--
-- Who reads a document: the student, directly (their folder); a doctor of the student's university only after
-- open_medical_document(), which records the opening in the student's "Who viewed my health record" and lets that
-- doctor read that one file for a few minutes. Admins never read one. A document, once uploaded, is never replaced:
-- what the clinic approved stays what is stored.

-- HEIC (iPhone photos) is not taken: no browser but Safari shows it, so the clinic could not look at it, and converting
-- it would mean decoding untrusted HEVC in the server. The storage service says so in words (server/src/storage/mime.ts).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('medical-documents', 'medical-documents', false, 10485760, array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

create table public.medical_documents (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null references public.universities (id) on delete cascade,
  student_id uuid not null references public.members (id) on delete cascade,
  -- The object's name in the bucket: `<student_id>/<file>`.
  storage_object text not null,
  file_name text,
  content_type text not null,
  size_bytes bigint not null,
  created_at timestamptz not null default now(),
  constraint medical_documents_storage_object_key unique (storage_object),
  constraint medical_documents_in_student_folder check (split_part(storage_object, '/', 1) = student_id::text),
  constraint medical_documents_file_name_length check (char_length(file_name) between 1 and 200 and private.is_single_line(file_name)),
  constraint medical_documents_content_type_values check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  constraint medical_documents_size_range check (size_bytes between 1 and 10485760)
);

comment on table public.medical_documents is
  'Immunization proof a student uploaded (bucket medical-documents); written by add_medical_document(), read by doctors through open_medical_document().';
create index medical_documents_student_idx on public.medical_documents (student_id, created_at);
-- What doses and exemptions reference, so that a row can only name a document of its own student.
create unique index medical_documents_id_student_idx on public.medical_documents (id, student_id);

alter table public.medical_documents enable row level security;
revoke all on public.medical_documents from public, anon, authenticated, service_role;
grant select on public.medical_documents to authenticated, service_role;
create policy medical_documents_select on public.medical_documents for select to authenticated
  using (student_id = (select auth.uid()));

alter table public.immunization_doses
  add column document_id uuid,
  add column visit_id uuid references public.visits (id) on delete set null,
  add constraint immunization_doses_document_fkey foreign key (document_id, student_id)
    references public.medical_documents (id, student_id);
alter table public.immunization_exemptions
  add column document_id uuid,
  add constraint immunization_exemptions_document_fkey foreign key (document_id, student_id)
    references public.medical_documents (id, student_id);
create index immunization_doses_document_idx on public.immunization_doses (document_id) where document_id is not null;
create index immunization_doses_visit_idx on public.immunization_doses (visit_id) where visit_id is not null;
create index immunization_exemptions_document_idx on public.immunization_exemptions (document_id) where document_id is not null;

-- A doctor's opening of a document: that doctor may read its file until `expires_at` (long enough to download it or
-- sign a URL for the preview), then must open it again, which is recorded again.
create table private.medical_document_openings (
  document_id uuid not null references public.medical_documents (id) on delete cascade,
  doctor_id uuid not null references public.members (id) on delete cascade,
  expires_at timestamptz not null,
  primary key (document_id, doctor_id)
);
create index medical_document_openings_doctor_idx on private.medical_document_openings (doctor_id);
alter table private.medical_document_openings enable row level security;
revoke all on private.medical_document_openings from public, anon, authenticated, service_role;

create function private.is_student()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((private.current_member()).role = 'student', false);
end;
$$;

-- Whether the signed-in doctor has opened the document stored as `p_object` in the last few minutes.
create function private.medical_document_opened(p_object text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.is_doctor() and exists (
    select 1
    from public.medical_documents d
    join private.medical_document_openings o on o.document_id = d.id
    where d.storage_object = p_object and o.doctor_id = (select auth.uid()) and o.expires_at > now());
end;
$$;

revoke all on function private.is_student(), private.medical_document_opened(text) from public, anon;
grant execute on function private.is_student(), private.medical_document_opened(text) to authenticated, service_role;

-- A deactivated student reads none of it any more, their own proof included (as for the health profile).
alter policy immunization_doses_select on public.immunization_doses
  using (student_id = (select auth.uid()) and (select private.is_student()));
alter policy immunization_exemptions_select on public.immunization_exemptions
  using (student_id = (select auth.uid()) and (select private.is_student()));
alter policy medical_documents_select on public.medical_documents
  using (student_id = (select auth.uid()) and (select private.is_student()));

-- medical-documents: <student_id>/<file>. The student uploads into their own folder and reads it; nobody replaces or
-- removes a file (no update or delete policy); a doctor reads one file after opening it.
create policy medical_documents_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'medical-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_student())
  );
create policy medical_documents_read on storage.objects for select to authenticated
  using (
    bucket_id = 'medical-documents'
    and (
      ((storage.foldername(name))[1] = (select auth.uid())::text and (select private.is_student()))
      or private.medical_document_opened(name)
    )
  );

-- Registers a file the student has uploaded to their folder (storage first, then this), so doses and exemptions can
-- name it. Its type and size are the stored object's; adding the same file again returns the same row.
create function public.add_medical_document(storage_object text, file_name text default null)
returns public.medical_documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_path text := btrim(add_medical_document.storage_object);
  v_metadata jsonb;
  v_type text;
  v_document public.medical_documents;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students add their own documents');
  end if;
  select o.metadata into v_metadata from storage.objects o
  where o.bucket_id = 'medical-documents' and o.name = v_path and split_part(v_path, '/', 1) = v_me.id::text;
  if not found then
    perform private.fail('Upload the file first, then add it');
  end if;
  select * into v_document from public.medical_documents d where d.storage_object = v_path;
  if found then
    return v_document;
  end if;
  v_type := lower(btrim(split_part(v_metadata ->> 'mimetype', ';', 1)));
  if v_type is null or v_type not in ('application/pdf', 'image/jpeg', 'image/png') then
    perform private.fail('Upload a PDF, or a photo as JPEG or PNG');
  end if;
  insert into public.medical_documents (university_id, student_id, storage_object, file_name, content_type, size_bytes)
  values (v_me.university_id, v_me.id, v_path,
          -- A name from the phone or computer, kept readable: one line, at most 200 characters.
          nullif(left(btrim(regexp_replace(coalesce(add_medical_document.file_name, ''), '[\u0001-\u001f\u007f-\u009f\u2028\u2029]+', ' ', 'g')), 200), ''),
          v_type, (v_metadata ->> 'size')::bigint)
  returning * into v_document;
  return v_document;
end;
$$;

-- A doctor opens a student's document: recorded as a read of the student's health record (screen 'Immunization
-- document'), and for a few minutes that doctor may download the file or sign a URL for it. Returns what the browser
-- needs: the bucket and path to hand to supabase.storage, the file's name, type and size, and whose it is.
create function public.open_medical_document(document_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_document public.medical_documents;
  v_student public.members;
  v_expires timestamptz := now() + interval '5 minutes';
begin
  if v_me.id is null or v_me.role <> 'doctor' then
    perform private.fail('Only doctors of the student''s university can open immunization documents');
  end if;
  select * into v_document from public.medical_documents d
  where d.id = open_medical_document.document_id and d.university_id = v_me.university_id;
  if v_document.id is null then
    perform private.fail('Document not found');
  end if;
  select * into v_student from public.members m where m.id = v_document.student_id;
  insert into public.audit_log (actor_id, university_id, action, table_name, record_id, details)
  values (v_me.id, v_me.university_id, 'read', 'health_profiles', v_document.student_id,
          jsonb_build_object('screen', 'Immunization document', 'document_id', v_document.id));
  insert into private.medical_document_openings (document_id, doctor_id, expires_at)
  values (v_document.id, v_me.id, v_expires)
  on conflict on constraint medical_document_openings_pkey do update set expires_at = excluded.expires_at;
  return json_build_object(
    'document_id', v_document.id,
    'bucket', 'medical-documents',
    'path', v_document.storage_object,
    'file_name', v_document.file_name,
    'content_type', v_document.content_type,
    'size_bytes', v_document.size_bytes,
    'uploaded_at', v_document.created_at,
    'student', json_build_object('id', v_student.id, 'name', private.member_display_name(v_student), 'reg_number', v_student.reg_number),
    'readable_until', v_expires);
end;
$$;

-- The student's dose and exemption functions gain the document they rest on (dropped and created again: a new argument).
drop function public.record_immunization_dose(text, date, text, text);
create function public.record_immunization_dose(cvx_code text, given_on date, given_at text default null, lot text default null,
                                                document_id uuid default null)
returns public.immunization_doses
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_zone text;
  v_dose public.immunization_doses;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students record their own doses; the clinic records the doses it gives');
  end if;
  if not exists (select 1 from public.vaccines v where v.cvx_code = record_immunization_dose.cvx_code) then
    perform private.fail('Choose a vaccine from the list');
  end if;
  select s.timezone into v_zone from public.clinic_settings s where s.university_id = v_me.university_id;
  if record_immunization_dose.given_on is null or record_immunization_dose.given_on > (now() at time zone coalesce(v_zone, 'UTC'))::date then
    perform private.fail('Give the day the dose was given: today or earlier');
  elsif record_immunization_dose.given_on < date '1900-01-01' then
    perform private.fail('Give the day the dose was given');
  end if;
  if record_immunization_dose.document_id is not null and not exists (
    select 1 from public.medical_documents d where d.id = record_immunization_dose.document_id and d.student_id = v_me.id) then
    perform private.fail('Choose one of your own documents');
  end if;
  insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, document_id)
  values (v_me.university_id, v_me.id, record_immunization_dose.cvx_code, record_immunization_dose.given_on,
          nullif(btrim(record_immunization_dose.given_at), ''), nullif(btrim(record_immunization_dose.lot), ''),
          record_immunization_dose.document_id)
  returning * into v_dose;
  return v_dose;
end;
$$;

drop function public.request_immunization_exemption(uuid, text, text);
create function public.request_immunization_exemption(requirement_id uuid, kind text, reason text, document_id uuid default null)
returns public.immunization_exemptions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.current_member();
  v_requirement public.immunization_requirements;
  v_needs_document boolean;
  v_exemption public.immunization_exemptions;
begin
  if v_me.id is null or v_me.role <> 'student' then
    perform private.fail('Only students ask for exemptions');
  end if;
  select * into v_requirement from public.immunization_requirements r where r.id = request_immunization_exemption.requirement_id;
  if v_requirement.id is null or not private.requirement_applies(v_requirement, v_me) then
    perform private.fail('Requirement not found');
  end if;
  if request_immunization_exemption.kind is null or request_immunization_exemption.kind not in ('medical', 'personal')
     or (request_immunization_exemption.kind = 'medical' and not v_requirement.medical_exemption)
     or (request_immunization_exemption.kind = 'personal' and not v_requirement.personal_exemption) then
    perform private.fail(format('%s accepts %s', v_requirement.name,
      case when v_requirement.medical_exemption and v_requirement.personal_exemption then 'medical or personal exemptions'
           when v_requirement.medical_exemption then 'medical exemptions only'
           when v_requirement.personal_exemption then 'personal exemptions only'
           else 'no exemptions' end));
  end if;
  if coalesce(btrim(request_immunization_exemption.reason), '') = '' then
    perform private.fail('Give the reason for the exemption');
  end if;
  v_needs_document := case request_immunization_exemption.kind when 'medical' then v_requirement.medical_exemption_needs_document
                                                               else v_requirement.personal_exemption_needs_document end;
  if v_needs_document and request_immunization_exemption.document_id is null then
    perform private.fail(format('A %s exemption from %s needs a supporting document: upload it and attach it',
                                request_immunization_exemption.kind, v_requirement.name));
  end if;
  if request_immunization_exemption.document_id is not null and not exists (
    select 1 from public.medical_documents d where d.id = request_immunization_exemption.document_id and d.student_id = v_me.id) then
    perform private.fail('Choose one of your own documents');
  end if;
  insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, document_id)
  values (v_me.university_id, v_me.id, v_requirement.id, request_immunization_exemption.kind,
          btrim(request_immunization_exemption.reason), request_immunization_exemption.document_id)
  returning * into v_exemption;
  return v_exemption;
end;
$$;

revoke all on function public.add_medical_document(text, text), public.open_medical_document(uuid),
  public.record_immunization_dose(text, date, text, text, uuid), public.request_immunization_exemption(uuid, text, text, uuid)
  from public, anon;
grant execute on function public.add_medical_document(text, text), public.open_medical_document(uuid),
  public.record_immunization_dose(text, date, text, text, uuid), public.request_immunization_exemption(uuid, text, text, uuid)
  to authenticated;
