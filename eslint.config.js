// Lint: typescript-eslint with type information, React's hook rules, vitest's rules for tests; Prettier owns the layout.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import vitest from '@vitest/eslint-plugin'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'test-results/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    // leaving keys out of an object by naming them beside a rest: `const { label, ...props } = screen`
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  { files: ['src/admin/**/*.{ts,tsx}', 'tests/admin/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  {
    // a Fastify plugin is async by contract (FastifyPluginAsync) even when it only declares routes and hooks
    files: ['src/server/plugins/**/*.ts', 'src/server/routes/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  // layers of the server, each importing only the ones below it: contract < db < domain < plugins, routes, workers
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/admin/**'], message: 'The contract imports nothing of either half.' }] },
      ],
    },
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/domain', '**/domain/**', '**/plugins/**', '**/routes/**', '**/workers/**'],
              message: 'db/ never imports the layers above it; a migration keeps a frozen copy of what it needs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/**', '**/routes/**', '**/workers/**'],
              message: 'domain/ never imports plugins, routes or workers: it throws domain errors that plugins/errors.ts answers.',
            },
          ],
        },
      ],
    },
  },
  // the admin's features (a folder each) import common/ and providers/, never each other: what two features share
  // lives in common/; the layout (the app's frame and menu) and App.tsx put the features together
  ...[1, 2, 3].map((depth) => ({
    files: [`src/admin/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ['src/admin/common/**', 'src/admin/providers/**', 'src/admin/layout/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!(common|providers)(/|$))[A-Za-z][^/]*(/|$)`,
              message: 'An admin feature imports common/ and providers/, not another feature: move what both need to common/.',
            },
          ],
        },
      ],
    },
  })),
  { files: ['tests/**/*.{ts,tsx}'], ...vitest.configs.recommended },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // tests read answers as untyped JSON on purpose: they check what the wire carries, not what the types promise
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(value, 'what went wrong') names the failure
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // helpers that assert: expect401(), the audit test's added(), fast-check's fc.assert()
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'added', 'fc.assert'] }],
    },
  },
  prettier,
)
