import { Button, EmptyState } from '@campuscare/shared';

export const NO_PROGRAMS_MESSAGE = "You haven't created any program yet";

export function ProgramsEmptyState({ onCreate }: { readonly onCreate?: () => void }) {
  return (
    <EmptyState title={NO_PROGRAMS_MESSAGE}>
      {onCreate && <Button onClick={onCreate}>Create a program</Button>}
    </EmptyState>
  );
}
