import { BrowserRouter, CampusCareToasts, UserProfileProvider } from '@campuscare/shared';
import type { AreaLoader } from '../remotes/areaLoader';
import { AreaLoaderContext } from '../remotes/AreaLoaderContext';
import { AppRoutes } from '../routing/AppRoutes';
import { IdleLogoff } from '../session/IdleLogoff';
import { SkipLink } from './SkipLink';

export function App({ areaLoader }: { readonly areaLoader: AreaLoader }) {
  return (
    <BrowserRouter>
      <UserProfileProvider>
        <SkipLink />
        <AreaLoaderContext.Provider value={areaLoader}>
          <AppRoutes />
        </AreaLoaderContext.Provider>
        <IdleLogoff />
        <CampusCareToasts />
      </UserProfileProvider>
    </BrowserRouter>
  );
}
