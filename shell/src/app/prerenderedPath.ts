/**
 * Set by the build on the root element of a page it rendered ahead (build/prerender): the path that page is of. The
 * shell hydrates the page only at that path, and renders afresh anywhere else; once the page is live the attribute
 * goes (prerendered.tsx). Its own module, without React, so the build and the browser tests read it too.
 */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';
