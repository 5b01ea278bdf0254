// The async boundary lets Module Federation settle the shared singletons before any of them runs. It starts in a task
// of its own: evaluating this entry (the federation runtime) and loading the shared modules are each long enough to
// block input on a slow phone, and a prerendered page is already on screen, so nothing waits for the gap between them.
setTimeout(() => void import('./bootstrap'), 0);
