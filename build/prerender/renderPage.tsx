// Built for Node by build/prerender/prerender.js: the shell's app around the landing area's pages, at a given path.
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import landingRoutes from '../../mfe-landing/src/routes';
import { RoutedApp } from '../../shell/src/app/App';
import type { AreaLoader, PageComponents } from '../../shell/src/remotes/areaLoader';

export { PRERENDERED_PATH_ATTRIBUTE } from '../../shell/src/app/prerenderedPath';

const landingPages: PageComponents = landingRoutes;

/** The landing area as already loaded, which is how the shell holds it when it hydrates a prerendered page. */
const areaLoader: AreaLoader = {
  load: async () => landingPages,
  peek: (area) => (area === 'landing' ? landingPages : undefined),
  reset: () => undefined,
};

/** The HTML inside the root element at `path`, with every lazy page resolved (as the browser's first render has it). */
export function renderPage(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let renderError: unknown;
    const stream = renderToPipeableStream(
      <StrictMode>
        <StaticRouter location={path}>
          <RoutedApp areaLoader={areaLoader} />
        </StaticRouter>
      </StrictMode>,
      {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => (renderError ? reject(renderError) : resolve(Buffer.concat(chunks).toString('utf8'))));
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          renderError = error;
        },
      },
    );
  });
}
