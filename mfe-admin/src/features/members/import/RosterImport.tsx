import { useState } from 'react';
import {
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  ErrorBanner,
  QueryView,
  SelectField,
  StatCard,
  StatGrid,
  TextAreaField,
  useApiMutation,
  useApiQuery,
  usePagedQuery,
  downloadText,
} from '@campuscare/shared';
import { formatCount, formatDateTime, useClinic } from '@campuscare/shared/scheduling';
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportKind,
  mappedRows,
  suggestMapping,
  unmappedFields,
} from './columns';
import { type CsvResult, type CsvTable, parseCsvText, readCsvFile } from './csvFile';
import { errorReportCsv, fieldLabel, problemMessage } from './problems';
import type { ProblemRow, RosterImport as Import } from './rosterImportApi';
import {
  checkRowsMutation,
  confirmImportMutation,
  discardImportMutation,
  latestImportQuery,
  PROBLEMS_PAGE_SIZE,
  problemReportMutation,
  problemRowsPageQuery,
  sendingProgressQuery,
} from './rosterImportQueries';
import styles from '../members.module.css';

const WORDS: Readonly<Record<ImportKind, { readonly people: string; readonly invite: (count: string) => string }>> = {
  students: { people: 'students', invite: (count) => `Invite ${count} students` },
  staff: { people: 'staff members', invite: (count) => `Invite ${count} staff members` },
};

interface ReadFile {
  readonly fileName: string;
  readonly table: CsvTable;
}

/** Step 1: a file chosen or rows pasted, read in the browser; what cannot be a roster is refused here. */
function ChooseFile({ kind, onRead }: { readonly kind: ImportKind; readonly onRead: (file: ReadFile) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const accept = (fileName: string, result: CsvResult) => {
    if (result.ok) {
      setError(null);
      onRead({ fileName, table: result.table });
    } else setError(result.message);
  };
  const columns = IMPORT_FIELDS[kind].map((spec) => spec.label).join(', ');

  return (
    <div className={styles.form}>
      <p className={styles.notice}>
        A CSV file with a header row, as your student system or a spreadsheet saves it (UTF-8 or Windows-1252, commas or
        semicolons). Its columns: {columns}. Nothing changes until you have seen what the file holds and confirmed.
      </p>
      <label className={styles.fileLabel}>
        Roster file (CSV)
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void readCsvFile(file).then((result) => accept(file.name, result));
          }}
        />
      </label>
      <TextAreaField
        label="Or paste the rows, header first"
        rows={4}
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
      />
      <div className={styles.inline}>
        <Button
          variant="secondary"
          disabled={pasted.trim() === ''}
          onClick={() => accept('Pasted rows', parseCsvText(pasted))}
        >
          Read the pasted rows
        </Button>
      </div>
      {error && <ErrorBanner message={error} />}
    </div>
  );
}

