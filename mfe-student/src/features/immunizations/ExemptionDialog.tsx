import { useMemo } from 'react';
import { ApiError, FormFrame, Modal, SelectField, TextAreaField, useForm } from '@campuscare/shared';
import type { RequirementTerms, Standing } from './immunizationsApi';
import { requestExemptionMutation } from './immunizationsQueries';
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
  const form = useForm({
    initial,
    validate: (values: ExemptionValues) => validateExemption(values, terms),
    mutation: requestExemptionMutation,
    input: (values: ExemptionValues) => {
      if (values.kind === '') throw new ApiError(IMMUNIZATION_MESSAGES.chooseKind, { field: 'kind' });
      return {
        studentId,
        exemption: {
          requirementId: standing.requirementId,
          kind: values.kind,
          reason: values.reason.trim(),
          proof: values.proof,
        },
      };
    },
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
      <FormFrame
        form={form}
        label="Ask for an exemption"
        className={styles.form}
        submit="Ask for the exemption"
        busyLabel="Sending…"
        cancel={{ label: 'Cancel', onClick: onClose }}
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
      </FormFrame>
    </Modal>
  );
}
