import { buttonClassName, Link, MAIN_CONTENT_ID, PATHS } from '@campuscare/shared';
import { BENEFITS, FAQS, FEATURES, MENU, SECTION_IDS } from './content';
import { FaqAccordion } from './FaqAccordion';
import { SectionLink } from './SectionLink';
import styles from './HomePage.module.css';

function SectionMenu({ label }: { readonly label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.menu}>
        {MENU.map((item) => (
          <li key={item.section}>
            <SectionLink section={item.section} className={styles.menuLink}>
              {item.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The benefits and the key features: a titled card each. */
function Cards({ items }: { readonly items: ReadonlyArray<{ readonly title: string; readonly text: string }> }) {
  return (
    <ul className={styles.cards}>
      {items.map((item) => (
        <li key={item.title} className={styles.card}>
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function HomePage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={PATHS.landing} className={styles.logo}>
          CampusCare
        </Link>
        <SectionMenu label="Main" />
        <div className={styles.actions}>
          <Link to={PATHS.signIn} className={buttonClassName('secondary')}>
            Sign In
          </Link>
          <Link to={PATHS.register} className={buttonClassName()}>
            Create account
          </Link>
        </div>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.heroText}>
            <h1 id="hero-title" className={styles.heroTitle}>
              The right care for students’ health needs
            </h1>
            <p className={styles.lead}>
              CampusCare streamlines healthcare management for universities: appointments with campus doctors, student
              health profiles and health programs in one place.
            </p>
            <Link to={PATHS.register} className={buttonClassName()}>
              Get Started
            </Link>
          </div>
          <Link to={PATHS.adminDashboard} className={styles.heroPreview}>
            <span className={styles.previewBar} aria-hidden="true" />
            <span className={styles.previewStats} aria-hidden="true">
              <span />
              <span />
              <span />
              <span />
            </span>
            <span className={styles.previewRows} aria-hidden="true" />
            <span className={styles.previewCaption}>Open the university dashboard</span>
          </Link>
        </section>

        <section id={SECTION_IDS.benefits} tabIndex={-1} className={styles.section} aria-labelledby="benefits-title">
          <h2 id="benefits-title" className={styles.sectionTitle}>
            Why Choose Us
          </h2>
          <div className={styles.benefitsLayout}>
            <Link to={PATHS.adminSignIn} className={styles.benefitsPreview}>
              <span className={styles.previewCaption}>Staff sign in</span>
            </Link>
            <Cards items={BENEFITS} />
          </div>
        </section>

        <section id={SECTION_IDS.features} tabIndex={-1} className={styles.section} aria-labelledby="features-title">
          <h2 id="features-title" className={styles.sectionTitle}>
            Our key features
          </h2>
          <Cards items={FEATURES} />
        </section>

        <section id={SECTION_IDS.faqs} tabIndex={-1} className={styles.section} aria-labelledby="faqs-title">
          <h2 id="faqs-title" className={styles.sectionTitle}>
            Frequently asked questions
          </h2>
          <FaqAccordion items={FAQS} />
        </section>

        <section className={styles.banner} aria-labelledby="banner-title">
          <h2 id="banner-title" className={styles.bannerTitle}>
            <Link to={PATHS.studentDashboard} className={styles.bannerLink}>
              Students deserve the best care
            </Link>
          </h2>
          <p>Give your students a clinic that knows them. Register your university in minutes.</p>
          <Link to={PATHS.register} className={buttonClassName('secondary')}>
            Get Started
          </Link>
        </section>
      </main>

      <footer className={styles.footer}>
        <div>
          <p className={styles.footerTitle}>Quick links</p>
          <SectionMenu label="Quick links" />
        </div>
        <div className={styles.actions}>
          <Link to={PATHS.register} className={buttonClassName()}>
            Create Account
          </Link>
          <Link to={PATHS.signIn} className={buttonClassName('secondary')}>
            Sign In
          </Link>
        </div>
        <p className={styles.copyright}>© CampusCare</p>
      </footer>
    </div>
  );
}
