import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, PATHS, Section } from '@campuscare/shared';

export function StaffPage() {
  return (
    <>
      <PageHeader title="Staff" actions={<Link to={PATHS.adminStaffList}>All staff</Link>} />
      <Section title="Staff members">
        <EmptyState title="You haven't added any staff member yet" />
      </Section>
    </>
  );
}
