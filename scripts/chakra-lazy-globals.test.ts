import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react'
import { afterAll, describe, expect, it } from 'vitest'
import { lazyGlobals } from './chakra-lazy-globals'

// Chakra's own system.js, as the build reads it (the pinned 3.37.0).
const require = createRequire(import.meta.url)
const systemPath = path.join(path.dirname(require.resolve('@chakra-ui/react/package.json')), 'dist/esm/styled-system/system.js')
const systemJs = fs.readFileSync(systemPath, 'utf8')

// The rewritten module, runnable from a temporary folder: its imports point at Chakra's own files.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-chakra-lazy-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
async function rewrittenCreateSystem(): Promise<typeof createSystem> {
  const absolute = lazyGlobals(systemJs).replace(/from '([^']+)'/g, (_, specifier: string) =>
    `from '${specifier.startsWith('.') ? pathToFileURL(path.resolve(path.dirname(systemPath), specifier)).href : pathToFileURL(require.resolve(specifier)).href}'`,
  )
  const file = path.join(dir, 'system.mjs')
  fs.writeFileSync(file, absolute)
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { createSystem: typeof createSystem }).createSystem
}

const config = defineConfig({
  preflight: true,
  globalCss: { body: { fontFamily: 'body' } },
  theme: { tokens: { colors: { leaf: { value: '#166534' } }, fonts: { body: { value: 'system-ui' } } } },
})

describe("Chakra's global styles, computed on first read (build step)", () => {
  it('are not computed when the system is created; read, they are the very styles Chakra computes', async () => {
    const lazy = (await rewrittenCreateSystem())(defaultBaseConfig, config)
    expect(typeof Object.getOwnPropertyDescriptor(lazy, '_global')?.get).toBe('function')
    const eager = createSystem(defaultBaseConfig, config)
    expect(lazy._global).toEqual(eager._global)
    expect(JSON.stringify(lazy._global)).toContain('--chakra-colors-leaf')
    expect(lazy._global).toBe(lazy._global)
  })

  it('can be given the server-rendered name instead (web/app/theme.ts)', async () => {
    const lazy: SystemContext = (await rewrittenCreateSystem())(defaultBaseConfig, config)
    Object.defineProperty(lazy, '_global', { value: { name: 'abc', styles: '' } })
    expect(lazy._global).toEqual({ name: 'abc', styles: '' })
  })

  it('fails the build when Chakra computes them differently', () => {
    expect(() => lazyGlobals(systemJs.replace('getTokenCss()];', 'getTokenCss(), extra()];'))).toThrow("Chakra's createSystem changed")
    expect(() => lazyGlobals('export const x = 1')).toThrow("Chakra's createSystem changed")
  })
})
