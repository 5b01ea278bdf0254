import { Button } from '../ui/Button';
import { EmptyState } from '../ui/Page';

export const NO_PROGRAMS_MESSAGE = "You haven't created any program yet";

export function ProgramsEmptyState({ onCreate }: { readonly onCreate?: () => void }) {
  return <EmptyState title={NO_PROGRAMS_MESSAGE}>{onCreate && <Button onClick={onCreate}>Create a program</Button>}</EmptyState>;
}
