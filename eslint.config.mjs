import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES = ['survey', 'dashboard', 'journey', 'billing'];

/**
 * Dependency direction (CONVENTIONS.md item 4) for one area, plus the ban on the untyped
 * react-redux hooks, which the typed ones in @toolkit/store-contract replace.
 */
function boundary(files, forbidden, message) {
  return {
    files,
    rules: {
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
          patterns: [{ group: forbidden, message }],
        },
      ],
    },
  };
}

const remoteBoundaries = REMOTES.map((remote) =>
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
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
  boundary(
    ['packages/**/*.{ts,tsx}'],
    ['**/shell/**', '**/mfe-*/**', '@toolkit/shell', '@toolkit/mfe-*'],
    'packages/ never import the shell or a remote.',
  ),
  boundary(
    ['shell/**/*.{ts,tsx}'],
    ['**/mfe-*/**', '@toolkit/mfe-*'],
    'The shell knows remotes only by name and manifest URL.',
  ),
  ...remoteBoundaries,
);
