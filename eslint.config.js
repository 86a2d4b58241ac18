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
  },
  { files: ['src/admin/**/*.{ts,tsx}', 'tests/admin/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
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
    },
  },
  prettier,
)
