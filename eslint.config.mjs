import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES = ['survey', 'dashboard', 'journey', 'billing'];

// Dependency direction (docs/CONVENTIONS item 4): remotes -> packages, shell -> packages,
// packages never import shell or a remote, remotes never import each other.
const remoteRules = REMOTES.map((remote) => {
  const others = REMOTES.filter((r) => r !== remote);
  return {
    files: [`mfe-${remote}/**/*.{ts,tsx}`],
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
          patterns: [
            {
              group: [
                ...others.flatMap((o) => [`**/mfe-${o}/**`, `@toolkit/mfe-${o}`, `@toolkit/mfe-${o}/**`]),
                '**/shell/**',
                '@toolkit/shell',
              ],
              message: 'Remotes never import each other or the shell; share through packages/.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/@mf-types/**',
      'test-results/**',
      'playwright-report/**',
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
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch'],
              message: 'Use the typed hooks (useAppSelector, useAppDispatch).',
            },
          ],
          patterns: [
            {
              group: ['**/shell/**', '**/mfe-*/**', '@toolkit/shell', '@toolkit/mfe-*'],
              message: 'packages/ never import the shell or a remote.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
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
          patterns: [
            {
              group: ['**/mfe-*/**', '@toolkit/mfe-*'],
              message: 'The shell knows remotes only by name and manifest URL.',
            },
          ],
        },
      ],
    },
  },
  ...remoteRules,
);
