import type { ReactNode } from 'react';
import { Link, useLocation } from '../routes/router';
import styles from './ui.module.css';

export function PageHeader({ title, actions }: { readonly title: string; readonly actions?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <h1 className={styles.pageTitle}>{title}</h1>
      {actions}
    </div>
  );
}

export function Section({
  title,
  children,
  actions,
}: {
  readonly title: string;
  readonly children?: ReactNode;
  readonly actions?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.pageHeader}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

interface TabLink {
  readonly label: string;
  readonly to: string;
}

/** Tabs that are routes (the settings pages' Profile and Password tabs). */
export function TabLinks({ label, tabs }: { readonly label: string; readonly tabs: readonly TabLink[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => {
        const active = tab.to === pathname;
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            aria-current={active ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}

export function StatCard({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <div className={styles.statCard}>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
    </div>
  );
}

export function StatGrid({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <section aria-label={label} className={styles.statGrid}>
      {children}
    </section>
  );
}

/** Read by screen readers, not shown. */
export function VisuallyHidden({ children }: { readonly children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}

export function EmptyState({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}

export function ErrorBanner({ message, onRetry }: { readonly message: string; readonly onRetry?: () => void }) {
  return (
    <div role="alert" className={styles.banner}>
      <span>{message}</span>
      {onRetry && (
        <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function LoadingState({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <div role="status" aria-live="polite" className={styles.loading}>
      {label}
    </div>
  );
}
