import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lets each shared module (react, react-dom, the shared package, …) start loading in a task of its own. The federation
 * runtime starts them all at once, and resolving a share and adding its script tags took one task of ~100–150 ms on a
 * slow phone (Lighthouse, 4× CPU): input waited for all of it, though a prerendered page is already on screen.
 */
export function createYieldPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'campuscare-yield-per-share',
    async beforeLoadShare(args) {
      await nextTask();
      return args;
    },
  };
}
