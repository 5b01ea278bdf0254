import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { findRoute, NAVIGATION, PATHS, SIGNED_OUT_DESTINATION, type NavigationItem, type Role } from '../routes/contract';
import { displayName } from '../profile/profileApi';
import { useUserProfile } from '../profile/UserProfileProvider';
import styles from './ui.module.css';

const AREA_LABEL: Readonly<Record<Role, string>> = {
  admin: 'University account',
  doctor: 'Doctor',
  student: 'Student',
};

function isActive(item: NavigationItem, pathname: string): boolean {
  return item.to === pathname || (item.alsoActiveOn as readonly string[]).includes(pathname);
}

function SignedInIdentity() {
  const profile = useUserProfile();
  if (profile.status !== 'signedIn') return null;
  return (
    <div className={styles.identity} aria-label="Signed in as">
      <span className={styles.identityName}>{displayName(profile.member)}</span>
      <span className={styles.identityEmail}>{profile.member.email}</span>
    </div>
  );
}

/** The frame of every signed-in area: sidebar with the role's navigation, top bar with the signed-in name and email. */
export function RoleLayout({ role, children }: { readonly role: Role; readonly children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useUserProfile();
  const pageTitle = findRoute(pathname)?.title ?? AREA_LABEL[role];

  const logOut = async () => {
    await signOut();
    navigate(SIGNED_OUT_DESTINATION[role]);
  };

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <Link to={PATHS.landing} className={styles.logo}>
          CampusCare
        </Link>
        <nav aria-label={`${AREA_LABEL[role]} navigation`}>
          <ul className={styles.navList}>
            {NAVIGATION[role].map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={active ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <button type="button" className={styles.logout} onClick={() => void logOut()}>
          Log Out
        </button>
      </aside>
      <div className={styles.main}>
        <header className={styles.topBar}>
          <p className={styles.topBarTitle}>{pageTitle}</p>
          <SignedInIdentity />
        </header>
        <main className={styles.content}>{children}</main>
      </div>
    </div>
  );
}
