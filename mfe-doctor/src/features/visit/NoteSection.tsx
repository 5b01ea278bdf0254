import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  COLUMN_RULES,
  columnError,
  type ColumnRule,
  ErrorBanner,
  type FieldErrors,
  notifyError,
  runApiMutation,
  storedValue,
  TextAreaField,
  TextField,
  useForm,
} from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { timeInZone } from '@campuscare/shared/scheduling';
import type { NoteColumns } from './visitApi';
import { useVisitUpdate, withVisitRow } from './visitCache';
import { saveNoteMutation } from './visitQueries';
import styles from './visit.module.css';

interface NoteValues {
  readonly chiefComplaint: string;
  readonly subjective: string;
  readonly objective: string;
  readonly assessment: string;
  readonly plan: string;
  readonly followUp: string;
}

/** How long typing must pause before the note saves itself. */
export const NOTE_AUTOSAVE_MS = 1500;

/** The visits_<column>_length rules, by the form's field names (as the rules name them). */
const NOTE_RULES: Readonly<Record<keyof NoteValues, ColumnRule>> = {
  chiefComplaint: COLUMN_RULES.visits_chief_complaint_length,
  subjective: COLUMN_RULES.visits_subjective_length,
  objective: COLUMN_RULES.visits_objective_length,
  assessment: COLUMN_RULES.visits_assessment_length,
  plan: COLUMN_RULES.visits_plan_length,
  followUp: COLUMN_RULES.visits_follow_up_length,
};

function noteValues(
  visit: Pick<VisitRecord, 'chief_complaint' | 'subjective' | 'objective' | 'assessment' | 'plan' | 'follow_up'>,
): NoteValues {
  return {
    chiefComplaint: visit.chief_complaint ?? '',
    subjective: visit.subjective ?? '',
    objective: visit.objective ?? '',
    assessment: visit.assessment ?? '',
    plan: visit.plan ?? '',
    followUp: visit.follow_up ?? '',
  };
}

