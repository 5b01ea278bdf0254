import { Button } from '@campuscare/shared';
import { WaitingList } from '@campuscare/shared/appointments';
import { useStartVisit } from '../../components/clinical/useVisitStart';

/** The doctor's own students checked in today, in arrival order; Start opens the visit of the one called in. */
export function WaitingRoom({ providerId, zone }: { readonly providerId: string; readonly zone: string }) {
  const startVisit = useStartVisit();
  return (
    <WaitingList
      zone={zone}
      providerId={providerId}
      actions={(visit) => (
        <Button
          aria-label={`Start the visit of ${visit.name}`}
          disabled={startVisit.isPending}
          onClick={() => startVisit.mutate(visit.id)}
        >
          Start
        </Button>
      )}
    />
  );
}
