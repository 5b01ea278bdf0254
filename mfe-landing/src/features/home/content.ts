/** The landing page's copy: the spec's four benefits, three key features and six FAQ topics, answered for real. */
export const SECTION_IDS = { benefits: 'benefits', features: 'features', faqs: 'faqs' } as const;

export const MENU = [
  { label: 'Benefits', section: SECTION_IDS.benefits },
  { label: 'Features', section: SECTION_IDS.features },
  { label: 'FAQs', section: SECTION_IDS.faqs },
] as const;

export const BENEFITS = [
  {
    title: 'Enhanced efficiency',
    text: 'Appointments, programs, staff and students in one place instead of paper queues and spreadsheets.',
  },
  {
    title: 'Improved patient care',
    text: 'Doctors see a student’s health profile and appointment history before the visit starts.',
  },
  {
    title: 'Universal adaptability',
    text: 'Works for clinics of any size, from a single campus nurse to a full university hospital.',
  },
  {
    title: 'Better data management',
    text: 'Records are stored securely, each university sees only its own data, and every read of a health record is logged.',
  },
] as const;

export const FEATURES = [
  {
    title: 'Appointment scheduling',
    text: 'Students book time with their university’s healthcare providers; double booking is impossible and every change is tracked.',
  },
  {
    title: 'Patient profiles',
    text: 'Genotype, blood group, allergies and BMI are on file for every student, visible only to the student and their doctors.',
  },
  {
    title: 'Program management',
    text: 'Plan screenings, vaccination drives and awareness talks and let every student of your university see them.',
  },
] as const;

export const FAQS = [
  {
    question: 'Is the platform customizable?',
    answer:
      'Yes. Each university runs its own space: its logo and contact details, its administrators and doctors, its students and its health programs. Super Admins decide who manages what.',
  },
  {
    question: 'What types of programs can we run?',
    answer:
      'Any health program your clinic offers: medical screenings, vaccination drives, blood donation, mental-health and awareness talks, fitness activities. Each program has a date, time, location, type, target audience and activities, and appears for every student of your university.',
  },
  {
    question: 'What are the payment options?',
    answer:
      'CampusCare takes no payments inside the app: students never pay to book an appointment or view their records, and registering a university asks for no card details. Any agreement about fees is made between your institution and the CampusCare team, outside the app.',
  },
  {
    question: 'How do we get started?',
    answer:
      'Click Create account and register your university with its name, email and phone, then open the link we email you to confirm the address. You become its Super Admin: add your logo in Settings, invite your doctors by email (each chooses their own password through the link we send them), and send students your join link so they can create their accounts and fill in the health questionnaire.',
  },
  {
    question: 'Do you offer support and training?',
    answer:
      'Yes. Your Super Admin sets things up in a few steps from Settings, invited staff open the link we email them and choose their own password, and students join with the link your university shares. Every form explains exactly what to fix when something is wrong, and your administrators can reactivate or remove accounts at any time.',
  },
  {
    question: 'Can students access their medical information?',
    answer:
      'Yes. Students see and update their own health profile (genotype, blood group, disability, allergies, BMI), book, reschedule and cancel their appointments, and see under Settings › Privacy which staff have read their health record, when and on which screen; there they can also download everything the university holds about them.',
  },
] as const;