function noteErrors(values: NoteValues): FieldErrors<NoteValues> {
  const errors: Partial<Record<keyof NoteValues, string>> = {};
  for (const name of Object.keys(NOTE_RULES) as Array<keyof NoteValues>) {
    const problem = columnError(NOTE_RULES[name], values[name]);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The note as stored: trimmed, a blank part left out. */
function noteColumns(values: NoteValues): NoteColumns {
  return {
    chief_complaint: storedValue(NOTE_RULES.chiefComplaint, values.chiefComplaint),
    subjective: storedValue(NOTE_RULES.subjective, values.subjective),
    objective: storedValue(NOTE_RULES.objective, values.objective),
    assessment: storedValue(NOTE_RULES.assessment, values.assessment),
    plan: storedValue(NOTE_RULES.plan, values.plan),
    follow_up: storedValue(NOTE_RULES.followUp, values.followUp),
  };
}

function sameNote(a: NoteValues, b: NoteValues): boolean {
  return (Object.keys(a) as Array<keyof NoteValues>).every((name) => a[name] === b[name]);
}

type NoteSaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'failed';

/**
 * The draft's note, saved as the doctor types (once typing pauses) and with Save. Nothing typed is lost: what failed
 * to save stays in the fields with the reason, the browser asks before leaving with unsaved text, and leaving the
 * page inside the app saves what was still waiting.
 */
export function useVisitNote(visit: VisitRecord) {
  const visitId = visit.id;
  const update = useVisitUpdate(visitId);
  // The form starts from the note as opened, once: a save must not reset what is typed meanwhile.
  const [initial] = useState(() => noteValues(visit));
  const [saved, setSaved] = useState<NoteValues>(initial);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [failed, setFailed] = useState<NoteValues | null>(null);
  const form = useForm({
    initial,
    validate: noteErrors,
    mutation: saveNoteMutation,
    input: (values: NoteValues) => ({ visitId, note: noteColumns(values) }),
    onSuccess: (row, values) => {
      setSaved(values);
      setFailed(null);
      setSavedAt(row.updated_at);
      update((current) => withVisitRow(current, row));
    },
  });
  const { values, submitting, formError, handleSubmit } = form;
  const dirty = !sameNote(values, saved);
  const invalid = Object.keys(noteErrors(values)).length > 0;

  const attempt = async (): Promise<boolean> => {
    const attempted = values;
    const ok = await handleSubmit();
    if (!ok) setFailed(attempted);
    return ok;
  };
  // What the timers and the Sign dialog act on: this render's, whenever they run.
  const latest = useRef({ attempt, dirty, submitting });
  latest.current = { attempt, dirty, submitting };

  // Saves once typing pauses (or shows what must be corrected first); never again for values that just failed (Save
  // tries again), nor while a save is on its way.
  useEffect(() => {
    if (!dirty || submitting || (failed !== null && sameNote(failed, values))) return undefined;
    const timer = setTimeout(() => void latest.current.attempt(), NOTE_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, failed, submitting, values]);

  // Who waits for the save on its way to finish (the Sign dialog) is told when it has.
  const waitingForSave = useRef<Array<() => void>>([]);
  useEffect(() => {
    if (submitting) return;
    const waiting = waitingForSave.current;
    waitingForSave.current = [];
    waiting.forEach((resume) => resume());
  }, [submitting]);

  // Leaving the browser tab with unsaved text asks first.
  const unsaved = dirty || submitting;
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // Leaving the page inside the app: what was still waiting to be saved is sent on its way.
  const pending = useRef<NoteValues | null>(null);
  pending.current = dirty && !invalid ? values : null;
  useEffect(
    () => () => {
      const last = pending.current;
      if (!last) return;
      runApiMutation(saveNoteMutation, { visitId, note: noteColumns(last) }).catch(() =>
        notifyError('Your last changes to the visit note could not be saved. Open the visit again to check it.'),
      );
    },
    [visitId],
  );

  const state: NoteSaveState = submitting
    ? 'saving'
    : dirty && invalid
      ? 'invalid'
      : formError || (failed !== null && sameNote(failed, values))
        ? 'failed'
        : dirty
          ? 'unsaved'
          : 'saved';

  /** Saves what is typed now, if anything (after any save on its way): true once the note on record is what the fields show. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    if (latest.current.submitting) await new Promise<void>((resume) => waitingForSave.current.push(resume));
    return latest.current.dirty ? latest.current.attempt() : true;
  }, []);

  return { form, state, savedAt, saveNow };
}

export type VisitNote = ReturnType<typeof useVisitNote>;

function SaveStatus({ note, zone }: { readonly note: VisitNote; readonly zone: string }) {
  const time = note.savedAt ? timeInZone(note.savedAt, zone) : null;
  const text = {
    saving: 'Saving…',
    saved: time ? `All changes saved (${time})` : 'No changes yet',
    unsaved: 'Unsaved changes: saving when you pause typing',
    invalid: 'Not saved: correct what is marked in the note',
    failed: 'Not saved: see why above, then Save note to try again',
  }[note.state];
  return (
    <p
      role="status"
      className={note.state === 'failed' || note.state === 'invalid' ? styles.saveFailed : styles.saveState}
    >
      {text}
    </p>
  );
}

/** The note: chief complaint, SOAP and follow-up, saved as the doctor types (the last save timed on the clinic's clock, `zone`). */
export function NoteForm({ note, zone }: { readonly note: VisitNote; readonly zone: string }) {
  const { form } = note;
  return (
    <form
      aria-label="Visit note"
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void note.saveNow();
      }}
    >
      <TextField
        label="Chief complaint"
        maxLength={NOTE_RULES.chiefComplaint.maxLength}
        autoComplete="off"
        {...form.field('chiefComplaint')}
      />
      <TextAreaField
        label="Subjective"
        hint="What the student reports: history, symptoms"
        rows={4}
        maxLength={NOTE_RULES.subjective.maxLength}
        {...form.field('subjective')}
      />
      <TextAreaField
        label="Objective"
        hint="What you found: examination, tests"
        rows={4}
        maxLength={NOTE_RULES.objective.maxLength}
        {...form.field('objective')}
      />
      <TextAreaField
        label="Assessment"
        rows={3}
        maxLength={NOTE_RULES.assessment.maxLength}
        {...form.field('assessment')}
      />
      <TextAreaField label="Plan" rows={3} maxLength={NOTE_RULES.plan.maxLength} {...form.field('plan')} />
      <TextAreaField
        label="Follow-up"
        hint="When and why to come back"
        rows={2}
        maxLength={NOTE_RULES.followUp.maxLength}
        {...form.field('followUp')}
      />
      {form.formError && <ErrorBanner message={form.formError} />}
      <div className={styles.saveRow}>
        <SaveStatus note={note} zone={zone} />
        <Button type="submit" variant="secondary" disabled={form.submitting}>
          Save note
        </Button>
      </div>
    </form>
  );
}
