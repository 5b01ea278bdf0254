-- Appointment types: what a visit is for and how long it lasts (vaccination 15 minutes, counselling 50), which doctors
-- offer it, and whether students may book it themselves. The spec's fixed reasons become each university's default
-- types, so an appointment's `reason` is now the name of its type (or "<type>: <details>").

create table public.appointment_types (
  id uuid primary key default gen_random_uuid(),
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  name text not null,
  duration_minutes integer not null,
  self_bookable boolean not null default true,
  -- Offered by every active doctor unless `appointment_type_doctors` names some.
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint appointment_types_name_length check (char_length(btrim(name)) between 1 and 60 and private.is_single_line(name)
                                                  and position(':' in name) = 0),
  constraint appointment_types_duration_range check (duration_minutes between 10 and 240)
);
create unique index appointment_types_name_idx on public.appointment_types (university_id, lower(btrim(name)));

create table public.appointment_type_doctors (
  appointment_type_id uuid not null references public.appointment_types (id) on delete cascade,
  doctor_id uuid not null references public.members (id) on delete cascade,
  university_id uuid not null default private.current_university_id() references public.universities (id) on delete cascade,
  primary key (appointment_type_id, doctor_id)
);
create index appointment_type_doctors_doctor_idx on public.appointment_type_doctors (doctor_id);

alter table public.appointment_types enable row level security;
alter table public.appointment_type_doctors enable row level security;

revoke all on public.appointment_types, public.appointment_type_doctors from public, anon, authenticated, service_role;
grant select, delete on public.appointment_types to authenticated;
grant insert (name, duration_minutes, self_bookable), update (name, duration_minutes, self_bookable)
  on public.appointment_types to authenticated;
grant select, insert (appointment_type_id, doctor_id), delete on public.appointment_type_doctors to authenticated;
grant select on public.appointment_types, public.appointment_type_doctors to service_role;

-- Everyone of the university sees the types (students pick one); the super admin, who sets the clinic's hours and
-- rules, defines them.
create policy appointment_types_select on public.appointment_types for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy appointment_types_write on public.appointment_types for all to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));
create policy appointment_type_doctors_select on public.appointment_type_doctors for select to authenticated
  using (university_id = (select private.current_university_id()));
create policy appointment_type_doctors_write on public.appointment_type_doctors for all to authenticated
  using (university_id = (select private.current_university_id()) and (select private.is_super_admin()))
  with check (university_id = (select private.current_university_id()) and (select private.is_super_admin()));

create function private.appointment_types_validate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  new.updated_at := now();
  return new;
end;
$$;
create trigger appointment_types_validate before insert or update on public.appointment_types
  for each row execute function private.appointment_types_validate();

create function private.appointment_type_doctors_validate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.appointment_types t where t.id = new.appointment_type_id and t.university_id = new.university_id)
     or not exists (select 1 from public.members m where m.id = new.doctor_id and m.university_id = new.university_id and m.role = 'doctor') then
    perform private.fail('Choose a doctor of this university for a type of this university');
  end if;
  return new;
end;
$$;
create trigger appointment_type_doctors_validate before insert or update on public.appointment_type_doctors
  for each row execute function private.appointment_type_doctors_validate();

create function private.offers_appointment_type(p_type uuid, p_doctor uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from public.appointment_type_doctors o where o.appointment_type_id = p_type)
         or exists (select 1 from public.appointment_type_doctors o where o.appointment_type_id = p_type and o.doctor_id = p_doctor)
$$;

create function private.create_default_appointment_types(p_university uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.appointment_types (university_id, name, duration_minutes)
  select p_university, t.name, coalesce(t.minutes, s.slot_minutes, 30)
  from (values ('Check-up', null::integer, 1), ('Malaria', null, 2), ('Consultation', null, 3), ('Vaccination', 15, 4),
               ('Follow-up', null, 5), ('Other', null, 6)) t (name, minutes, position)
  left join public.clinic_settings s on s.university_id = p_university
  order by t.position
  on conflict do nothing;
$$;

create or replace function private.create_default_clinic(p_university uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.clinic_settings (university_id) values (p_university) on conflict do nothing;
  insert into public.clinic_hours (university_id, weekday, opens_at, closes_at)
  select p_university, d, '08:00', '17:00' from generate_series(1, 5) d
  on conflict do nothing;
  select private.create_default_appointment_types(p_university);
$$;

revoke all on function private.appointment_types_validate(), private.appointment_type_doctors_validate(),
  private.create_default_appointment_types(uuid) from public, anon, authenticated;
revoke all on function private.offers_appointment_type(uuid, uuid) from public, anon;
grant execute on function private.offers_appointment_type(uuid, uuid) to authenticated, service_role;

select private.create_default_appointment_types(u.id) from public.universities u;

alter table public.appointments
  add column appointment_type_id uuid references public.appointment_types (id) on delete set null;
create index appointments_appointment_type_idx on public.appointments (appointment_type_id) where appointment_type_id is not null;
grant insert (appointment_type_id) on public.appointments to authenticated;
-- Visits booked before types existed keep their reason and length and have no type.

-- The reason is the type's name, optionally followed by the student's words; types are the university's own, so the
-- fixed list gives way to the shape of a reason.
alter table public.appointments drop constraint appointments_reason_values;
alter table public.appointments add constraint appointments_reason_format
  check (char_length(btrim(reason)) between 1 and 200 and private.is_single_line(reason));