/** Step 2: which column holds which field, guessed from the headers; then the rows go to the database to be checked. */
function MapColumns({
  kind,
  file,
  onChecked,
  onCancel,
}: {
  readonly kind: ImportKind;
  readonly file: ReadFile;
  readonly onChecked: () => void;
  readonly onCancel: () => void;
}) {
  const { table } = file;
  const [mapping, setMapping] = useState<ColumnMapping>(() => suggestMapping(kind, table.header));
  const [sent, setSent] = useState(0);
  const check = useApiMutation(checkRowsMutation(kind), { onSuccess: onChecked, errors: 'caller' });
  const missing = unmappedFields(kind, mapping);
  const options = [
    { value: '', label: '— Not in the file —' },
    ...table.header.map((name, index) => ({ value: String(index), label: name || `Column ${index + 1}` })),
  ];
  const total = table.rows.length;
  const separator = table.separator === '\t' ? 'tabs' : `"${table.separator}"`;

  if (check.isPending) {
    return (
      <div className={styles.form}>
        <label className={styles.progressLabel}>
          Checking the rows: {formatCount(sent)} of {formatCount(total)}
          <progress max={total} value={sent} />
        </label>
        <p className={styles.notice}>You can go on using CampusCare meanwhile; the check goes on.</p>
      </div>
    );
  }
  return (
    <div className={styles.form}>
      <p className={styles.notice}>
        {file.fileName}: {formatCount(total)} {total === 1 ? 'row' : 'rows'}, {table.encoding}, separated by {separator}
        . Choose the column that holds each field.
      </p>
      <div className={styles.mapping}>
        {IMPORT_FIELDS[kind].map((spec) => {
          const column = mapping[spec.field];
          const example = column === undefined ? undefined : table.rows[0]?.cells[column];
          return (
            <SelectField
              key={spec.field}
              label={spec.required ? spec.label : `${spec.label} (optional)`}
              options={options}
              value={column === undefined ? '' : String(column)}
              hint={example ? `First row: ${example}` : undefined}
              onChange={(event) =>
                setMapping((current) => ({
                  ...current,
                  [spec.field]: event.target.value === '' ? undefined : Number(event.target.value),
                }))
              }
            />
          );
        })}
      </div>
      {missing.length > 0 && <p className={styles.notice}>Choose a column for: {missing.join(', ')}.</p>}
      {check.error && <ErrorBanner message={check.error.message} />}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onCancel}>
          Choose another file
        </Button>
        <Button
          disabled={missing.length > 0}
          onClick={() =>
            check.mutate({ kind, fileName: file.fileName, rows: mappedRows(kind, table, mapping), onProgress: setSent })
          }
        >
          Check {formatCount(total)} {total === 1 ? 'row' : 'rows'}
        </Button>
      </div>
    </div>
  );
}

function Summary({ kind, found }: { readonly kind: ImportKind; readonly found: Import }) {
  return (
    <StatGrid label="What the file holds">
      <StatCard label="New invitations" value={formatCount(found.new_count ?? 0)} />
      <StatCard
        label={kind === 'students' ? 'Already members' : 'Already staff'}
        value={formatCount(found.member_count ?? 0)}
      />
      <StatCard label="Already invited" value={formatCount(found.invited_count ?? 0)} />
      <StatCard label="Rows with errors" value={formatCount(found.invalid_count ?? 0)} />
    </StatGrid>
  );
}

