import { BrowserRouter, CampusCareToasts, UserProfileProvider } from '@campuscare/shared';
import type { AreaLoader } from '../remotes/areaLoader';
import { AreaLoaderContext } from '../remotes/AreaLoaderContext';
import { AppRoutes } from '../routing/AppRoutes';
import { IdleLogoff } from '../session/IdleLogoff';
import { SkipLink } from './SkipLink';

interface AppProps {
  readonly areaLoader: AreaLoader;
}

export function App({ areaLoader }: AppProps) {
  return (
    <BrowserRouter>
      <RoutedApp areaLoader={areaLoader} />
    </BrowserRouter>
  );
}

/** Everything inside the router: the build renders this with a static router to prerender public pages. */
export function RoutedApp({ areaLoader }: AppProps) {
  return (
    <UserProfileProvider>
      <SkipLink />
      <AreaLoaderContext.Provider value={areaLoader}>
        <AppRoutes />
      </AreaLoaderContext.Provider>
      <IdleLogoff />
      <CampusCareToasts />
    </UserProfileProvider>
  );
}
