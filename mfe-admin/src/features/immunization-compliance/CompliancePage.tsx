import { useState } from 'react';
import {
  Button,
  type Column,
  DataTable,
  PageHeader,
  QueryView,
  Section,
  SelectField,
  TextField,
  useApiMutation,
  useApiQuery,
  usePagedQuery,
  useSearchTerm,
  YEAR_OF_STUDY_RANGE,
  downloadText,
} from '@campuscare/shared';
import { IMMUNIZATION_STATUS_LABEL } from '@campuscare/shared/clinical';
import { WithClinic } from '@campuscare/shared/appointments';
import { dayInZone, formatCount, formatDay } from '@campuscare/shared/scheduling';
import type { ComplianceRow, Hold, HoldsFilter } from './complianceApi';
import { complianceQuery, HOLDS_PAGE_SIZE, holdsExportMutation, holdsPageQuery } from './complianceQueries';
import { holdsCsv } from './holdsCsv';
import styles from './compliance.module.css';

const YEAR_OPTIONS = [
  { value: '', label: 'Any year' },
  ...Array.from({ length: YEAR_OF_STUDY_RANGE.max - YEAR_OF_STUDY_RANGE.min + 1 }, (_, index) => {
    const year = String(YEAR_OF_STUDY_RANGE.min + index);
    return { value: year, label: `Year ${year}` };
  }),
];

/** "12 of 40 (30 %)": met or exempt, of the students a requirement applies to. */
export function complianceShare(row: Pick<ComplianceRow, 'students' | 'met' | 'exempt'>): string {
  const compliant = row.met + row.exempt;
  return row.students === 0
    ? 'No students'
    : `${formatCount(compliant)} of ${formatCount(row.students)} (${Math.round((compliant / row.students) * 100)} %)`;
}

const complianceColumns: readonly Column<ComplianceRow>[] = [
  { key: 'name', header: 'Requirement', render: (row) => row.name },
  { key: 'compliant', header: 'Met or exempt', render: complianceShare },
  { key: 'met', header: IMMUNIZATION_STATUS_LABEL.met, render: (row) => formatCount(row.met) },
  { key: 'exempt', header: IMMUNIZATION_STATUS_LABEL.exempt, render: (row) => formatCount(row.exempt) },
  { key: 'review', header: IMMUNIZATION_STATUS_LABEL.under_review, render: (row) => formatCount(row.under_review) },
  { key: 'due', header: IMMUNIZATION_STATUS_LABEL.due, render: (row) => formatCount(row.due) },
  { key: 'overdue', header: IMMUNIZATION_STATUS_LABEL.overdue, render: (row) => formatCount(row.overdue) },
];

const holdColumns: readonly Column<Hold>[] = [
  { key: 'student', header: 'Student', render: (hold) => hold.student_name },
  { key: 'reg', header: 'Registration number', render: (hold) => hold.reg_number },
  { key: 'department', header: 'Department', render: (hold) => hold.department },
  { key: 'year', header: 'Year', render: (hold) => hold.year_of_study },
  { key: 'requirement', header: 'Requirement', render: (hold) => hold.requirement_name },
  { key: 'due', header: 'Was due', render: (hold) => formatDay(hold.due_on) },
  { key: 'missing', header: 'Missing', render: (hold) => hold.missing },
];

function Holds({ requirements, zone }: { readonly requirements: readonly ComplianceRow[]; readonly zone: string }) {
  const [requirementId, setRequirementId] = useState('');
  const department = useSearchTerm();
  const [year, setYear] = useState('');
  const filter: HoldsFilter = { requirementId, department: department.appliedSearch, year };
  const list = usePagedQuery((page) => holdsPageQuery(filter, page));
  const filtered = requirementId !== '' || filter.department.trim() !== '' || year !== '';
  const exportCsv = useApiMutation(holdsExportMutation, {
    // With a byte order mark, as the other CSV exports: spreadsheets then read the students' names as UTF-8.
    onSuccess: (holds) =>
      downloadText(
        `immunization-holds-${dayInZone(new Date(), zone)}.csv`,
        `\uFEFF${holdsCsv(holds)}`,
        'text/csv;charset=utf-8',
      ),
  });
  const requirementOptions = [
    { value: '', label: 'Every requirement' },
    ...requirements.map((row) => ({ value: row.requirement_id, label: row.name })),
  ];
  return (
    <Section
      title="Overdue students (holds)"
      actions={
        <Button variant="secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <p className={styles.hint}>
        Students past a requirement&apos;s due date without what it asks for, the longest overdue first. Doses,
        documents and exemption reasons stay with the clinic.
      </p>
      <div className={styles.filters} role="group" aria-label="Filter the holds list">
        <SelectField
          label="Requirement"
          value={requirementId}
          options={requirementOptions}
          onChange={(event) => setRequirementId(event.target.value)}
        />
        <TextField
          label="Department"
          value={department.search}
          onChange={(event) => department.setSearch(event.target.value)}
          placeholder="Any department"
          autoComplete="off"
        />
        <SelectField
          label="Year of study"
          value={year}
          options={YEAR_OPTIONS}
          onChange={(event) => setYear(event.target.value)}
        />
      </div>
      <QueryView query={list.query} loadingLabel="Loading the holds list…">
        {(page) => (
          <DataTable
            caption="Overdue students"
            columns={holdColumns}
            rows={page.rows}
            rowKey={(hold) => `${hold.student_id}:${hold.requirement_id}`}
            emptyMessage={filtered ? 'Nobody matching these filters is overdue' : 'Nobody is overdue'}
            pagination={{ page: list.page, pageSize: HOLDS_PAGE_SIZE, total: page.total, onPageChange: list.setPage }}
          />
        )}
      </QueryView>
    </Section>
  );
}

/**
 * /immunization-compliance: for admins and super admins, how many students meet each requirement, and the students
 * who are overdue (the registrar's holds list), filtered and exported as CSV. Statuses and counts only: the database
 * gives admins nothing else.
 */
export function CompliancePage() {
  const compliance = useApiQuery(complianceQuery());
  return (
    <>
      <PageHeader title="Immunization compliance" />
      <Section title="Compliance per requirement">
        <p className={styles.hint}>
          Of the active students each requirement applies to, how many stand in each status today.
        </p>
        <QueryView query={compliance} loadingLabel="Counting…">
          {(rows) => (
            <DataTable
              caption="Compliance per requirement"
              columns={complianceColumns}
              rows={rows}
              rowKey={(row) => row.requirement_id}
              emptyMessage="No immunization requirements yet: a super admin adds them under Settings"
            />
          )}
        </QueryView>
      </Section>
      <WithClinic loadingLabel="Loading the holds list…">
        {(clinic) => <Holds requirements={compliance.data ?? []} zone={clinic.settings.timezone} />}
      </WithClinic>
    </>
  );
}
