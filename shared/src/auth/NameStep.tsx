import { useMemo } from 'react';
import { runApiMutation } from '../data/useApi';
import type { Member } from '../database.types';
import { FormFrame } from '../forms/FormFrame';
import { useForm } from '../forms/useForm';
import { useUserProfile } from '../profile/UserProfileProvider';
import { Section } from '../ui/Page';
import { TextField } from '../ui/FormFields';
import { COLUMN_RULES, columnError } from '../validation/columnRules';
import type { FieldErrors } from '../validation/schemas';
import type { OwnName } from './ownNameApi';
import { ownNameMutation } from './ownNameQueries';
import styles from './RoleLayout.module.css';

export const NAME_STEP_NOTICE =
  'Enter your name before you continue: students and colleagues see it, and students choose their doctor by it.';

function nameErrors(values: OwnName): FieldErrors<OwnName> {
  const errors: FieldErrors<OwnName> = {
    firstName: columnError(COLUMN_RULES.members_first_name_length, values.firstName, { required: true }),
    lastName: columnError(COLUMN_RULES.members_last_name_length, values.lastName, { required: true }),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/**
 * The step a staff member without a whole name takes on signing in, before any page of their area: their first and
 * last name, saved to their member row. Once the profile is read again with the name, the page they asked for opens.
 */
export function NameStep({ member }: { readonly member: Member }) {
  const profile = useUserProfile();
  const initial = useMemo<OwnName>(() => ({ firstName: member.first_name, lastName: member.last_name }), [member]);
  const form = useForm({
    initial,
    validate: nameErrors,
    // The page asked for opens only once the re-read profile holds the name, so the form stays busy until then.
    submit: async (name: OwnName) => {
      await runApiMutation(ownNameMutation, { memberId: member.id, name });
      await profile.refresh();
    },
  });
  return (
    <Section title="Your name">
      <FormFrame form={form} className={styles.nameStep} label="Your name" submit="Save and continue">
        <p className={styles.nameStepNotice}>{NAME_STEP_NOTICE}</p>
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={COLUMN_RULES.members_first_name_length.maxLength}
          {...form.field('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={COLUMN_RULES.members_last_name_length.maxLength}
          {...form.field('lastName')}
        />
      </FormFrame>
    </Section>
  );
}
