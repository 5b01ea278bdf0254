import { Link } from 'react-router-dom';
import { buttonClassName, PATHS } from '@campuscare/shared';
import styles from './HomePage.module.css';

const SECTION_IDS = { benefits: 'benefits', features: 'features', faqs: 'faqs' } as const;

const BENEFITS = [
  { title: 'Enhanced efficiency', text: 'Appointments, programs and records in one place instead of paper queues and spreadsheets.' },
  { title: 'Improved patient care', text: 'Doctors see each student’s health profile and appointment history before the visit.' },
  { title: 'Universal adaptability', text: 'Works for clinics of any size, from a single campus nurse to a full university hospital.' },
  { title: 'Better data management', text: 'Records are stored securely and only the right people can see them.' },
];

const FEATURES = [
  { title: 'Appointment scheduling', text: 'Students book time with their university’s healthcare providers in a few clicks.' },
  { title: 'Patient profiles', text: 'Genotype, blood group, allergies and BMI are on file for every student who shares them.' },
  { title: 'Program management', text: 'Plan health programs, campaigns and screenings and let every student know about them.' },
];

const FAQS = [
  { question: 'Is the platform customizable?', answer: 'Yes. Each university manages its own staff, students, programs and default staff password.' },
  { question: 'What types of programs can we run?', answer: 'Any health program: screenings, vaccination drives, awareness talks, fitness activities and more.' },
  { question: 'What are the payment options?', answer: 'CampusCare is offered per university; contact us for a plan that fits your institution.' },
  { question: 'How do we get started?', answer: 'Create a university account, invite your clinic staff and share your join link with students.' },
  { question: 'Do you offer support and training?', answer: 'Yes. We help your administrators and clinicians get set up and answer questions along the way.' },
  { question: 'Can students access their medical information?', answer: 'Yes. Students see and update their own health profile and appointments, and see who read their record.' },
];

export function HomePage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={PATHS.landing} className={styles.logo}>
          CampusCare
        </Link>
        <nav aria-label="Main" className={styles.menu}>
          <a href={`#${SECTION_IDS.benefits}`}>Benefits</a>
          <a href={`#${SECTION_IDS.features}`}>Features</a>
          <a href={`#${SECTION_IDS.faqs}`}>FAQs</a>
        </nav>
        <div className={styles.actions}>
          <Link to={PATHS.signIn} className={buttonClassName('secondary')}>
            Sign In
          </Link>
          <Link to={PATHS.register} className={buttonClassName()}>
            Create account
          </Link>
        </div>
      </header>

      <main>
        <section className={styles.hero} aria-labelledby="hero-title">
          <div>
            <h1 id="hero-title" className={styles.heroTitle}>
              The right care for students’ health needs
            </h1>
            <p className={styles.lead}>CampusCare streamlines healthcare management for universities: appointments, patient profiles and health programs in one place.</p>
            <Link to={PATHS.register} className={buttonClassName()}>
              Get Started
            </Link>
          </div>
          <Link to={PATHS.adminDashboard} className={styles.heroPreview} aria-label="Open the university dashboard">
            Dashboard preview
          </Link>
        </section>

        <section id={SECTION_IDS.benefits} className={styles.section} aria-labelledby="benefits-title">
          <h2 id="benefits-title">Why Choose Us</h2>
          <Link to={PATHS.adminSignIn} className={styles.benefitsPreview} aria-label="Staff sign in">
            For clinic staff
          </Link>
          <ul className={styles.cards}>
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className={styles.card}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id={SECTION_IDS.features} className={styles.section} aria-labelledby="features-title">
          <h2 id="features-title">Our key features</h2>
          <ul className={styles.cards}>
            {FEATURES.map((feature) => (
              <li key={feature.title} className={styles.card}>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id={SECTION_IDS.faqs} className={styles.section} aria-labelledby="faqs-title">
          <h2 id="faqs-title">Frequently asked questions</h2>
          {FAQS.map((faq) => (
            <details key={faq.question} className={styles.faq}>
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>

        <section className={styles.banner} aria-labelledby="banner-title">
          <h2 id="banner-title">
            <Link to={PATHS.studentDashboard} className={styles.bannerLink}>
              Students deserve the best care
            </Link>
          </h2>
        </section>
      </main>

      <footer className={styles.footer}>
        <nav aria-label="Quick links" className={styles.menu}>
          <a href={`#${SECTION_IDS.benefits}`}>Benefits</a>
          <a href={`#${SECTION_IDS.features}`}>Features</a>
          <a href={`#${SECTION_IDS.faqs}`}>FAQs</a>
        </nav>
        <div className={styles.actions}>
          <Link to={PATHS.register}>Create Account</Link>
          <Link to={PATHS.signIn}>Sign In</Link>
        </div>
        <p>© CampusCare</p>
      </footer>
    </div>
  );
}
