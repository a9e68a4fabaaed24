import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const REMOTES = ['survey', 'dashboard', 'journey', 'billing'];

/** Packages are imported through their exports maps (docs/architecture.md), never their insides. */
const DEEP_IMPORT = {
  group: ['@toolkit/*/src', '@toolkit/*/src/**', '@toolkit/*/dist/**'],
  message: "Import the package's entry (its exports map), never its src/ or dist/.",
};

/** The same ban for what no-restricted-imports does not see: require() and import() calls. */
const DEEP_PATH = String.raw`/^@toolkit\u002F[^\u002F]+\u002F(src|dist)(\u002F|$)/`;
const DEEP_CALLS = [
  `CallExpression[callee.name='require'][arguments.0.value=${DEEP_PATH}]`,
  `ImportExpression[source.value=${DEEP_PATH}]`,
].map((selector) => ({ selector, message: DEEP_IMPORT.message }));

/** Tests and their helpers: the only code that may import a package's `./testing` entry. */
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/testing/**', '**/testing.{ts,tsx}'];

/**
 * Dependency direction (docs/architecture.md, Layers and import rules) for one area, plus the ban on the untyped
 * react-redux hooks, which the typed ones in @toolkit/store-contract replace. Outside tests, the
 * `./testing` entries are banned too, so test helpers never reach a production bundle.
 */
function boundary(files, forbidden, message) {
  const rules = (patterns) => ({
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'react-redux',
            importNames: ['useSelector', 'useDispatch'],
            message: 'Use the typed hooks from @toolkit/store-contract.',
          },
        ],
        patterns: [{ group: forbidden, message }, DEEP_IMPORT, ...patterns],
      },
    ],
  });
  return [
    { files, rules: rules([]) },
    {
      files,
      ignores: TEST_CODE,
      rules: rules([{ group: ['@toolkit/*/testing'], message: 'Test helpers are for tests only.' }]),
    },
  ];
}

/** Where an app's file sits: `{ feature }` under features/<feature>/, `{ feature: null }` under shared/. */
function layerOf(file) {
  const match = /\/(shell|mfe-[a-z]+)\/src\/(?:features\/([^/]+)|shared)\//.exec(
    file.split(path.sep).join('/'),
  );
  return match && { app: match[1], feature: match[2] ?? null };
}

const toolkitRules = {
  'feature-boundaries': {
    meta: {
      type: 'problem',
      schema: [],
      messages: {
        otherFeature: 'Features do not import each other; move what both use to shared/.',
        feature: 'shared/ does not import features.',
      },
    },
    create(context) {
      const from = layerOf(context.filename);
      if (!from) return {};
      const check = ({ source }) => {
        if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
        // The trailing slash lets an import of a folder itself count as inside it.
        const to = layerOf(`${path.resolve(path.dirname(context.filename), source.value)}/`);
        if (!to || to.app !== from.app || to.feature === null || to.feature === from.feature) return;
        context.report({ node: source, messageId: from.feature ? 'otherFeature' : 'feature' });
      };
      return {
        ImportDeclaration: check,
        ImportExpression: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
      };
    },
  },
  'kebab-case-files': {
    meta: {
      type: 'suggestion',
      schema: [],
      messages: { name: '"{{name}}": folders and files are kebab-case (docs/decisions.md).' },
    },
    create(context) {
      const segments = path.relative(context.cwd, context.filename).split(path.sep);
      const name = segments.find(
        (segment) =>
          segment !== '..' && !segment.split('.').every((part) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part)),
      );
      return name ? { Program: (node) => context.report({ node, messageId: 'name', data: { name } }) } : {};
    },
  },
};

const remoteBoundaries = REMOTES.flatMap((remote) =>
  boundary(
    [`mfe-${remote}/**/*.{ts,tsx}`],
    [
      ...REMOTES.filter((other) => other !== remote).flatMap((other) => [
        `**/mfe-${other}/**`,
        `@toolkit/mfe-${other}`,
        `@toolkit/mfe-${other}/**`,
      ]),
      '**/shell/**',
      '@toolkit/shell',
    ],
    'Remotes never import each other or the shell; share through packages/.',
  ),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/functions/deploy/**',
      // The bench's built peer pages (e2e/bench/peers/build.ts).
      '.bench/**',
      '**/.data/**',
      '**/@mf-types/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, toolkit: { rules: toolkitRules } },
    rules: {
      'toolkit/kebab-case-files': 'error',
      // The classic hook rules; the React Compiler rules of v7 assume the compiler, which we do not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{js,cjs,mjs}', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT] }] },
  },
  {
    files: ['**/*.{js,cjs,mjs,ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...DEEP_CALLS] },
  },
  ...boundary(
    ['packages/**/*.{ts,tsx}'],
    ['**/shell/**', '**/mfe-*/**', '@toolkit/shell', '@toolkit/mfe-*'],
    'packages/ never import the shell or a remote.',
  ),
  ...boundary(
    ['shell/**/*.{ts,tsx}'],
    ['**/mfe-*/**', '@toolkit/mfe-*'],
    'The shell knows remotes only by name and manifest URL.',
  ),
  ...remoteBoundaries,
  {
    files: ['{shell,mfe-*}/src/**/*.{ts,tsx}'],
    rules: { 'toolkit/feature-boundaries': 'error' },
  },
);
