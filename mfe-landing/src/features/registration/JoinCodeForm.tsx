import { useMemo } from 'react';
import { Button, type FieldErrors, MESSAGES, TextField, useForm } from '@campuscare/shared';
import { authFormStyles } from '../../components/AuthPageFrame';
import styles from './registration.module.css';

interface JoinCodeValues {
  readonly joinCode: string;
}

const EMPTY: JoinCodeValues = { joinCode: '' };

function validateJoinCode(values: JoinCodeValues): FieldErrors<JoinCodeValues> {
  return values.joinCode.trim() === '' ? { joinCode: MESSAGES.required } : {};
}

/** For a student who was given their university's join code rather than its link: opens the join form for it. */
export function JoinCodeForm({ onJoin }: { readonly onJoin: (joinCode: string) => void }) {
  const initial = useMemo(() => EMPTY, []);
  const form = useForm({
    initial,
    validate: validateJoinCode,
    submit: async (values: JoinCodeValues) => values.joinCode.trim(),
    onSuccess: onJoin,
  });
  return (
    <form
      className={styles.joinCode}
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      aria-label="Join with a code"
    >
      <p className={styles.joinCodeTitle}>Are you a student?</p>
      <TextField
        label="Join code"
        hint="The code your university gave you, e.g. NORTHFIELD"
        autoComplete="off"
        autoCapitalize="characters"
        {...form.field('joinCode')}
      />
      <Button type="submit" variant="secondary" className={authFormStyles.submit}>
        Join your university
      </Button>
    </form>
  );
}
