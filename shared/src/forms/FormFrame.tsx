import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { ErrorBanner } from '../ui/Page';
import { DialogButtons } from './DialogButtons';
import type { useForm } from './useForm';
import styles from './forms.module.css';

type FormState = Pick<ReturnType<typeof useForm>, 'handleSubmit' | 'formRef' | 'submitting' | 'formError'>;

interface FormFrameProps {
  /** The form's one state (`useForm`): what submitting does, whether it is under way, the server's refusal. */
  readonly form: FormState;
  /** The form's accessible name. */
  readonly label: string;
  /** The submit button's text, and what it says while the form is sent (default "Saving…"). */
  readonly submit: string;
  readonly busyLabel?: string;
  /** The way out, for a form in a dialog: its buttons then sit at the end, the way out first. */
  readonly cancel?: { readonly label: string; readonly onClick: () => void };
  readonly danger?: boolean;
  /** Holds the submit button back (nothing to send yet). */
  readonly disabled?: boolean;
  /** For people who may only look: no buttons. */
  readonly readOnly?: boolean;
  /** An element saying what submitting does (the submit button's description). */
  readonly describedBy?: string;
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * Every form's frame: the form element, its fields (children), the server's refusal, then the submit button, busy
 * and disabled while the form is sent, beside a way out when there is one. What a form adds is its fields.
 */
export function FormFrame({
  form,
  label,
  submit,
  busyLabel = 'Saving…',
  cancel,
  danger = false,
  disabled = false,
  readOnly = false,
  describedBy,
  className,
  children,
}: FormFrameProps) {
  return (
    <form
      ref={form.formRef}
      className={className}
      aria-label={label}
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
    >
      {children}
      {form.formError && <ErrorBanner message={form.formError} />}
      {!readOnly &&
        (cancel ? (
          <DialogButtons
            dismiss={cancel}
            submit={submit}
            busy={form.submitting}
            busyLabel={busyLabel}
            danger={danger}
            describedBy={describedBy}
            disabled={disabled}
          />
        ) : (
          <div className={styles.actions}>
            <Button
              type="submit"
              variant={danger ? 'danger' : 'primary'}
              disabled={form.submitting || disabled}
              aria-describedby={describedBy}
            >
              {form.submitting ? busyLabel : submit}
            </Button>
          </div>
        ))}
    </form>
  );
}
