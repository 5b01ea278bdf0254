import { useState, type FormEvent } from 'react';
import type { Program } from '../database.types';
import { useUserProfile } from '../profile/UserProfileProvider';
import { getSupabase } from '../supabase/client';
import { notifySuccess } from '../toast/toast';
import { Button } from '../ui/Button';
import { TextAreaField, TextField } from '../ui/FormFields';
import { Modal } from '../ui/Modal';
import { ErrorBanner } from '../ui/Page';
import { PROGRAM_FIRST_STEP_FIELDS, validateProgram, type FieldErrors, type ProgramValues } from '../validation/schemas';
import { createProgram, programValues, updateProgram } from './programsApi';
import styles from './programs.module.css';

export type ProgramSaveKind = 'created' | 'updated';

export interface ProgramWizardProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called with the stored row after a successful save (the dialog closes itself). */
  readonly onSaved: (program: Program, kind: ProgramSaveKind) => void;
  /** The program to edit; absent for a new one. */
  readonly program?: Program | null;
}

type Step = 1 | 2;

const SECOND_STEP_FIELDS = ['location', 'programType', 'targetAudience', 'activities'] as const satisfies ReadonlyArray<keyof ProgramValues>;

function errorsOfStep(values: ProgramValues, step: Step): FieldErrors<ProgramValues> {
  const all = validateProgram(values);
  const fields: ReadonlyArray<keyof ProgramValues> = step === 1 ? PROGRAM_FIRST_STEP_FIELDS : SECOND_STEP_FIELDS;
  const errors: FieldErrors<ProgramValues> = {};
  for (const field of fields) if (all[field]) errors[field] = all[field];
  return errors;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function WizardDialog({ onClose, onSaved, program }: Omit<ProgramWizardProps, 'open'>) {
  const profile = useUserProfile();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<ProgramValues>(() => programValues(program));
  const [errors, setErrors] = useState<FieldErrors<ProgramValues>>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const editing = Boolean(program);

  const field = (name: keyof ProgramValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const next = (event: FormEvent) => {
    event.preventDefault();
    const stepErrors = errorsOfStep(values, 1);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) setStep(2);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const stepErrors = errorsOfStep(values, 2);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) return;
    if (profile.status !== 'signedIn') {
      setSaveError('Sign in again to save the program');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const client = await getSupabase();
      const saved = program ? await updateProgram(client, program.id, values) : await createProgram(client, profile.member, values);
      notifySuccess(program ? 'Program updated' : 'Program created');
      onSaved(saved, program ? 'updated' : 'created');
      onClose();
    } catch (error) {
      setSaveError(messageOf(error));
      setSaving(false);
    }
  };

  const title = step === 1 ? (editing ? 'Edit program' : 'Create a new program') : 'Almost done!';
  return (
    <Modal title={title} open onClose={onClose}>
      <p className={styles.steps}>Step {step} of 2</p>
      {step === 1 ? (
        <form className={styles.form} onSubmit={next} noValidate>
          <TextField label="Title" maxLength={200} {...field('title')} />
          <TextAreaField label="Description" rows={4} maxLength={5000} {...field('description')} />
          <div className={styles.row}>
            <TextField label="Date" type="date" {...field('date')} />
            <TextField label="Time" type="time" {...field('time')} />
          </div>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </div>
        </form>
      ) : (
        <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
          <TextField label="Location" maxLength={200} {...field('location')} />
          <TextField label="Program Type" maxLength={100} {...field('programType')} />
          <TextField label="Target Audience" maxLength={200} {...field('targetAudience')} />
          <TextAreaField label="Activities" rows={3} maxLength={2000} {...field('activities')} />
          {saveError && <ErrorBanner message={saveError} />}
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={() => setStep(1)} disabled={saving}>
              Back
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : editing ? 'Save program' : 'Create program'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * The two-step program dialog (spec: "Create a new program" → "Almost done!"), used to create and to edit.
 * Each step is validated before moving on; going back keeps what was typed.
 */
export function ProgramWizard({ open, ...props }: ProgramWizardProps) {
  return open ? <WizardDialog {...props} /> : null;
}
