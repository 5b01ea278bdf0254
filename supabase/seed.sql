-- Demo data for local development and the end-to-end tests (README lists the accounts). Runs once, as the database's
-- owner, on a fresh database, in one transaction. Every account's password is CampusCare2026.
--
--   Northfield University  join code NORTHFIELD
--   Southbank University   join code SOUTHBANK
--
-- Per university: admin@<domain> (super admin, the university account), registrar@<domain> (admin),
-- dr.adams@, dr.bello@, dr.chen@ (doctors), student01@ … student20@ (students with health profiles).
-- User ids are md5(email)::uuid so tests and scripts can derive them.

-- Member rows are created below, not by the sign-up trigger: the demo accounts are confirmed and need no links.
select set_config('campuscare.provisioning', 'on', true);

create temporary table demo_universities (id uuid, name text, domain text, code text, reg_prefix text, phone text)
  on commit drop;
insert into demo_universities values
  ('a1f0c3e2-0000-4000-8000-000000000001', 'Northfield University', 'northfield.edu', 'NORTHFIELD', 'NFU', '+1 555 010 0100'),
  ('b2e1d4f3-0000-4000-8000-000000000002', 'Southbank University', 'southbank.edu', 'SOUTHBANK', 'SBU', '+44 20 7946 0000');

insert into public.universities (id, name, email, phone, join_code)
select id, name, 'admin@' || domain, phone, code
from demo_universities;

create temporary table demo_people (
  id uuid, university_id uuid, email text, role public.member_role, is_super_admin boolean, title text,
  first_name text, last_name text, phone text, staff_id text, position text, specialization text,
  reg_number text, department text, year_of_study smallint, n integer
) on commit drop;

-- Staff.
insert into demo_people
select md5(s.local || '@' || u.domain)::uuid, u.id, s.local || '@' || u.domain, s.role::public.member_role, s.super,
       s.title, case when s.local = 'admin' then u.name else s.first end, s.last, s.phone,
       case when s.staff_no is null then null else u.reg_prefix || '-S' || s.staff_no end, s.position, s.spec,
       null, null, null, null
from demo_universities u
cross join (values
  ('admin', 'admin', true, null, null, '', '+1 555 010 0101', null, 'University account', null),
  ('registrar', 'admin', false, 'Mrs', 'Grace', 'Okafor', '+1 555 010 0102', '001', 'Registrar', null),
  ('dr.adams', 'doctor', false, 'Dr', 'Amelia', 'Adams', '+1 555 010 0103', '101', 'Physician', 'General practice'),
  ('dr.bello', 'doctor', false, 'Dr', 'Tunde', 'Bello', '+1 555 010 0104', '102', 'Physician', 'Infectious diseases'),
  ('dr.chen', 'doctor', false, 'Dr', 'Wei', 'Chen', '+1 555 010 0105', '103', 'Nurse practitioner', 'Immunisation')
) as s(local, role, super, title, first, last, phone, staff_no, position, spec);

