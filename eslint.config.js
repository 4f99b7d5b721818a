import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layers } from './scripts/eslint-layers.js';

// Who may do what is decided in contract/permissions.ts only: elsewhere a user's class is never compared.
const classComparison = {
  selector:
    "BinaryExpression[operator=/^[!=]==$/] > :matches(Literal[value='SP'], Literal[value='CP'], MemberExpression[object.name='USER_CLASS'])",
  message:
    "Ask can(user, capability) or a predicate of contract/permissions.ts instead of comparing a user's class.",
};
const permissionsModule = 'packages/contract/src/permissions.ts';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local: { rules: { layers } } },
    rules: {
      'local/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles fail: they make load order matter and hide a missing layer.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e', 'bench'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/server/**', permissionsModule],
    rules: { 'no-restricted-syntax': ['error', classComparison] },
  },
  {
    // The server refuses by reason code (contract/reasons.ts); the HTTP platform gives the status and text.
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tsunagu/contract',
              importNames: ['ApiError'],
              message: 'The server throws a Refusal (kind + reason code) or invalidInput(finding).',
            },
          ],
        },
      ],
      // Inside a transaction every statement goes through its `tx`: one on `db` waits for a second
      // connection, and PGlite (npm start's database) has one, so the request hangs with the
      // transaction open (録音停止 did, issue 20).
      'no-restricted-syntax': [
        'error',
        ...['auditedTransaction', 'commitChange', 'transaction'].map((name) => ({
          selector: `CallExpression:matches([callee.name='${name}'], [callee.property.name='${name}']) > :function Identifier[name='db']`,
          message: `A statement inside ${name}(…) must use the transaction, not db.`,
        })),
        classComparison,
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The contract's root re-exports every module (the holiday data too) into whichever chunk imports it:
      // the web imports the module it needs, so the /login bundle carries only what the login uses.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@tsunagu/contract', message: "Import the module, e.g. '@tsunagu/contract/call'." },
          ],
        },
      ],
    },
  },
);
