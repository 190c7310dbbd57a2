import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/cdk.out/**', '.data/**', '**/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message:
            "Use `import * as z from 'zod'`: esbuild cannot tree-shake the `z` binding, which pulls in every locale (~260 KB per Lambda).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The web calls the API through web/src/api/routes.ts, which the production build reduces to plain
    // data; the contract's own route objects would bring zod and every schema into the first visit.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@kehila/shared', '@kehila/shared/api/index'].map((name) => ({
            name,
            importNames: ['routes'],
            message: 'Import `routes` from web/src/api/routes.ts (zod stays out of the bundle).',
          })),
        },
      ],
    },
  },
);
