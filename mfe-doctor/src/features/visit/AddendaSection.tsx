import { useMemo } from 'react';
import {
  COLUMN_RULES,
  columnError,
  displayName,
  FormFrame,
  TextAreaField,
  useForm,
  useUserProfile,
} from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { AddendaList } from '../../components/clinical/RecordViews';
import { addAddendumMutation } from './visitQueries';
import { useVisitUpdate } from './visitCache';
import styles from './visit.module.css';

const TEXT_RULE = COLUMN_RULES.visit_addenda_text_length;

/** A signed visit's addenda, and the form that adds one (any doctor of the university; an addendum is never changed). */
export function AddendaSection({ visit, zone }: { readonly visit: VisitRecord; readonly zone: string }) {
  const profile = useUserProfile();
  const update = useVisitUpdate(visit.id);
  const initial = useMemo(() => ({ text: '' }), []);
  const form = useForm({
    initial,
    validate: (values) => {
      const text = columnError(TEXT_RULE, values.text);
      return text ? { text } : {};
    },
    mutation: addAddendumMutation,
    input: (values) => ({ visitId: visit.id, text: values.text.trim() }),
    resetOnSuccess: true,
    onSuccess: (row) => {
      const authorName = profile.status === 'signedIn' ? displayName(profile.member) : '';
      update((current) => ({
        ...current,
        addenda: [
          ...current.addenda,
          {
            id: row.id,
            text: row.text,
            created_at: row.created_at,
            author_id: row.author_id ?? '',
            author_name: authorName,
          },
        ],
      }));
    },
  });
  return (
    <div className={styles.stack}>
      <AddendaList addenda={visit.addenda} zone={zone} />
      <FormFrame form={form} className={styles.form} label="Add an addendum" submit="Add addendum" busyLabel="Adding…">
        <TextAreaField
          label="Addendum"
          hint="A correction or an addition, with your name and the time. It cannot be changed afterwards."
          rows={3}
          maxLength={TEXT_RULE.maxLength}
          {...form.field('text')}
        />
      </FormFrame>
    </div>
  );
}
