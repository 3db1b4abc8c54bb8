// Lint = the house's import rules. A wrong import between folders fails `npm run lint`.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
})
const rule = (regex, message) => ({ regex, message })

const serverOnly = rule('^(express|better-sqlite3|kysely|pino|helmet|nodemailer|node:|fs$|path$|crypto$)', 'browser code must not pull in server packages')
const webOnlyContract = rule('^(\\.\\./)+(db(/|$)|api/(?!contract(/|$))|sync/(?!outbox(/|$)))', 'web/ imports only api/contract and sync/outbox')
const react = rule('^(react|react-dom|react-router|@chakra-ui/|@emotion/|@tanstack/)', 'sync/ has no React or Chakra: bindings live in web/')

// Features never import each other: from web/features/<f>/<depth…>/x.tsx, a relative path that climbs
// out of <f> lands in another feature. One block per depth keeps the regex exact.
const featureBlocks = [0, 1, 2, 3].map((depth) => {
  const climb = '\\.\\./'.repeat(depth + 1)
  return restrict(
    [`web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    [
      webOnlyContract,
      rule(`^${climb}(?!\\.\\./)`, 'features do not import each other: move shared code to web/shared'),
      serverOnly,
    ],
  )
})

export default tseslint.config(
  { ignores: ['dist/**', '.server/**', '.tmp/**', 'dev-dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.reports/**', 'data/**', '.e2e-data*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  restrict(['api/**/*.ts'], [rule('^(\\.\\./)+web(/|$)', 'api/ never imports web/')]),
  {
    // Handlers reach HTTP only through contractRouter(), which attaches each route's access check.
    files: ['api/**/*.ts'],
    ignores: ['api/http/contract-router.ts', 'api/web-app.ts', 'api/**/*.test.ts', 'api/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='Router'], CallExpression[callee.property.name='Router']", message: 'API routes are registered with contractRouter() (api/http/contract-router.ts), never a bare express Router' },
      ],
    },
  },
  restrict(['api/contract/**/*.ts'], [rule('^(?!zod$|\\./)', 'api/contract imports only zod and its own files')]),
  restrict(['api/contract/**/*.test.ts'], [rule('^(?!zod$|vitest$|\\./)', 'api/contract tests import only zod, vitest and the contract')]),
  restrict(['db/**/*.ts'], [rule('^(\\.\\./)+(api|web|sync)(/|$)', 'db/ imports nothing of api/, web/ or sync/')]),
  restrict(['sync/**/*.ts'], [
    rule('^(\\.\\./)+(db|web)(/|$)', 'sync/ never imports db/ or web/'),
    rule('^(\\.\\./)+api/(?!contract(/|$))', 'sync/ imports only api/contract from api/'),
    rule('^(better-sqlite3|kysely)$', 'sync/ reaches the database only through the store the API passes in'),
    react,
  ]),
  restrict(['sync/outbox/**/*.ts'], [
    rule('^(\\.\\./)+(db|web)(/|$)', 'sync/ never imports db/ or web/'),
    rule('^(\\.\\./)+api/(?!contract(/|$))', 'sync/ imports only api/contract from api/'),
    rule('^(\\.\\./)+server(/|$)', 'the browser outbox never imports the server half'),
    react,
    serverOnly,
  ]),
  restrict(['web/app/**/*.{ts,tsx}', 'web/*.{ts,tsx}'], [
    webOnlyContract,
    serverOnly,
  ]),
  restrict(['web/shared/**/*.{ts,tsx}'], [
    rule('^(\\.\\./)+(features|app)(/|$)', 'web/shared never imports features or app'),
    webOnlyContract,
    serverOnly,
  ]),
  ...featureBlocks,
)
