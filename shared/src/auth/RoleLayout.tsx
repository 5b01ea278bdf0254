import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from '../routes/router';
import { findRoute, MAIN_CONTENT_ID, navigationFor, PATHS, type NavigationItem, type Role } from '../routes/contract';
import { AVATARS_BUCKET, StoredImage } from '../images/StoredImage';
import { NameStep } from './NameStep';
import { needsName } from './ownNameApi';
import { signOut } from './session';
import { displayName } from '../profile/profileApi';
import { useUserProfile } from '../profile/UserProfileProvider';
import { useUniversityBadge } from '../university/logo';
import styles from './RoleLayout.module.css';

const AREA_LABEL: Readonly<Record<Role, string>> = {
  admin: 'University account',
  doctor: 'Doctor',
  student: 'Student',
};

function isActive(item: NavigationItem, pathname: string): boolean {
  return item.to === pathname || (item.alsoActiveOn as readonly string[]).includes(pathname);
}

/**
 * Name, email and photo of the signed-in member, and their university's current name and logo. The university
 * account is the university itself: it goes by the university's name, which follows a rename at once.
 */
function SignedInIdentity() {
  const profile = useUserProfile();
  const member = profile.status === 'signedIn' ? profile.member : null;
  const university = useUniversityBadge(member?.university_id ?? null);
  if (!member) return null;
  const isUniversityAccount = member.role === 'admin';
  return (
    <div className={styles.identity} aria-label="Signed in as">
      {university?.logoUrl && <img src={university.logoUrl} alt="University logo" className={styles.identityLogo} />}
      <div className={styles.identityText}>
        <span className={styles.identityName}>
          {isUniversityAccount ? (university?.name ?? displayName(member)) : displayName(member)}
        </span>
        {!isUniversityAccount && university && <span className={styles.identityUniversity}>{university.name}</span>}
        <span className={styles.identityEmail}>{member.email}</span>
      </div>
      <StoredImage
        bucket={AVATARS_BUCKET}
        path={member.avatar_path}
        alt="Your photo"
        className={styles.identityAvatar}
      />
    </div>
  );
}

/** How long the landing page may take to replace the signed-in area before the session ends regardless. */
const LEAVE_TIMEOUT_MS = 5_000;

/**
 * Leaves for the landing page, then ends the session. A navigation is a React transition: the signed-in area stays on
 * screen, its guard included, until the landing page's code has loaded, and a session that ended before then made that
 * guard send the member to a sign-in page instead. So the session ends once this layout has gone. If it has not gone
 * in time, or the server could not be told, a full page load of the landing page drops what the client still holds.
 */
function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const onLeft = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => onLeft.current?.(), []);
  return useCallback(async () => {
    const left = new Promise<boolean>((resolve) => {
      onLeft.current = () => resolve(true);
      setTimeout(() => resolve(false), LEAVE_TIMEOUT_MS);
    });
    navigate(PATHS.landing);
    const leftInTime = await left;
    const serverTold = await signOut();
    if (!leftInTime || !serverTold) window.location.assign(PATHS.landing);
  }, [navigate]);
}

/** The frame of every signed-in area: sidebar with the role's navigation, top bar with the signed-in name and email. */
export function RoleLayout({ role, children }: { readonly role: Role; readonly children: ReactNode }) {
  const { pathname } = useLocation();
  const profile = useUserProfile();
  const logOut = useLogOut();
  const navigation = navigationFor(role, profile.status === 'signedIn' && profile.member.is_super_admin);
  const pageTitle = findRoute(pathname)?.title ?? AREA_LABEL[role];
  // After the forced password change (its page comes first), a staff member without a whole name gives it before any page.
  const member = profile.status === 'signedIn' ? profile.member : null;
  const asksName = member !== null && !member.must_change_password && needsName(member);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <Link to={PATHS.landing} className={styles.logo}>
          CampusCare
        </Link>
        <nav aria-label={`${AREA_LABEL[role]} navigation`}>
          <ul className={styles.navList}>
            {navigation.map((item) => {
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
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.content}>
          {asksName ? <NameStep member={member} /> : children}
        </main>
      </div>
    </div>
  );
}
