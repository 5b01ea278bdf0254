import { displayName, type Member, Section } from '@campuscare/shared';
import styles from './YourInformation.module.css';

/** The student's own details as stored in their member row (re-read after every profile change). */
export function YourInformation({ member }: { readonly member: Member }) {
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
