// Renders the public pages a visitor usually opens first (the landing page, the sign-in pages) into HTML at build
// time, so they paint before any script has run; the shell then hydrates them (shell/src/bootstrap.tsx). The roles'
// dashboards, the pages members open every day, are rendered as the frame the shell shows while it checks the session
// (the role's layout and the page's heading): their largest paint is in the HTML too, and the page follows.
// Input: the production builds of the shell and the landing area. Output in shell/dist/prerendered/: one HTML file a
// page (the shell's index.html with the page inside its root element and its CSS in the head) and pages.json, which
// the gateway reads to serve each page at its path.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { cssModuleRule, GLOBAL_CSS_RULE, REPO_ROOT, SCRIPT_RULE } = require('../webpack-config');

const PRERENDERED_PATHS = ['/', '/signin', '/adminsignin', '/dashboardd', '/dashboarrd', '/studentdashboard'];
const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');
const OUTPUT_DIR = path.join(SHELL_DIST, 'prerendered');
const PAGES_FILE = 'pages.json';

/** Packages stay Node's to load; the apps' own sources (and @campuscare/shared, which is source) are bundled. */
function nodeModulesExternal({ request }, callback) {
  const isPackage = /^[@a-z]/.test(request) && !request.startsWith('@campuscare/');
  return isPackage ? callback(null, `commonjs ${request}`) : callback();
}

function rendererConfig(outputDir) {
  return {
    mode: 'production',
    target: 'node',
    context: REPO_ROOT,
    entry: path.join(__dirname, 'renderPage.tsx'),
    output: { path: outputDir, filename: 'renderPage.js', library: { type: 'commonjs2' } },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    externals: [nodeModulesExternal],
    module: {
      rules: [
        SCRIPT_RULE,
        // Class names as the browser builds name them: the landing area's own, and the shell's for everything the shell
        // provides at run time (itself and the shared package).
        {
          oneOf: [
            { ...cssModuleRule('landing'), include: path.join(REPO_ROOT, 'mfe-landing') },
            cssModuleRule('shell'),
          ],
        },
        GLOBAL_CSS_RULE,
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: 'page.css' }),
      // One file: the lazy pages are rendered in the same pass, and their CSS goes into the one style sheet.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    devtool: false,
    stats: 'errors-warnings',
  };
}

function compile(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      return resolve(stats);
    });
  });
}

function pageFileName(pagePath) {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

/**
 * Before the page hydrates, the browser itself would submit a form on Enter: with a GET to the page's own URL, so a
 * password would end up in the address. A prerendered form must start with its submit button disabled (the sign-in
 * forms do until their fields are valid).
 */
function assertNoSubmittableForm(pagePath, markup) {
  const enabledSubmit = (markup.match(/<button[^>]*type="submit"[^>]*>/g) ?? []).find(
    (button) => !/\sdisabled=/.test(button),
  );
  if (enabledSubmit)
    throw new Error(
      `${pagePath} would be prerendered with a form the browser could submit before hydration: ${enabledSubmit}`,
    );
}

/**
 * The shell's own index.html, with the page's CSS in its head and the page inside the root element. The CSS is inline:
 * a linked style sheet would be one more round trip before the first paint, on every such page's first visit.
 */
function pageHtml(template, { pagePath, markup, css, pathAttribute }) {
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(template)) throw new Error('shell/dist/index.html has no empty root element to render into');
  if (css.includes('</')) throw new Error('the prerendered pages\' CSS cannot be inlined: it contains "</"');
  return template
    .replace('</head>', () => `<style>${css}</style></head>`)
    .replace(root, () => `<div id="root" ${pathAttribute}="${pagePath}">${markup}</div>`);
}

async function prerenderPages({ log = console.log } = {}) {
  const template = fs.readFileSync(path.join(SHELL_DIST, 'index.html'), 'utf8');
  // Inside the repository, so the renderer's `require`s find the packages in node_modules.
  const workDir = fs.mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.campuscare-prerender-'));
  try {
    await compile(rendererConfig(workDir));
    const cssFile = fs.readdirSync(workDir).find((file) => file.endsWith('.css'));
    if (!cssFile) throw new Error('the prerendered pages have no CSS');
    const css = fs.readFileSync(path.join(workDir, cssFile), 'utf8');
    const { renderPage, PRERENDERED_PATH_ATTRIBUTE } = require(path.join(workDir, 'renderPage.js'));

    fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    const pages = {};
    for (const pagePath of PRERENDERED_PATHS) {
      const file = pageFileName(pagePath);
      const markup = await renderPage(pagePath);
      assertNoSubmittableForm(pagePath, markup);
      fs.writeFileSync(
        path.join(OUTPUT_DIR, file),
        pageHtml(template, { pagePath, markup, css, pathAttribute: PRERENDERED_PATH_ATTRIBUTE }),
      );
      pages[pagePath] = file;
    }
    // Written last: the gateway serves prerendered pages only once all of them are there.
    fs.writeFileSync(path.join(OUTPUT_DIR, PAGES_FILE), `${JSON.stringify(pages, null, 2)}\n`);
    log(`[build] prerendered ${PRERENDERED_PATHS.join(', ')}`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

module.exports = { prerenderPages, PAGES_FILE };

if (require.main === module) {
  prerenderPages().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
