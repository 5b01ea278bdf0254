// @ts-check
// One lint for the repository (`npm run lint`, part of `npm test`). Syntax-only typescript-eslint (no type
// information) keeps it fast on two cores; `tsc` already checks the types.
const fs = require('node:fs');
const path = require('node:path');
const { defineConfig } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const { importX, createNodeResolver } = require('eslint-plugin-import-x');
const globals = require('globals');

const REMOTES = ['mfe-landing', 'mfe-admin', 'mfe-doctor', 'mfe-student'];
const APPS = ['shell', ...REMOTES];
const FRONTEND_SOURCES = ['shared/src', ...APPS.map((app) => `${app}/src`)];
/**
 * The web tests' harness (jest setup, fixtures, fake Supabase, test data several packages share): tests of every
 * frontend package use it, product code never. What only one package's tests use lives in that package's src/test.
 */
const WEB_TEST_HARNESS = 'test/web';
const FRONTEND_CODE = [...FRONTEND_SOURCES, WEB_TEST_HARNESS];
const FRONTEND_TESTS = [
  ...FRONTEND_SOURCES.flatMap((dir) => [`${dir}/**/*.test.{ts,tsx}`, `${dir}/test/**/*.{ts,tsx}`]),
  `${WEB_TEST_HARNESS}/**/*.{ts,tsx}`,
];
/** The entries of @campuscare/shared: its core and its feature parts (shared/package.json's exports). */
const SHARED_PARTS = ['appointments', 'programs', 'scheduling', 'account', 'health', 'clinical'];
const SHARED_ENTRIES = ['./src/index.ts', ...SHARED_PARTS.map((part) => `./src/${part}/index.ts`)];
const FRONTEND_IMPORT_PATTERNS = [
  {
    group: ['@campuscare/shared/*', ...SHARED_PARTS.map((part) => `!@campuscare/shared/${part}`)],
    message: 'Import @campuscare/shared or one of its parts, not a file inside it.',
  },
  // Through the shared package the router is one copy trimmed to what is used (shared/src/routes/router.ts).
  { group: ['react-router', 'react-router-dom'], message: 'Import the router from @campuscare/shared.' },
];

const PART_STATE_MESSAGE =
  'Every area carries its own copy of a feature part of @campuscare/shared: state all areas share (a module variable, a React context) belongs in its core.';

/** Every folder of shared/src that is not a part: the core, which every app loads with its first page. */
function sharedCoreFolders() {
  return fs
    .readdirSync(path.join(__dirname, 'shared/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SHARED_PARTS.includes(entry.name))
    .map((entry) => entry.name);
}
const IMPORT_RESOLVER = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  // The files import-x reads to follow imports (import-x/no-cycle), and the parser it reads them with.
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

/** The feature folders of an app, read from disk so a new feature is covered without touching this file. */
function featuresOf(app) {
  const dir = path.join(__dirname, app, 'src/features');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
}

/**
 * The one module that turns dates, times and numbers into text: every time shown is the clinic's (never the browser's
 * zone), in one date and one date-time format. Nothing else in the frontend calls a locale formatter.
 */
const FORMATTING_MODULE = 'shared/src/scheduling/zonedTime.ts';
const FORMATTING_MESSAGE =
  "Format dates, times and numbers with @campuscare/shared/scheduling (formatDay, formatDateTime, formatInZone, timeInZone, formatCount, formatDecimal): times are the clinic's, in the product's one format.";
const LOCALE_FORMATTERS = [
  ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString'].map((property) => ({
    property,
    message: FORMATTING_MESSAGE,
  })),
  ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat'].map((property) => ({
    object: 'Intl',
    property,
    message: FORMATTING_MESSAGE,
  })),
];

/** The folders of shared/src that know the session, the API or its cache: the UI kit (shared/src/ui) imports none of them. */
const SESSION_AWARE = ['auth', 'profile', 'supabase', 'data', 'images', 'university'];

/**
 * Who may import whom. Inside an app: app (routes, bootstrap, index) → features → components → shared, and no feature
 * reaches into another: what several features of one app use lives in its src/components, what two apps use in
 * @campuscare/shared. Between packages: each app sees only `@campuscare/shared`'s entry point, never another app's source, and
 * the server sees none of the apps. Only tests use the web test harness (test/web), and they may reach into shared's
 * internals.
 */
