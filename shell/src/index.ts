import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createYieldPlugin } from './remotes/yieldPlugin';

registerPlugins([createYieldPlugin()]);
// The async boundary lets Module Federation settle the shared singletons before any of them runs. It starts in a task
// after this entry's, which is long enough already (the federation runtime's evaluation).
setTimeout(() => void import('./bootstrap'), 0);
