import {
  Button,
  buttonClassName,
  EmptyState,
  Link,
  type PagedQuery,
  Pagination,
  type Program,
  QueryView,
  type RowAction,
  Section,
} from '@campuscare/shared';
import { ProgramCards } from './ProgramCards';
import { PROGRAMS_PAGE_SIZE, usePrograms } from './usePrograms';

/** How a page offers to create a program: a button opening the wizard, or a link to the page that does. */
type ProgramCreation = { readonly onCreate: () => void } | { readonly to: string };

interface ProgramBoardProps {
  /** Shown, with the way to create one, when the university has no program at all. */
  readonly emptyTitle: string;
  readonly create?: ProgramCreation;
  /** Per-card menu (e.g. Edit, Delete). */
  readonly actionsFor?: (program: Program) => readonly RowAction[];
}

function CreateControl({ create }: { readonly create: ProgramCreation }) {
  if ('to' in create) {
    return (
      <Link to={create.to} className={buttonClassName()}>
        New program
      </Link>
    );
  }
  return <Button onClick={create.onCreate}>Create a program</Button>;
}

function ProgramPages({
  programs,
  label,
  actionsFor,
}: {
  readonly programs: PagedQuery<Program>;
  readonly label: string;
  readonly actionsFor?: ProgramBoardProps['actionsFor'];
}) {
  return (
    <>
      <ProgramCards programs={programs.rows} label={label} actionsFor={actionsFor} />
      {programs.total > PROGRAMS_PAGE_SIZE && (
        <Pagination
          label={label}
          page={programs.page}
          pageSize={PROGRAMS_PAGE_SIZE}
          total={programs.total}
          onPageChange={programs.setPage}
        />
      )}
    </>
  );
}

/**
 * The university's programs by date: upcoming ones first, soonest first, and past ones apart, latest first, each
 * paged on its own. Every card opens the program's details.
 */
export function ProgramBoard({ emptyTitle, create, actionsFor }: ProgramBoardProps) {
  const upcoming = usePrograms('upcoming');
  const past = usePrograms('past');
  const noProgramsAtAll = past.query.data !== undefined && past.total === 0;
  const createControl = create && <CreateControl create={create} />;
  const hasUpcoming = upcoming.query.data !== undefined && upcoming.total > 0;

  return (
    <>
      <Section title="Upcoming programs" actions={noProgramsAtAll && !hasUpcoming ? undefined : createControl}>
        <QueryView
          query={upcoming.query}
          loadingLabel="Loading programs…"
          isEmpty={(page) => page.total === 0}
          empty={noProgramsAtAll ? <EmptyState title={emptyTitle}>{createControl}</EmptyState> : 'No upcoming programs'}
        >
          {() => <ProgramPages programs={upcoming} label="Upcoming programs" actionsFor={actionsFor} />}
        </QueryView>
      </Section>
      {(past.total > 0 || past.query.isError) && (
        <Section title="Past programs">
          <QueryView query={past.query} loadingLabel="Loading past programs…">
            {() => <ProgramPages programs={past} label="Past programs" actionsFor={actionsFor} />}
          </QueryView>
        </Section>
      )}
    </>
  );
}
