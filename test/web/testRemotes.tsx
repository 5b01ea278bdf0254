import type { ComponentType } from 'react';
import { type Area, routesOfArea } from '@campuscare/shared';

/** What a remote's `./Routes` module looks like to the shell: one page per contract path of its area. */
export function testRoutesModule(area: Area): { default: Record<string, ComponentType> } {
  const pages: Record<string, ComponentType> = {};
  for (const route of routesOfArea(area)) {
    pages[route.path] = function TestPage() {
      return <h1>{`${area} page ${route.path}`}</h1>;
    };
  }
  return { default: pages };
}
