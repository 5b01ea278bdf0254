import { useMemo } from 'react';
import {
  Button,
  COLUMN_RULES,
  columnError,
  displayName,
  ErrorBanner,
  TextAreaField,
  useApiMutation,
  useForm,
  useUserProfile,
  type VisitAddendum,
} from '@campuscare/shared';
import type { VisitRecord } from '@campuscare/shared/clinical';
import { AddendaList } from '../../components/clinical/RecordViews';
import { addAddendum } from './visitApi';
import { useVisitUpdate } from './visitCache';
import styles from './visit.module.css';

const TEXT_RULE = COLUMN_RULES.visit_addenda_text_length;

/** A signed visit's addenda, and the form that adds one (any doctor of the university; an addendum is never changed). */
export function AddendaSection({ visit, zone }: { readonly visit: VisitRecord; readonly zone: string }) {
  const profile = useUserProfile();
  const update = useVisitUpdate(visit.id);
  const add = useApiMutation(addAddendum, { success: 'Addendum added', errors: 'caller' });
  const initial = useMemo(() => ({ text: '' }), []);
  const form = useForm<{ readonly text: string }, VisitAddendum>({
    initial,
    validate: (values) => {
      const text = columnError(TEXT_RULE, values.text);
      return text ? { text } : {};
    },
    submit: (values) => add.mutateAsync({ visitId: visit.id, text: values.text.trim() }),
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
      <form
        aria-label="Add an addendum"
        className={styles.form}
        noValidate
        onSubmit={(event) => void form.handleSubmit(event)}
      >
        <TextAreaField
          label="Addendum"
          hint="A correction or an addition, with your name and the time. It cannot be changed afterwards."
          rows={3}
          maxLength={TEXT_RULE.maxLength}
          {...form.field('text')}
        />
        {form.formError && <ErrorBanner message={form.formError} />}
        <div className={styles.buttons}>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Adding…' : 'Add addendum'}
          </Button>
        </div>
      </form>
    </div>
  );
}
