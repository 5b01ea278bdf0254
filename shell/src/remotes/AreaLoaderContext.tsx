import { createContext, useContext } from 'react';
import type { AreaLoader } from './areaLoader';

export const AreaLoaderContext = createContext<AreaLoader | null>(null);

export function useAreaLoader(): AreaLoader {
  const loader = useContext(AreaLoaderContext);
  if (!loader) throw new Error('useAreaLoader() needs an <AreaLoaderContext.Provider> above it');
  return loader;
}
