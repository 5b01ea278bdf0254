import { useMemo } from 'react';
import {
  ApiError,
  DialogButtons,
  ErrorBanner,
  Modal,
  SelectField,
  TextAreaField,
  useApiMutation,
  useForm,
} from '@campuscare/shared';
import { MY_IMMUNIZATIONS_KEY, requestExemption, type RequirementTerms, type Standing } from './immunizationsApi';
import {
  acceptedKinds,
  EXEMPTION_REASON_MAX_LENGTH,
  exemptionKindLabel,
  exemptionNeedsDocument,
  IMMUNIZATION_MESSAGES,
  validateExemption,
  type ExemptionValues,
} from './immunizationRules';
import type { MedicalDocument } from './proofApi';
import { ProofField } from './ProofField';
import styles from './Immunizations.module.css';

interface ExemptionDialogProps {
  readonly studentId: string;
  readonly standing: Standing;
  readonly terms: RequirementTerms;
  readonly documents: readonly MedicalDocument[];
  readonly zone: string;
  readonly onClose: () => void;
}

/** Asks for an exemption of a kind the requirement accepts, with the reason; the clinic's doctors decide. */
export function ExemptionDialog({ studentId, standing, terms, documents, zone, onClose }: ExemptionDialogProps) {
  const kinds = useMemo(() => acceptedKinds(terms), [terms]);
  // One kind accepted: it is chosen already.
  const initial = useMemo<ExemptionValues>(
    () => ({ kind: kinds.length === 1 ? kinds[0] : '', reason: '', proof: { kind: 'new', file: null } }),
    [kinds],
  );
  const request = useApiMutation(requestExemption, { invalidates: [MY_IMMUNIZATIONS_KEY], errors: 'caller' });
  const form = useForm({
    initial,
    validate: (values: ExemptionValues) => validateExemption(values, terms),
    submit: async (values) => {
      if (values.kind === '') throw new ApiError(IMMUNIZATION_MESSAGES.chooseKind, { field: 'kind' });
      return request.mutateAsync({
        studentId,
        exemption: {
          requirementId: standing.requirementId,
          kind: values.kind,
          reason: values.reason.trim(),
          proof: values.proof,
        },
      });
    },
    successMessage: IMMUNIZATION_MESSAGES.exemptionRequested,
    onSuccess: onClose,
  });
  // Until a kind is chosen, a document is asked for if either kind the requirement accepts needs one.
  const needsDocument =
    form.values.kind === ''
      ? kinds.some((kind) => exemptionNeedsDocument(terms, kind))
      : exemptionNeedsDocument(terms, form.values.kind);
  const options = [
    { value: '', label: 'Choose the kind' },
    ...kinds.map((kind) => ({ value: kind, label: exemptionKindLabel(terms, kind) })),
  ];
  return (
    <Modal title={`Ask for an exemption from ${standing.name}`} open onClose={onClose}>
      <form
        aria-label="Ask for an exemption"
        className={styles.form}
        noValidate
        onSubmit={(event) => void form.handleSubmit(event)}
      >
        <p className={styles.hint}>
          The clinic&apos;s doctors read your reason and decide. Your university&apos;s administrators see only whether
          you are exempt, never why.
        </p>
        <SelectField label="Kind of exemption" options={options} {...form.field('kind')} />
        <TextAreaField label="Reason" rows={4} maxLength={EXEMPTION_REASON_MAX_LENGTH} {...form.field('reason')} />
        <ProofField
          label={needsDocument ? 'Supporting document' : 'Supporting document (optional)'}
          value={form.values.proof}
          onChange={(proof) => form.setValue('proof', proof)}
          documents={documents}
          zone={zone}
          error={form.errors.proof}
          optional={!needsDocument}
        />
        {form.formError && <ErrorBanner message={form.formError} />}
        <DialogButtons
          dismiss={{ label: 'Cancel', onClick: onClose }}
          submit="Ask for the exemption"
          busy={form.submitting}
          busyLabel="Sending…"
        />
      </form>
    </Modal>
  );
}
