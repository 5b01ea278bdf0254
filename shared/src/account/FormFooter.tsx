import { Button, ErrorBanner } from '@campuscare/shared';

/** The end of a settings form: the server's refusal, if any, then the submit button, busy while saving. */
export function FormFooter({
  formError,
  submitting,
  label,
}: {
  readonly formError: string | null;
  readonly submitting: boolean;
  readonly label: string;
}) {
  return (
    <>
      {formError && <ErrorBanner message={formError} />}
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : label}
        </Button>
      </div>
    </>
  );
}
