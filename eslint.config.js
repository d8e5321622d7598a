import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // A `using` declaration is held for its disposal at the end of its scope.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreUsingDeclarations: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way flow: shared → features → app; a feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/console/src/shared',
              from: ['./apps/console/src/features', './apps/console/src/app'],
            },
            { target: './apps/console/src/features', from: './apps/console/src/app' },
            ...[
              'home',
              'monitoring',
              'load-balancer',
              'transactions',
              'vouchers',
              'finance',
              'config-maps',
              'admin',
              'auth',
              'password',
            ].map((area) => ({
              target: `./apps/console/src/features/${area}`,
              from: './apps/console/src/features',
              except: [`./${area}`],
            })),
          ],
        },
      ],
    },
  },
  { files: ['apps/console/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Node's types are visible to the console's compiler: a stray `process` type-checks but fails in the browser.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'The console runs in the browser: there is no process there.' },
      ],
    },
  },
  {
    // Frameworks that want a default export.
    files: [
      '**/*.config.{ts,js,mjs}',
      '**/vitest.config.ts',
      '**/vite.config.ts',
      'e2e/playwright.config.ts',
    ],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
