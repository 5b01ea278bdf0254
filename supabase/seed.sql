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

-- The clinics: real time zones (the universities' trigger created default weekday 08:00–17:00 hours), Dr Chen on
-- Monday, Wednesday and Friday mornings only, Dr Bello away for a day next week, and a holiday, all on the clinic's
-- calendar. Set before the appointments, which are placed by them.
update public.clinic_settings c set timezone = z.zone
from (values ('NORTHFIELD', 'America/New_York'), ('SOUTHBANK', 'Europe/London')) as z(code, zone)
join demo_universities u on u.code = z.code
where c.university_id = u.id;

create temporary table demo_clinic_days on commit drop as
select s.university_id, s.timezone, (now() at time zone s.timezone)::date as today
from public.clinic_settings s join demo_universities u on u.id = s.university_id;

insert into public.doctor_hours (doctor_id, university_id, weekday, opens_at, closes_at)
select md5('dr.chen@' || u.domain)::uuid, u.id, d, '09:00', '13:00'
from demo_universities u cross join (values (1), (3), (5)) as w(d);

insert into public.doctor_time_off (doctor_id, university_id, starts_at, ends_at, reason)
select md5('dr.bello@' || u.domain)::uuid, u.id, (c.today + 8)::timestamp at time zone c.timezone,
       (c.today + 9)::timestamp at time zone c.timezone, 'Conference'
from demo_universities u join demo_clinic_days c on c.university_id = u.id;

insert into public.clinic_closures (university_id, starts_on, ends_on, reason)
select u.id, c.today + 17, c.today + 17, 'University holiday'
from demo_universities u join demo_clinic_days c on c.university_id = u.id;

-- Appointments in every status over the past and coming weeks, at the clinic's opening hours on its open days, in
-- its time zone. Each block is on the open day nearest three weeks ago, last week, in three days (the day after
-- tomorrow at the soonest) and in ten days (ten at the soonest: Dr Bello is away on the eighth), the earlier one when
-- two are as near. Student n has the day's half hour n from opening time, with doctor n mod 3; students 19 and 20,
-- for whom a nine-hour day has none left, share the last two with students of other doctors, so nothing overlaps.
-- Three students are being seen: since ten minutes ago or, when the clinic is closed now, since the last half hour of
-- its latest opening.
create temporary table demo_visit_days on commit drop as
select c.university_id, c.timezone, b.k, d.day, h.opens_at
from demo_clinic_days c
cross join (values (1, -21, -27, -15), (2, -7, -13, -2), (4, 3, 2, 9), (5, 10, 10, 16)) as b(k, nominal, earliest, latest)
cross join lateral (
  select c.today + n as day
  from generate_series(b.earliest, b.latest) as n
  where exists (select 1 from public.clinic_hours h where h.university_id = c.university_id and h.weekday = extract(isodow from c.today + n))
    and not exists (select 1 from public.clinic_closures x where x.university_id = c.university_id and c.today + n between x.starts_on and x.ends_on)
  order by abs(n - b.nominal), n
  limit 1
) d
join public.clinic_hours h on h.university_id = c.university_id and h.weekday = extract(isodow from d.day);

create temporary table demo_now_visits on commit drop as
select c.university_id,
       least(date_trunc('minute', now()) - interval '10 minutes',
             (o.day + o.closes_at) at time zone c.timezone - interval '30 minutes') as at
from demo_clinic_days c
cross join lateral (
  select c.today - n as day, h.closes_at
  from generate_series(0, 7) as n
  join public.clinic_hours h on h.university_id = c.university_id and h.weekday = extract(isodow from c.today - n)
  where (c.today - n + h.opens_at) at time zone c.timezone <= now() - interval '10 minutes'
    and not exists (select 1 from public.clinic_closures x where x.university_id = c.university_id and c.today - n between x.starts_on and x.ends_on)
  order by n
  limit 1
) o;

do $$
begin
  if (select count(*) from demo_visit_days) <> 8 or (select count(*) from demo_now_visits) <> 2 then
    raise exception 'The demo clinics need an open day near each block of demo visits';
  end if;
end $$;

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
  select v.k, coalesce(n.at, (d.day + d.opens_at + (case when s.n <= 18 then s.n - 1 else s.n - 3 end) * interval '30 minutes') at time zone d.timezone) as at,
         v.status, v.cancel_reason, v.unassigned
  from (values
    (1, 'completed', null, false),
    (2, case when s.n % 4 = 0 then 'cancelled' else 'completed' end, case when s.n % 4 = 0 then 'Clashed with an exam' end, false),
    (3, 'ongoing', null, false),
    (4, 'scheduled', null, s.n % 5 = 0),
    (5, case when s.n % 7 = 0 then 'cancelled' else 'scheduled' end, case when s.n % 7 = 0 then 'Rescheduled by the clinic' end, false)
  ) as v(k, status, cancel_reason, unassigned)
  left join demo_visit_days d on d.university_id = s.university_id and d.k = v.k
  left join demo_now_visits n on n.university_id = s.university_id and v.k = 3
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

-- The clinical record: the visit three weeks ago of students 01–06 of each university, and last week's of students
-- 01–03, signed by their doctor, with vital signs, a diagnosis and (mostly) a prescription; the three visits going on
-- right now are their doctors' drafts (opened when their appointments were inserted ongoing). Each note follows the
-- booking's reason. Northfield's student06 (malaria) also has an addendum and an excuse letter whose verification code
-- is, for the demo only, NFUD-EMAV-ERFY-CAMP-USCA-RE26 (anyone may check it at /verify-letter; real codes are random,
-- shown once, and only their hash is kept).
create temporary table demo_visit_notes (
  template integer, chief_complaint text, subjective text, objective text, assessment text, plan text, follow_up text,
  diagnosis text, icd10_code text, drug text, strength text, dose text, route text, frequency text, duration text,
  quantity text, instructions text, temperature_c numeric, systolic_mmhg integer, diastolic_mmhg integer, pulse_bpm integer,
  respiratory_rate integer, spo2_percent integer, weight_kg numeric, height_cm numeric
) on commit drop;
insert into demo_visit_notes values
  (1, 'Sore throat, runny nose and cough for three days',
   'Sore throat and blocked nose since the weekend, dry cough, no fever at home. Eating and drinking normally.',
   'Alert and comfortable. Throat red without exudate, no enlarged lymph nodes. Chest clear.',
   'Viral upper respiratory infection.',
   'Rest, fluids and paracetamol as needed. Come back at once if fever above 38.5 °C or any difficulty breathing.',
   'Return if not better in 7 days.',
   'Acute upper respiratory infection', 'J06.9', 'Paracetamol', '500 mg', '2 tablets', 'oral', 'every 6 hours as needed',
   '3 days', '24 tablets', 'No more than 8 tablets in 24 hours.', 37.4, 118, 76, 82, 16, 98, 64.0, 170.0),
  (2, 'Fever, chills and headache for two days',
   'Fever with chills and headache for two days, aching body, poor appetite. Sleeps under a net most nights.',
   'Febrile, mildly dehydrated. No neck stiffness. Malaria rapid diagnostic test positive.',
   'Uncomplicated falciparum malaria.',
   'Artemether/lumefantrine for three days, paracetamol for the fever, plenty of fluids. Excused from classes for three days.',
   'Review in 3 days, or at once if vomiting, confused or drowsy.',
   'Plasmodium falciparum malaria, uncomplicated', 'B50.9', 'Artemether/lumefantrine', '20 mg/120 mg', '4 tablets', 'oral',
   'twice a day', '3 days', '24 tablets', 'Take with food or milk; the first two doses 8 hours apart.',
   38.9, 112, 70, 108, 20, 97, 58.5, 165.0),
  (3, 'Twisted right ankle playing football',
   'Rolled the right ankle inwards during a match yesterday; can walk, with pain.',
   'Swelling and tenderness over the lateral ligaments, no bony tenderness (Ottawa rules negative). Walks with a limp.',
   'Sprain of the right ankle, grade 1.',
   'Rest, ice, compression and elevation; ibuprofen for the pain. No sport for two weeks.',
   'Return if unable to bear weight.',
   'Sprain of right ankle', 'S93.4', 'Ibuprofen', '400 mg', '1 tablet', 'oral', 'three times a day after food', '5 days',
   '15 tablets', 'Stop and come back if you get stomach pain.', 36.7, 124, 78, 72, 14, 99, 72.0, 178.0),
  (4, 'Trouble sleeping and constant worry before exams',
   'Worrying most days for two months, worse before exams; sleeps 4 to 5 hours a night. No thoughts of self-harm.',
   'Anxious but engaged. Pulse slightly fast. No signs of thyroid disease.',
   'Generalized anxiety with exam stress.',
   'Referred to the counselling service; advice on sleep and breathing exercises.',
   'Review in 4 weeks.',
   'Generalized anxiety disorder', 'F41.1', null, null, null, null, null, null, null, null,
   36.6, 126, 82, 96, 16, 99, 55.0, 160.0),
  (5, 'Diarrhoea and vomiting since yesterday',
   'Watery diarrhoea six times and vomiting twice since yesterday evening, after eating at a street stall. Keeping sips down.',
   'Mildly dehydrated; abdomen soft with mild diffuse tenderness. No blood in the stool.',
   'Acute gastroenteritis with mild dehydration.',
   'Oral rehydration salts after each loose stool; light meals.',
   'Return if there is blood in the stool, fluids do not stay down or it lasts beyond 3 days.',
   'Gastroenteritis', 'A09.9', 'Oral rehydration salts', '1 sachet in 1 litre of water', '200 ml', 'oral',
   'after each loose stool', '3 days', '6 sachets', 'Use clean drinking water and make a fresh litre each day.',
   37.6, 104, 66, 98, 18, 98, 61.0, 168.0),
  (6, 'Check-up for the basketball team',
   'No complaints. Plays basketball three times a week.',
   'Well. Heart and lungs normal. Vision 6/6 in both eyes.',
   'Fit for sport; slightly overweight.',
   'Advice on healthy eating.',
   'Next check-up in a year.',
   'General medical examination: fit for sport', 'Z02.5', null, null, null, null, null, null, null, null,
   36.5, 132, 84, 64, 12, 99, 84.0, 180.0),
  (7, 'Hepatitis B vaccination, second dose',
   'Due for the second dose; no reaction to the first.',
   'Well and afebrile.',
   'Immunization against hepatitis B, dose 2 of 3.',
   'Hepatitis B vaccine 1 ml intramuscular, left deltoid. Observed for 15 minutes: no reaction.',
   'Third dose in 5 months.',
   'Need for immunization against viral hepatitis', 'Z24.6', null, null, null, null, null, null, null, null,
   36.8, 116, 74, 70, 14, 99, 68.0, 175.0);

-- Which visits: the first completed appointment (three weeks ago) of students 01–06, the second (last week) of 01–03.
create temporary table demo_visit_plan on commit drop as
select a.id as appointment_id, a.provider_id as doctor_id, a.date, s.university_id, s.n,
       case a.reason when 'Check-up' then 6 when 'Malaria' then 2 when 'Vaccination' then 7 when 'Follow-up' then 4
                     when 'Consultation' then case when s.n % 2 = 0 then 1 else 5 end else 3 end as template
from demo_people s
cross join lateral (
  select x.id, x.provider_id, x.date, x.reason, row_number() over (order by x.date) as k
  from public.appointments x where x.student_id = s.id and x.status = 'completed'
) a
where s.role = 'student' and ((a.k = 1 and s.n <= 6) or (a.k = 2 and s.n <= 3));

insert into public.visits (appointment_id, doctor_id, chief_complaint, subjective, objective, assessment, plan, follow_up,
                           created_at, updated_at)
select p.appointment_id, p.doctor_id, t.chief_complaint, t.subjective, t.objective, t.assessment, t.plan, t.follow_up,
       p.date + interval '2 minutes', p.date + interval '2 minutes'
from demo_visit_plan p join demo_visit_notes t on t.template = p.template;

insert into public.vital_signs (visit_id, recorded_at, temperature_c, systolic_mmhg, diastolic_mmhg, pulse_bpm,
                                respiratory_rate, spo2_percent, weight_kg, height_cm)
select v.id, p.date + interval '5 minutes', t.temperature_c, t.systolic_mmhg, t.diastolic_mmhg, t.pulse_bpm,
       t.respiratory_rate, t.spo2_percent, t.weight_kg, t.height_cm
from demo_visit_plan p join demo_visit_notes t on t.template = p.template
join public.visits v on v.appointment_id = p.appointment_id;

insert into public.diagnoses (visit_id, description, icd10_code, created_at)
select v.id, t.diagnosis, t.icd10_code, p.date + interval '15 minutes'
from demo_visit_plan p join demo_visit_notes t on t.template = p.template
join public.visits v on v.appointment_id = p.appointment_id;

insert into public.prescriptions (visit_id, drug, strength, dose, route, frequency, duration, quantity, instructions,
                                  created_at, updated_at)
select v.id, t.drug, t.strength, t.dose, t.route, t.frequency, t.duration, t.quantity, t.instructions,
       p.date + interval '20 minutes', p.date + interval '20 minutes'
from demo_visit_plan p join demo_visit_notes t on t.template = p.template
join public.visits v on v.appointment_id = p.appointment_id
where t.drug is not null;

update public.visits v set status = 'signed', signed_at = p.date + interval '25 minutes', updated_at = p.date + interval '25 minutes'
from demo_visit_plan p where v.appointment_id = p.appointment_id;

-- Northfield's student06: the malaria visit, confirmed by the laboratory the next day, and three days off classes.
insert into public.visit_addenda (visit_id, author_id, text, created_at)
select v.id, md5('dr.adams@northfield.edu')::uuid,
       'Blood film reported the next day: Plasmodium falciparum confirmed, low parasite count. Treatment unchanged.',
       p.date + interval '1 day'
from demo_visit_plan p join public.visits v on v.appointment_id = p.appointment_id
where p.university_id = 'a1f0c3e2-0000-4000-8000-000000000001' and p.n = 6 and p.template = 2;

-- Its code is stored as the database keeps every code: the 24 characters without the dashes it is printed with.
insert into public.excuse_letters (visit_id, starts_on, ends_on, verification_code, issued_by, issued_at)
select v.id, (p.date at time zone s.timezone)::date, (p.date at time zone s.timezone)::date + 2,
       replace('NFUD-EMAV-ERFY-CAMP-USCA-RE26', '-', ''), v.doctor_id, p.date + interval '25 minutes'
from demo_visit_plan p join public.visits v on v.appointment_id = p.appointment_id
join public.clinic_settings s on s.university_id = p.university_id
where p.university_id = 'a1f0c3e2-0000-4000-8000-000000000001' and p.n = 6 and p.template = 2;

-- How students reach each clinic: every "call the clinic" a student is told names the phone.
update public.clinic_settings c set phone = z.phone, email = z.email, address = z.address
from (values
  ('NORTHFIELD', '+1 555 010 0110', 'clinic@northfield.edu', 'Student Health Centre, 12 College Walk, Northfield'),
  ('SOUTHBANK', '+44 20 7946 0110', 'clinic@southbank.edu', 'Student Health Centre, 3 River Lane, Southbank')
) as z(code, phone, email, address)
join demo_universities u on u.code = z.code
where c.university_id = u.id;

-- Immunization compliance, at Northfield only (Southbank has none, so tenant isolation shows): three requirements and
-- students in every status. Hepatitis B for Medicine and Nursing (3 doses 28 days apart, due 30 days after joining:
-- a month ago for the demo students), MMR for everyone (2 doses, due in three weeks; medical exemptions with a
-- letter, personal ones without), Meningococcal ACWY for first- and second-year students (1 dose, due a week ago).
--   student01  met on all three (a Meningococcal dose given at the clinic a month ago)
--   student02  MMR under review: two doses entered with the vaccination card (a small real PDF)
--   student03  MMR due again: the dose entered was rejected with a reason
--   student05  Meningococcal overdue, nothing entered
--   student06  MMR exempt (a physician's letter, approved); a personal exemption from Meningococcal under review
--   student09  Hepatitis B overdue with one dose of three
-- The two documents' bytes are supabase/seed-objects/medical-documents/<student id>/<file>, which the local stack
-- puts in place once their rows exist (server/src/storage/seed-objects.ts).
insert into public.immunization_requirements (id, university_id, name, cvx_codes, doses_required, min_interval_days, due_on,
                                              due_days_after_joining, departments, years, medical_exemption,
                                              medical_exemption_needs_document, personal_exemption,
                                              personal_exemption_needs_document, created_at, updated_at)
select r.id::uuid, c.university_id, r.name, r.cvx_codes::text[], r.doses, r.interval_days, c.today + r.due_in, r.due_after_joining,
       r.departments::text[], r.years::smallint[], true, true, r.personal, false, now() - interval '90 days', now() - interval '90 days'
from demo_clinic_days c
cross join (values
  ('a1f0c3e2-0000-4000-8000-00000000a001', 'Hepatitis B', '{45,08,43}', 3, 28, null::integer, 30, '{Medicine,Nursing}', '{}', false),
  ('a1f0c3e2-0000-4000-8000-00000000a002', 'MMR', '{03}', 2, 28, 21, null, '{}', '{}', true),
  ('a1f0c3e2-0000-4000-8000-00000000a003', 'Meningococcal ACWY', '{147,114,136}', 1, 0, -7, null, '{}', '{1,2}', true)
) as r(id, name, cvx_codes, doses, interval_days, due_in, due_after_joining, departments, years, personal)
where c.university_id = 'a1f0c3e2-0000-4000-8000-000000000001';

insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata, created_at, updated_at, last_accessed_at)
select 'medical-documents', d.student::text || '/' || d.file, d.student, d.student::text,
       jsonb_build_object('eTag', format('"%s"', d.md5), 'size', d.size, 'mimetype', 'application/pdf', 'cacheControl', 'no-cache',
                          'lastModified', now() - d.age, 'contentLength', d.size, 'httpStatusCode', 200),
       'demo', '{}'::jsonb, now() - d.age, now() - d.age, now() - d.age
from (values
  (md5('student02@northfield.edu')::uuid, 'vaccination-card.pdf', 'cfc10ddcc6a23e1d1c74ed1207a3d55a', 932, interval '2 days'),
  (md5('student06@northfield.edu')::uuid, 'physician-letter.pdf', 'c185094dd226c2f3afe7617d7b0cf1b8', 909, interval '40 days')
) as d(student, file, md5, size, age);

insert into public.medical_documents (id, university_id, student_id, storage_object, file_name, content_type, size_bytes, created_at)
select d.id::uuid, 'a1f0c3e2-0000-4000-8000-000000000001', o.owner, o.name, d.file_name, 'application/pdf',
       (o.metadata ->> 'size')::bigint, o.created_at
from (values
  ('a1f0c3e2-0000-4000-8000-00000000d001', md5('student02@northfield.edu')::uuid || '/vaccination-card.pdf', 'Vaccination card.pdf'),
  ('a1f0c3e2-0000-4000-8000-00000000d002', md5('student06@northfield.edu')::uuid || '/physician-letter.pdf', 'Letter from Dr Ward.pdf')
) as d(id, object, file_name)
join storage.objects o on o.bucket_id = 'medical-documents' and o.name = d.object;

insert into public.immunization_doses (university_id, student_id, cvx_code, given_on, given_at, lot, source, review_status,
                                       reviewed_by, reviewed_at, reject_reason, document_id, created_at)
select 'a1f0c3e2-0000-4000-8000-000000000001', md5(d.student || '@northfield.edu')::uuid, d.cvx, c.today - d.given_days_ago,
       d.given_at, d.lot, d.source, d.review,
       case when d.review <> 'pending' then md5('dr.chen@northfield.edu')::uuid end,
       case when d.review <> 'pending' then now() - d.entered + interval '1 day' end,
       d.reject_reason, d.document::uuid, now() - d.entered
from demo_clinic_days c
cross join (values
  ('student01', '43', 420, 'City Hospital', null, 'student', 'approved', null, null, interval '80 days'),
  ('student01', '43', 390, 'City Hospital', null, 'student', 'approved', null, null, interval '80 days'),
  ('student01', '43', 240, 'City Hospital', null, 'student', 'approved', null, null, interval '80 days'),
  ('student01', '03', 6200, 'Lakeside Family Practice', null, 'student', 'approved', null, null, interval '80 days'),
  ('student01', '03', 5100, 'Lakeside Family Practice', null, 'student', 'approved', null, null, interval '80 days'),
  ('student01', '136', 30, 'Northfield University clinic', 'MN4821', 'clinic', 'approved', null, null, interval '30 days'),
  ('student02', '03', 6000, 'Lakeside Family Practice', 'M1234', 'student', 'pending', null, 'a1f0c3e2-0000-4000-8000-00000000d001', interval '2 days'),
  ('student02', '03', 4900, 'Lakeside Family Practice', 'M5678', 'student', 'pending', null, 'a1f0c3e2-0000-4000-8000-00000000d001', interval '2 days'),
  ('student03', '03', 5500, null, null, 'student', 'rejected',
   'The date of the dose cannot be read on the photo. Please upload a clearer one, or your vaccination card as a PDF.', null, interval '9 days'),
  ('student09', '43', 100, 'Northfield University clinic', 'HB2210', 'clinic', 'approved', null, null, interval '100 days')
) as d(student, cvx, given_days_ago, given_at, lot, source, review, reject_reason, document, entered)
where c.university_id = 'a1f0c3e2-0000-4000-8000-000000000001';

insert into public.immunization_exemptions (university_id, student_id, requirement_id, kind, reason, review_status,
                                            reviewed_by, reviewed_at, document_id, created_at)
select 'a1f0c3e2-0000-4000-8000-000000000001', md5(e.student || '@northfield.edu')::uuid, e.requirement::uuid, e.kind, e.reason,
       e.review, case when e.review = 'approved' then md5('dr.chen@northfield.edu')::uuid end,
       case when e.review = 'approved' then now() - e.entered + interval '2 days' end, e.document::uuid, now() - e.entered
from (values
  ('student06', 'a1f0c3e2-0000-4000-8000-00000000a002', 'medical', 'A severe allergic reaction to a previous dose (my doctor''s letter is attached).',
   'approved', 'a1f0c3e2-0000-4000-8000-00000000d002', interval '40 days'),
  ('student06', 'a1f0c3e2-0000-4000-8000-00000000a003', 'personal', 'I object to this vaccine on grounds of conscience.',
   'pending', null, interval '1 day')
) as e(student, requirement, kind, reason, review, document, entered);

select set_config('campuscare.provisioning', '', true);