const zonesFor = ({ tests }) => [
  ...APPS.flatMap((app) => [
    ...APPS.filter((other) => other !== app).map((other) => ({
      target: `./${app}/src`,
      from: `./${other}`,
      message:
        'Apps do not import each other’s source: share it through @campuscare/shared or load it through Module Federation.',
    })),
    ...(tests
      ? []
      : [
          {
            target: `./${app}/src`,
            from: './shared',
            except: SHARED_ENTRIES,
            message: 'Import @campuscare/shared or one of its parts, not a file inside it.',
          },
        ]),
    {
      target: `./${app}/src/features`,
      from: [`./${app}/src/routes`, `./${app}/src/bootstrap.ts`, `./${app}/src/bootstrap.tsx`, `./${app}/src/index.ts`],
      message: 'Features do not import the app around them: routes import features, not the other way round.',
    },
    {
      target: `./${app}/src/components`,
      from: [
        `./${app}/src/features`,
        `./${app}/src/routes`,
        `./${app}/src/bootstrap.ts`,
        `./${app}/src/bootstrap.tsx`,
        `./${app}/src/index.ts`,
      ],
      message: 'Components serve the app’s features: they import neither a feature nor the app around them.',
    },
    ...featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message:
        'Features do not import each other: move what both need into the app’s src/components (or @campuscare/shared when two apps need it).',
    })),
  ]),
  ...APPS.map((app) => ({
    target: './shared/src',
    from: `./${app}`,
    message: 'The shared package does not depend on an app.',
  })),
  { target: './shared/src', from: './server', message: 'The shared package does not depend on the server.' },
  {
    target: './shared/src/ui',
    from: [
      ...SESSION_AWARE.map((folder) => `./shared/src/${folder}`),
      './node_modules/@supabase',
      './node_modules/@tanstack',
    ],
    message:
      'The UI kit knows no session: what needs the signed-in member, the API or its cache lives beside them (e.g. shared/src/auth), and passes the UI kit plain props.',
  },
  ...(tests
    ? []
    : [
        {
          target: sharedCoreFolders().map((folder) => `./shared/src/${folder}`),
          from: SHARED_PARTS.map((part) => `./shared/src/${part}`),
          message: 'The core of @campuscare/shared does not depend on its parts: every page loads the core.',
        },
      ]),
  ...(tests
    ? []
    : [
        {
          target: FRONTEND_SOURCES.map((dir) => `./${dir}`),
          from: [`./${WEB_TEST_HARNESS}`, ...FRONTEND_SOURCES.map((dir) => `./${dir}/test`)],
          message:
            'Product code does not import the test harness or test data (test/web, src/test): only tests do, so none of it reaches a bundle.',
        },
      ]),
  {
    target: './server/src',
    from: APPS.map((app) => `./${app}`),
    message: 'The server does not import the apps.',
  },
];

module.exports = defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'bench/results/**',
      'e2e/artifacts/**',
      '.data/**',
      '.bench-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Unused names are tsc's job (noUnusedLocals/noUnusedParameters), which also knows about `_`-prefixed ones.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/**/*.ts', 'supabase/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'build/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: FRONTEND_CODE.map((dir) => `${dir}/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // Only the rules of hooks: the React Compiler rules of eslint-plugin-react-hooks 7 judge code for a compiler
    // this project does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: FRONTEND_CODE.map((dir) => `${dir}/**/*.tsx`),
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: FRONTEND_CODE.map((dir) => `${dir}/**/*.{ts,tsx}`),
    ignores: [FORMATTING_MODULE],
    rules: { 'no-restricted-properties': ['error', ...LOCALE_FORMATTERS] },
  },
  {
    files: [...FRONTEND_CODE, 'server/src'].map((dir) => `${dir}/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: IMPORT_RESOLVER,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: zonesFor({ tests: false }) }],
      // A cycle makes a module's imports undefined while it first runs, depending on which file loads first. Other
      // packages are skipped (ignoreExternal): they are never imported back, since the zones above forbid it, and not
      // walking them keeps the lint fast. Type-only imports are not followed (the rule's own choice): tsc erases them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: FRONTEND_IMPORT_PATTERNS }],
    },
  },
  {
    files: SHARED_PARTS.map((part) => `shared/src/${part}/**/*.{ts,tsx}`),
    ignores: FRONTEND_TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...FRONTEND_IMPORT_PATTERNS,
            {
              group: ['../*'],
              message:
                'A part of @campuscare/shared reaches the core and the other parts by package name: a relative path would bundle a private copy of the core, and of its state, into the area.',
            },
          ],
        },
      ],
      // Each area bundles its own copy of a part (build/webpack-config.js), so state in one is not the other areas'.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message: PART_STATE_MESSAGE,
        },
        {
          selector: "CallExpression[callee.name='createContext'], CallExpression[callee.property.name='createContext']",
          message: PART_STATE_MESSAGE,
        },
      ],
    },
  },
  {
    files: FRONTEND_TESTS,
    plugins: { 'import-x': importX },
    settings: IMPORT_RESOLVER,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: zonesFor({ tests: true }) }],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['shared/src/routes/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [...FRONTEND_TESTS, 'server/test/**/*.ts', 'e2e/**/*.ts', 'supabase/tests/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