-- Students 01..20.
insert into demo_people
select md5(format('student%s@%s', lpad(i::text, 2, '0'), u.domain))::uuid, u.id,
       format('student%s@%s', lpad(i::text, 2, '0'), u.domain), 'student', false, null,
       (array['Ada', 'Bayo', 'Chloe', 'Daniel', 'Efua', 'Farid', 'Grace', 'Hugo', 'Ifeoma', 'Jonas',
              'Kemi', 'Liam', 'Maya', 'Nnamdi', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Samuel', 'Tara'])[i],
       (array['Okoro', 'Smith', 'Mensah', 'Novak', 'Owusu', 'Haddad', 'Kim', 'Laurent', 'Eze', 'Berg',
              'Adeyemi', 'Walsh', 'Patel', 'Obi', 'Brown', 'Silva', 'Murphy', 'Garcia', 'Nwosu', 'Singh'])[i],
       format('+1 555 02%s %s', lpad(i::text, 2, '0'), case when u.reg_prefix = 'NFU' then '11' else '22' end),
       null, null, null,
       format('%s/%s/%s', u.reg_prefix, 2026 - (1 + i % 5), lpad(i::text, 3, '0')),
       (array['Computer Science', 'Medicine', 'Law', 'Economics', 'Mechanical Engineering', 'Biology',
              'Accounting', 'Architecture'])[1 + i % 8],
       (1 + i % 5)::smallint, i
from demo_universities u
cross join generate_series(1, 20) as i;

-- Auth accounts: one bcrypt hash (cost 10) shared by all demo users keeps the seed fast.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email, h.hash,
       now() - interval '60 days', '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb,
       now() - interval '60 days', now() - interval '60 days'
from demo_people p
cross join (select extensions.crypt('CampusCare2026', extensions.gen_salt('bf', 10)) as hash) h;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select p.id::text, p.id, jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true), 'email',
       now() - interval '60 days', now() - interval '60 days'
from demo_people p;

insert into public.members (id, university_id, role, is_super_admin, title, first_name, last_name, email, phone,
                            staff_id, position, specialization, reg_number, department, year_of_study, created_at)
select id, university_id, role, is_super_admin, title, first_name, last_name, email, phone, staff_id, position,
       specialization, reg_number, department, year_of_study, now() - interval '60 days'
from demo_people;

-- The seeded doctors joined through invitations long ago.
insert into public.invitations (university_id, email, role, invited_by, created_at, expires_at, accepted_at)
select p.university_id, p.email, 'doctor', md5('admin@' || u.domain)::uuid, now() - interval '59 days',
       now() - interval '52 days', now() - interval '58 days'
from demo_people p join demo_universities u on u.id = p.university_id
where p.role = 'doctor';

insert into public.health_profiles (student_id, genotype, blood_group, disabled, allergies, bmi)
select id,
       (array['AA', 'AS', 'AA', 'AC', 'SS', 'AA', 'SC', 'AS'])[1 + n % 8],
       (array['O+', 'A+', 'B+', 'O-', 'AB+', 'A-', 'B-', 'O+', 'AB-'])[1 + n % 9],
       n % 9 = 0,
       (array['None', 'Penicillin', 'Peanuts', 'None', 'Dust', 'None', 'Lactose'])[1 + n % 7],
       round((18.5 + (n % 12) * 0.9)::numeric, 1)
from demo_people where role = 'student';

-- Appointments in every status over the past and coming weeks. Student n uses the half-hour slot n of each day,
-- with doctor n mod 3, so nothing overlaps; three students are being seen right now.
insert into public.appointments (university_id, student_id, provider_id, date, duration_minutes, name, department,
                                 reg, year, reason, status, cancel_reason, created_at)
select s.university_id, s.id,
       case when a.unassigned then null
            else md5((array['dr.adams', 'dr.bello', 'dr.chen'])[1 + s.n % 3] || '@' || u.domain)::uuid end,
       a.at, 30, s.first_name || ' ' || s.last_name, s.department, s.reg_number, s.year_of_study,
       (array['Check-up', 'Malaria', 'Consultation', 'Vaccination', 'Follow-up', 'Other: Sports injury'])[1 + (s.n + a.k) % 6],
       a.status::public.appointment_status, a.cancel_reason, least(a.at, now()) - interval '3 days'
from demo_people s
join demo_universities u on u.id = s.university_id
cross join lateral (
  select k, at, status, cancel_reason, unassigned from (values
    (1, date_trunc('day', now()) - interval '21 days' + interval '8 hours' + (s.n - 1) * interval '30 minutes',
        'completed', null, false),
    (2, date_trunc('day', now()) - interval '7 days' + interval '8 hours' + (s.n - 1) * interval '30 minutes',
        case when s.n % 4 = 0 then 'cancelled' else 'completed' end,
        case when s.n % 4 = 0 then 'Clashed with an exam' end, false),
    (3, date_trunc('minute', now()) - interval '10 minutes', 'ongoing', null, false),
    (4, date_trunc('day', now()) + interval '3 days' + interval '8 hours' + (s.n - 1) * interval '30 minutes',
        'scheduled', null, s.n % 5 = 0),
    (5, date_trunc('day', now()) + interval '10 days' + interval '8 hours' + (s.n - 1) * interval '30 minutes',
        case when s.n % 7 = 0 then 'cancelled' else 'scheduled' end,
        case when s.n % 7 = 0 then 'Rescheduled by the clinic' end, false)
  ) as v(k, at, status, cancel_reason, unassigned)
  where v.k <> 3 or s.n <= 3
) a
where s.role = 'student';

insert into public.programs (university_id, title, description, date, time, location, program_type, target_audience,
                             activities, organiser, created_by, created_at)
select u.id, p.title, p.description, current_date + p.day_offset, p.at::time, p.location, p.kind, p.audience,
       p.activities, p.organiser, md5(p.author || '@' || u.domain)::uuid, now() - interval '20 days'
from demo_universities u
cross join (values
  ('Malaria Awareness Week', 'Talks and free testing on preventing malaria during the rainy season.', 5, '10:00',
   'Student Union Hall', 'Awareness', 'All students', 'Talks, free rapid tests, net distribution', 'University Health Centre', 'admin', false),
  ('Blood Donation Drive', 'Give blood and help the teaching hospital keep its bank full.', 12, '09:00',
   'Sports Complex', 'Donation drive', 'Students and staff', 'Screening, donation, refreshments', 'Dr Amelia Adams', 'dr.adams', false),
  ('Mental Health Check-in', 'Drop-in sessions with counsellors before exams.', 19, '14:00',
   'Library, Room 2', 'Counselling', 'Final-year students', 'One-to-one sessions, group workshop', 'Counselling Service', 'registrar', true),
  ('Vaccination Clinic', 'Hepatitis B and HPV vaccinations for students who missed them.', -10, '11:00',
   'Health Centre', 'Vaccination', 'First-year students', 'Vaccinations, record updates', 'Dr Wei Chen', 'dr.chen', false),
  ('Fitness and Nutrition Fair', 'Healthy eating on a student budget, with fitness taster sessions.', 26, '12:00',
   'Main Quad', 'Wellness', 'All students', 'Cooking demo, fitness classes, BMI checks', 'Dr Tunde Bello', 'dr.bello', true)
) as p(title, description, day_offset, at, location, kind, audience, activities, organiser, author, northfield_only)
where not p.northfield_only or u.name = 'Northfield University';

-- The clinics: real time zones (the universities' trigger created default weekday 08:00–17:00 hours), Dr Chen on
-- Monday, Wednesday and Friday mornings only, Dr Bello away for a day next week, and a holiday.
update public.clinic_settings c set timezone = z.zone
from (values ('NORTHFIELD', 'America/New_York'), ('SOUTHBANK', 'Europe/London')) as z(code, zone)
join demo_universities u on u.code = z.code
where c.university_id = u.id;

insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
select md5('dr.chen@' || u.domain)::uuid, u.id, d, '09:00', '13:00'
from demo_universities u cross join (values (1), (3), (5)) as w(d);

insert into public.doctor_time_off (doctor_id, university_id, starts_at, ends_at, reason)
select md5('dr.bello@' || u.domain)::uuid, u.id, date_trunc('day', now()) + interval '8 days', date_trunc('day', now()) + interval '9 days',
       'Conference'
from demo_universities u;

insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
select u.id, current_date + 17, current_date + 17, 'University holiday'
from demo_universities u;

select set_config('campuscare.provisioning', '', true);
