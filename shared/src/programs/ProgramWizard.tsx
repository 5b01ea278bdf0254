import { useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  COLUMN_RULES,
  type FieldErrors,
  FormFrame,
  hasErrors,
  Modal,
  type Program,
  PROGRAM_FIRST_STEP_FIELDS,
  type ProgramValues,
  TextAreaField,
  TextField,
  useForm,
  useUserProfile,
  validateProgram,
} from '@campuscare/shared';
import { isPastProgram, localIsoDate, programValues } from './programsApi';
import { saveProgramMutation } from './programsQueries';
import styles from './programs.module.css';

type ProgramSaveKind = 'created' | 'updated';

interface ProgramWizardProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called with the stored row after a successful save (the dialog closes itself). */
  readonly onSaved: (program: Program, kind: ProgramSaveKind) => void;
  /** The program to edit; absent for a new one. */
  readonly program?: Program | null;
}

type Step = 1 | 2;

function firstStepErrors(errors: FieldErrors<ProgramValues>): FieldErrors<ProgramValues> {
  const onFirstStep: FieldErrors<ProgramValues> = {};
  for (const field of PROGRAM_FIRST_STEP_FIELDS) if (errors[field]) onFirstStep[field] = errors[field];
  return onFirstStep;
}

function WizardDialog({ onClose, onSaved, program }: Omit<ProgramWizardProps, 'open'>) {
  const profile = useUserProfile();
  const [step, setStep] = useState<Step>(1);
  const kind: ProgramSaveKind = program ? 'updated' : 'created';
  const initial = useMemo(() => programValues(program), [program]);
  // A program that already took place may keep its date; any other date must be today or later.
  const dateRule = useMemo(() => ({ today: localIsoDate(), storedDate: program?.date }), [program]);
  const keepsPastDate = program ? isPastProgram(program, dateRule.today) : false;
  const validate = (values: ProgramValues) => validateProgram(values, dateRule);

  const form = useForm({
    initial,
    validate,
    mutation: saveProgramMutation(program, profile.status === 'signedIn' ? profile.member : null),
    input: (values: ProgramValues) => values,
    onSuccess: (saved: Program) => {
      onSaved(saved, kind);
      onClose();
    },
  });

  // A refusal about a first-step field (a date that became past) is shown where that field is.
  const shownStep: Step = hasErrors(firstStepErrors(form.errors)) ? 1 : step;

  const next = (event: FormEvent) => {
    event.preventDefault();
    const errors = firstStepErrors(validate(form.values));
    form.setErrors(errors);
    if (!hasErrors(errors)) setStep(2);
  };

  const title = shownStep === 1 ? (program ? 'Edit program' : 'Create a new program') : 'Almost done!';
  return (
    <Modal title={title} open onClose={onClose}>
      <p className={styles.steps}>Step {shownStep} of 2</p>
      {shownStep === 1 ? (
        <form className={styles.form} onSubmit={next} noValidate>
          <TextField label="Title" maxLength={COLUMN_RULES.programs_title_length.maxLength} {...form.field('title')} />
          <TextAreaField
            label="Description"
            rows={4}
            maxLength={COLUMN_RULES.programs_description_length.maxLength}
            {...form.field('description')}
          />
          <div className={styles.row}>
            <TextField
              label="Date"
              type="date"
              min={keepsPastDate ? undefined : dateRule.today}
              hint={keepsPastDate ? undefined : 'Today or later'}
              {...form.field('date')}
            />
            <TextField label="Time" type="time" {...form.field('time')} />
          </div>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </div>
        </form>
      ) : (
        <FormFrame
          form={form}
          className={styles.form}
          label={title}
          submit={program ? 'Save program' : 'Create program'}
          cancel={{ label: 'Back', onClick: () => setStep(1) }}
        >
          <TextField
            label="Location"
            maxLength={COLUMN_RULES.programs_location_length.maxLength}
            {...form.field('location')}
          />
          <TextField
            label="Program Type"
            maxLength={COLUMN_RULES.programs_program_type_length.maxLength}
            {...form.field('programType')}
          />
          <TextField
            label="Target Audience"
            maxLength={COLUMN_RULES.programs_target_audience_length.maxLength}
            {...form.field('targetAudience')}
          />
          <TextAreaField
            label="Activities"
            rows={3}
            maxLength={COLUMN_RULES.programs_activities_length.maxLength}
            {...form.field('activities')}
          />
        </FormFrame>
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
