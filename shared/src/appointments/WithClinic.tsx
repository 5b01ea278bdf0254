import type { ReactNode } from 'react';
import { QueryView } from '@campuscare/shared';
import { type Clinic, useClinic } from '@campuscare/shared/scheduling';

/** Renders `children` once the clinic is loaded; loading and a readable error with "Try again" until then. */
export function WithClinic({
  children,
  loadingLabel,
}: {
  readonly children: (clinic: Clinic) => ReactNode;
  readonly loadingLabel?: string;
}) {
  return (
    <QueryView query={useClinic()} loadingLabel={loadingLabel}>
      {children}
    </QueryView>
  );
}
