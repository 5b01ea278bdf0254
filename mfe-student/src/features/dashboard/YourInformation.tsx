import { displayName, Section, useUserProfile } from '@campuscare/shared';
import styles from './YourInformation.module.css';

export function YourInformation() {
  const profile = useUserProfile();
  if (profile.status !== 'signedIn') return null;
  const { member } = profile;
  const details = [
    { term: 'Registration number', value: member.reg_number },
    { term: 'Name', value: displayName(member) },
    { term: 'Department', value: member.department },
    { term: 'Contact', value: member.email },
    { term: 'Phone', value: member.phone },
  ];
  return (
    <Section title="Your information">
      <dl className={styles.details}>
        {details.map((detail) => (
          <div key={detail.term}>
            <dt className={styles.term}>{detail.term}</dt>
            <dd className={styles.value}>{detail.value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
