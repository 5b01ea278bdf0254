// Webpack configuration shared by the shell and the four remotes, so the Module Federation
// contract (share scope, singletons, runtime placement) is written down once.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const GATEWAY_URL = process.env.CAMPUSCARE_GATEWAY_URL || 'http://localhost:8080';

/**
 * The default 'version-first' fetches every registered remote's entry before resolving any shared module,
 * so one unreachable remote would break e.g. the lazy supabase-js import everywhere. The shell provides
 * every singleton, so the already-loaded copy is the right one anyway.
 */
const SHARE_STRATEGY = 'loaded-first';

const BUILD_STAMP_FILE = '.build-stamp.json';

/** Records when a successful build started, so `build-apps --if-stale` can tell whether sources changed since. */
class BuildStampPlugin {
  constructor(mode) {
    this.mode = mode;
  }

  apply(compiler) {
    let startedAt = Date.now();
    const markStart = () => {
      startedAt = Date.now();
    };
    compiler.hooks.run.tap('BuildStampPlugin', markStart);
    compiler.hooks.watchRun.tap('BuildStampPlugin', markStart);
    // Through webpack's output file system: `webpack serve` keeps its output (and so its stamp) in memory.
    compiler.hooks.afterEmit.tapAsync('BuildStampPlugin', (compilation, done) => {
      if (compilation.errors.length > 0) return done();
      const stamp = `${JSON.stringify({ startedAt, mode: this.mode })}\n`;
      return compiler.outputFileSystem.writeFile(path.join(compiler.outputPath, BUILD_STAMP_FILE), stamp, (error) =>
        done(error || undefined),
      );
    });
  }
}

/**
 * What is one copy in a browser: every app shares these as singletons, because each holds state all areas use. React
 * and react-dom (`react/` and `react-dom/` cover jsx-runtime and react-dom/client), react-toastify's container
 * registry, supabase-js, TanStack Query's one cache, and the core of `@campuscare/shared` (the one Supabase client and
 * session, the profile context, the router, the query client). The router is not here: apps reach it through the core
 * (see shared/src/routes/router.ts), one copy trimmed to use.
 *
 * The feature parts of the shared package (`@campuscare/shared/appointments`, `/scheduling`, …) are deliberately not
 * shared: each remote bundles the copy it was built with, tree-shaken and split into its pages' chunks, so an area
 * redeployed alone runs the parts it was tested with, whatever copy another area loaded first (e2e/version-skew.e2e.ts).
 * As singletons, the first area to load a part served every area; shared without `singleton`, every build of a part
 * has the package's one version, so the runtime would still hand out whichever copy came first. The parts hold no
 * state of their own (lint: no module variables or contexts in them); they reach the core by its package name, so
 * webpack consumes it from the share scope instead of bundling it.
 *
 * The host states no required versions: its copies are the share scope's at start-up (it registers first, and
 * 'loaded-first' keeps them), so checking them against its own ranges could never warn, yet the federation runtime's
 * semver compiles its regular expressions afresh for every check (~30 ms of the shell's start on a slow phone). The
 * remotes keep their ranges: theirs are the checks that can fail, against the versions the shell provides.
 */
function sharedSingletons(appPackage, { isHost }) {
  const dependencies = appPackage.dependencies;
  const singleton = (version) => ({ singleton: true, requiredVersion: isHost ? false : `^${version}` });
  return {
    react: singleton(dependencies.react),
    'react/': singleton(dependencies.react),
    'react-dom': singleton(dependencies['react-dom']),
    'react-dom/': singleton(dependencies['react-dom']),
    'react-toastify': singleton(dependencies['react-toastify']),
    '@supabase/supabase-js': singleton(dependencies['@supabase/supabase-js']),
    // One query cache for the whole product: a change made in one remote refreshes what another shows.
    '@tanstack/react-query': singleton(dependencies['@tanstack/react-query']),
    // Exactly the core: a trailing-slash entry would make the feature parts singletons too (see above).
    '@campuscare/shared': singleton(dependencies['@campuscare/shared']),
  };
}

const REPO_ROOT = path.resolve(__dirname, '..');
/** What the browser builds load for @supabase/realtime-js (see the file). */
const REALTIME_STAND_IN = path.join(REPO_ROOT, 'shared', 'src', 'supabase', 'realtimeDisabled.ts');

/**
 * CSS Modules with the app's class prefix. Class names are hashed from the file's path under the repository root, so
 * any build of a file names its classes alike: the prerendered pages (build/prerender) rely on it.
 */
