// The house's import rules are real: ESLint rejects each forbidden import and accepts the allowed ones.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function importErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = x\n`, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('folder import rules', () => {
  it.each([
    ['web/features/public/home-page.tsx', "import { x } from '../../../db/connection'", 'web/ imports only api/contract and sync/outbox'],
    ['web/features/public/home-page.tsx', "import { x } from '../admin/dashboard'", 'features do not import each other'],
    ['web/features/admin/screens/list.tsx', "import { x } from '../../public/home-page'", 'features do not import each other'],
    ['web/shared/layout.tsx', "import { x } from '../features/public/home-page'", 'web/shared never imports features or app'],
    ['web/app/router.tsx', "import { x } from '../../api/app'", 'web/ imports only api/contract and sync/outbox'],
    ['api/contract/farmers.ts', "import { x } from 'express'", 'api/contract imports only zod'],
    ['api/contract/farmers.ts', "import { x } from '../errors'", 'api/contract imports only zod'],
    ['db/schema.ts', "import { x } from '../api/contract'", 'db/ imports nothing of api/, web/ or sync/'],
    ['sync/outbox/outbox.ts', "import { x } from 'react'", 'sync/ has no React or Chakra'],
    ['sync/outbox/outbox.ts', "import { x } from '../../db/schema'", 'sync/ never imports db/'],
    ['sync/server/idempotency.ts', "import { x } from '../../api/app'", 'sync/ imports only api/contract'],
  ])('%s: %s is refused', async (file, source, message) => {
    const errors = await importErrors(file, source)
    expect(errors.join('\n')).toContain(message)
  })

  it.each([
    ['web/features/public/home-page.tsx', "import { x } from '../../shared/api'"],
    ['web/features/admin/screens/list.tsx', "import { x } from '../components/table'"],
    ['web/features/public/home-page.tsx', "import { x } from '../../../api/contract'"],
    ['web/app/router.tsx', "import { x } from '../features/public/home-page'"],
    ['api/contract/farmers.ts', "import { x } from 'zod'"],
    ['api/contract/farmers.ts', "import { x } from './messages'"],
    ['api/app.ts', "import { x } from '../db/schema'"],
    ['sync/outbox/outbox.ts', "import { x } from '../../api/contract'"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await importErrors(file, source)).toEqual([])
  })
})

describe('API routes go through contractRouter()', () => {
  const syntaxErrors = async (filePath: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
  }
  it('refuses a bare express Router in an API router', async () => {
    const errors = await syntaxErrors('api/farmers/router.ts', "import { Router } from 'express'\nexport const r = Router()\n")
    expect(errors.join('\n')).toContain('contractRouter()')
    const dotted = await syntaxErrors('api/farmers/router.ts', "import express from 'express'\nexport const r = express.Router()\n")
    expect(dotted.join('\n')).toContain('contractRouter()')
  })
  it('allows contractRouter()', async () => {
    expect(await syntaxErrors('api/farmers/router.ts', "import { contractRouter } from '../http/contract-router'\nexport const r = contractRouter()\n")).toEqual([])
  })
})
