import { Button, useApiMutation, downloadText } from '@campuscare/shared';
import type { ExportRequest } from './exportCsvApi';
import { exportCsvMutation } from './exportCsvQueries';

/** Downloads the export as a file; with a byte order mark, so spreadsheets read its names as UTF-8. */
export function ExportButton({
  request,
  label = 'Export CSV',
  disabled = false,
}: {
  readonly request: ExportRequest;
  readonly label?: string;
  readonly disabled?: boolean;
}) {
  const run = useApiMutation(exportCsvMutation, {
    onSuccess: (text, done) =>
      downloadText(
        `${done.report}-${new Date().toISOString().slice(0, 10)}.csv`,
        `\uFEFF${text}`,
        'text/csv;charset=utf-8',
      ),
  });
  return (
    <Button variant="secondary" disabled={disabled || run.isPending} onClick={() => run.mutate(request)}>
      {run.isPending ? 'Exporting…' : label}
    </Button>
  );
}