function cssModuleRule(classPrefix) {
  return {
    test: /\.module\.css$/,
    use: [
      MiniCssExtractPlugin.loader,
      {
        loader: 'css-loader',
        options: {
          modules: {
            namedExport: false,
            exportLocalsConvention: 'as-is',
            localIdentName: `${classPrefix}_[local]_[hash:base64:5]`,
            localIdentContext: REPO_ROOT,
          },
        },
      },
    ],
  };
}

const GLOBAL_CSS_RULE = { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] };

const SCRIPT_RULE = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'esbuild-loader',
  options: { target: 'es2020', jsx: 'automatic' },
};

/**
 * @param {object} app
 * @param {string} app.dir           the app's folder
 * @param {string} app.name          federation name and webpack uniqueName
 * @param {string} app.classPrefix   prefix of generated CSS class names
 * @param {number} app.devPort       port of `webpack serve`
 * @param {Record<string,string>} [app.exposes]  set for remotes
 */
function createAppConfig(app) {
  const appPackage = require(path.join(app.dir, 'package.json'));
  const isHost = !app.exposes;

  return (_env, argv) => {
    const production = (argv.mode || 'production') === 'production';
    // A remote's own entry only exists to run it standalone in development.
    const hasOwnEntry = isHost || !production;

    const federation = isHost
      ? {
          name: app.name,
          remotes: {},
          shared: sharedSingletons(appPackage, { isHost }),
          shareStrategy: SHARE_STRATEGY,
          dts: false,
          manifest: false,
          experiments: { provideExternalRuntime: true },
        }
      : {
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes,
          shared: sharedSingletons(appPackage, { isHost }),
          shareStrategy: SHARE_STRATEGY,
          dts: false,
          manifest: true,
          // The shell ships the federation runtime once; a standalone development build brings its own.
          experiments: { externalRuntime: production },
        };

    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: hasOwnEntry
        ? { main: { import: './src/index.ts', filename: production ? '[name].[fullhash:8].js' : '[name].js' } }
        : {},
      output: {
        path: path.join(app.dir, 'dist'),
        publicPath: 'auto',
        uniqueName: app.name,
        // The federation runtime resolves this pattern without a chunk, where no hash exists; the entry sets its own.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        alias: { '@supabase/realtime-js$': REALTIME_STAND_IN },
      },
      module: {
        rules: [
          {
            // The federation runtime reaches its core both by `import` (bundler runtime) and by `require` (the plugin
            // that hands the core to the remotes): one resolution for both keeps one copy (~24 KB gz) instead of two.
            test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
            resolve: {
              byDependency: { commonjs: { conditionNames: ['import', 'module', 'webpack', 'browser', '...'] } },
            },
          },
          SCRIPT_RULE,
          cssModuleRule(app.classPrefix),
          GLOBAL_CSS_RULE,
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federation),
        // CSS as files, fetched in parallel with the chunk that needs it, instead of strings that JavaScript injects.
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new BuildStampPlugin(production ? 'production' : 'development'),
        ...(hasOwnEntry
          ? [new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title: 'CampusCare' })]
          : []),
      ],
      optimization: {
        splitChunks: {
          cacheGroups: {
            // Webpack's vendor group, plus the stand-in for realtime-js: it rides in supabase-js's chunk instead of
            // costing a request of its own.
            defaultVendors: {
              test: (module) =>
                /[\\/]node_modules[\\/]/.test(module.resource ?? '') || module.resource === REALTIME_STAND_IN,
              priority: -10,
              reuseExistingChunk: true,
            },
            // React, react-dom and their entry points (jsx-runtime, react-dom/client) are shared one by one, each its
            // own chunk, yet always needed together: one request instead of four on every first load.
            react: {
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              name: 'react',
              chunks: 'all',
              enforce: true,
              priority: 10,
            },
          },
        },
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      performance: { hints: false },
      stats: 'errors-warnings',
      watchOptions: { ignored: /node_modules|dist/ },
      devServer: {
        port: app.devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/config.json', '/auth', '/rest', '/storage', '/mfe'], target: GATEWAY_URL }],
      },
    };
  };
}

module.exports = {
  createAppConfig,
  sharedSingletons,
  cssModuleRule,
  GLOBAL_CSS_RULE,
  SCRIPT_RULE,
  BUILD_STAMP_FILE,
  REPO_ROOT,
};