/** The rows with errors, a page at a time, and the whole list as a CSV file. */
function Problems({ kind, found }: { readonly kind: ImportKind; readonly found: Import }) {
  const list = usePagedQuery((page) => problemRowsPageQuery(kind, found.id, page));
  const report = useApiMutation(problemReportMutation, {
    onSuccess: (rows) =>
      downloadText(
        `import-errors-${found.file_name.replace(/\.[^.]*$/, '')}.csv`,
        errorReportCsv(kind, rows),
        'text/csv;charset=utf-8',
      ),
  });
  if ((found.invalid_count ?? 0) === 0) return null;
  const columns: readonly Column<ProblemRow>[] = [
    { key: 'row', header: 'Row', render: (row) => row.rowNumber },
    {
      key: 'problems',
      header: 'Problem',
      render: (row) => (
        <ul className={styles.problems}>
          {row.problems.map((problem) => (
            <li key={`${problem.field}-${problem.code}`}>
              {fieldLabel(kind, problem.field)}: {problemMessage(problem)}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'email', header: 'Email', render: (row) => row.values.email || '—' },
  ];
  return (
    <>
      <QueryView query={list.query}>
        {(page) => (
          <DataTable
            caption="Rows with errors"
            columns={columns}
            rows={page.rows}
            rowKey={(row) => String(row.rowNumber)}
            pagination={{
              page: list.page,
              pageSize: PROBLEMS_PAGE_SIZE,
              total: page.total,
              onPageChange: list.setPage,
            }}
          />
        )}
      </QueryView>
      <div className={styles.inline}>
        <Button variant="secondary" disabled={report.isPending} onClick={() => report.mutate(found.id)}>
          {report.isPending ? 'Preparing…' : 'Download the error report (CSV)'}
        </Button>
      </div>
    </>
  );
}

/** Step 3: the preview the database keeps, until it is confirmed or given up. */
function Preview({ kind, found }: { readonly kind: ImportKind; readonly found: Import }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useApiMutation(confirmImportMutation);
  const discard = useApiMutation(discardImportMutation(kind));
  const count = found.new_count ?? 0;
  return (
    <div className={styles.form}>
      <p className={styles.notice}>
        {found.file_name}: {formatCount(found.total_rows)} rows checked. Rows already members or invited are left as
        they are; rows with errors are not imported: fix them in your file and import it again (the rows invited now are
        then found invited).
      </p>
      <Summary kind={kind} found={found} />
      <Problems kind={kind} found={found} />
      <div className={styles.buttons}>
        <Button variant="secondary" disabled={discard.isPending} onClick={() => discard.mutate(found.id)}>
          Start again with another file
        </Button>
        {count > 0 && <Button onClick={() => setConfirming(true)}>{WORDS[kind].invite(formatCount(count))}</Button>}
      </div>
      {count === 0 && (
        <p className={styles.notice}>
          Nothing to invite: every row is a member already, invited already, or has an error.
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={WORDS[kind].invite(formatCount(count))}
          message={`${formatCount(count)} invitations will be emailed, a few every second, starting now. This cannot be undone.`}
          confirmLabel="Send the invitations"
          onConfirm={() => confirm.mutateAsync(found.id)}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** Step 4: what the confirmation queued and how much of it the mail delivery has sent; it stays after a reload. */
function Result({
  kind,
  found,
  onAnother,
}: {
  readonly kind: ImportKind;
  readonly found: Import;
  readonly onAnother: () => void;
}) {
  const clinic = useClinic();
  const queued = found.queued_count ?? 0;
  const [allSent, setAllSent] = useState(false);
  const progress = useApiQuery(sendingProgressQuery(kind, found.id, !allSent));
  const sent = progress.data?.sent ?? 0;
  if (!allSent && progress.data && sent >= queued) setAllSent(true);
  const zone = clinic.data?.settings.timezone;
  return (
    <div className={styles.form}>
      <p className={styles.notice}>
        {found.file_name}
        {found.confirmed_at && zone ? `, confirmed ${formatDateTime(found.confirmed_at, zone)}` : ''}:{' '}
        {formatCount(queued)} {WORDS[kind].people} invited.
      </p>
      <label className={styles.progressLabel}>
        {sent >= queued
          ? `All ${formatCount(queued)} invitations have been sent.`
          : `Sending the invitations: ${formatCount(sent)} of ${formatCount(queued)} sent`}
        <progress max={queued} value={Math.min(sent, queued)} />
      </label>
      <Summary kind={kind} found={found} />
      <Problems kind={kind} found={found} />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={onAnother}>
          Import another file
        </Button>
      </div>
    </div>
  );
}

/**
 * Importing students or staff from a spreadsheet: choose or paste a file, map its columns, see the preview the database
 * makes (new, already members, already invited, rows with errors, and why), then confirm. The latest import and its
 * result are the database's, so they are there again after a reload.
 */
export function RosterImport({ kind }: { readonly kind: ImportKind }) {
  const latest = useApiQuery(latestImportQuery(kind));
  const [file, setFile] = useState<ReadFile | null>(null);
  const [another, setAnother] = useState(false);
  const discard = useApiMutation(discardImportMutation(kind));

  if (file) {
    return (
      <MapColumns
        kind={kind}
        file={file}
        onChecked={() => {
          setFile(null);
          setAnother(false);
        }}
        onCancel={() => setFile(null)}
      />
    );
  }
  return (
    <QueryView query={latest}>
      {(found) => {
        if (found === null || another) return <ChooseFile kind={kind} onRead={setFile} />;
        if (found.status === 'previewed') return <Preview kind={kind} found={found} />;
        if (found.status === 'confirmed')
          return <Result kind={kind} found={found} onAnother={() => setAnother(true)} />;
        return (
          <div className={styles.form}>
            <p className={styles.notice}>
              The last import ({found.file_name}) stopped before all its rows were checked.
            </p>
            <div className={styles.inline}>
              <Button onClick={() => discard.mutate(found.id)}>Start again</Button>
            </div>
          </div>
        );
      }}
    </QueryView>
  );
}
