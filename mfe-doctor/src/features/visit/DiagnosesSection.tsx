import { useId, useMemo, useState } from 'react';
import {
  Button,
  COLUMN_RULES,
  columnError,
  FormFrame,
  type Icd10Code,
  QueryView,
  TextField,
  useApiMutation,
  useApiQuery,
  useForm,
  useSearchTerm,
} from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { DiagnosisList, icd10Label } from '../../components/clinical/RecordViews';
import { diagnosisFromRow, useVisitUpdate } from './visitCache';
import { addDiagnosisMutation, icd10SearchQuery, removeDiagnosisMutation } from './visitQueries';
import styles from './visit.module.css';

const DESCRIPTION_RULE = COLUMN_RULES.diagnoses_description_length;

interface DiagnosisValues {
  readonly description: string;
  readonly code: Icd10Code | null;
}

const EMPTY_DIAGNOSIS: DiagnosisValues = { description: '', code: null };

/** Searches the ICD-10 list (by code or by words of the title) and picks one code, or none. */
function Icd10Picker({
  chosen,
  onChoose,
}: {
  readonly chosen: Icd10Code | null;
  readonly onChoose: (code: Icd10Code | null) => void;
}) {
  const groupName = useId();
  const { search, setSearch, appliedSearch } = useSearchTerm();
  const term = appliedSearch.trim();
  const results = useApiQuery(icd10SearchQuery(term), { enabled: term !== '' });
  return (
    <div className={styles.picker}>
      <TextField
        label="ICD-10 code (optional)"
        type="search"
        value={search}
        maxLength={100}
        autoComplete="off"
        hint="Search by code or by words, e.g. J06 or sprain"
        onChange={(event) => setSearch(event.target.value)}
        // Enter searches; it does not add the diagnosis.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {chosen && (
        <p className={styles.chosen}>
          <span>
            <strong>Chosen code:</strong> {icd10Label(chosen.code, chosen.title)}
          </span>
          <Button variant="secondary" onClick={() => onChoose(null)}>
            Clear code
          </Button>
        </p>
      )}
      {term !== '' && (
        <QueryView query={results} loadingLabel="Searching the ICD-10 list…">
          {(codes) =>
            codes.length === 0 ? (
              <p role="status" className={styles.muted}>
                No ICD-10 code matches “{term}”. You can still describe the diagnosis without a code.
              </p>
            ) : (
              <fieldset className={styles.choices}>
                <legend className={styles.legend}>
                  {codes.length} matching {codes.length === 1 ? 'code' : 'codes'}
                </legend>
                {codes.map((code) => (
                  <label key={code.code} className={styles.choice}>
                    <input
                      type="radio"
                      name={groupName}
                      value={code.code}
                      checked={chosen?.code === code.code}
                      onChange={() => onChoose(code)}
                    />
                    <span>{icd10Label(code.code, code.title)}</span>
                  </label>
                ))}
              </fieldset>
            )
          }
        </QueryView>
      )}
    </div>
  );
}

/** The draft's diagnoses: each free text, with an optional ICD-10 code; added and removed while the visit is a draft. */
export function DiagnosesEditor({ visit }: { readonly visit: VisitRecord }) {
  const update = useVisitUpdate(visit.id);
  const remove = useApiMutation(removeDiagnosisMutation, {
    onSuccess: (_done, id) =>
      update((current) => ({ ...current, diagnoses: current.diagnoses.filter((diagnosis) => diagnosis.id !== id) })),
  });
  const [pickerKey, setPickerKey] = useState(0);
  const initial = useMemo(() => EMPTY_DIAGNOSIS, []);
  const form = useForm({
    initial,
    validate: (values: DiagnosisValues) => {
      const description = columnError(DESCRIPTION_RULE, values.description);
      return description ? { description } : {};
    },
    mutation: addDiagnosisMutation,
    input: (values: DiagnosisValues) => ({
      visitId: visit.id,
      description: values.description.trim(),
      icd10Code: values.code?.code ?? null,
    }),
    resetOnSuccess: true,
    onSuccess: (row, values) => {
      const title = values.code?.title ?? null;
      update((current) => ({ ...current, diagnoses: [...current.diagnoses, diagnosisFromRow(row, title)] }));
      setPickerKey((key) => key + 1);
    },
  });
  const choose = (code: Icd10Code | null) => {
    form.setValue('code', code);
    // The code's title is a good start for the description, which stays the doctor's to word.
    if (code && form.values.description.trim() === '') form.setValue('description', code.title);
  };

  return (
    <div className={styles.stack}>
      <DiagnosisList diagnoses={visit.diagnoses} onRemove={(diagnosis) => remove.mutate(diagnosis.id)} />
      <FormFrame form={form} className={styles.form} label="Add a diagnosis" submit="Add diagnosis" busyLabel="Adding…">
        <Icd10Picker key={pickerKey} chosen={form.values.code} onChoose={choose} />
        <TextField
          label="Diagnosis"
          maxLength={DESCRIPTION_RULE.maxLength}
          autoComplete="off"
          {...form.field('description')}
        />
      </FormFrame>
    </div>
  );
}
