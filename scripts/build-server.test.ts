// The server bundle `npm start` runs (scripts/build-server.ts). Its servers are started by the
// chaos, backup and e2e suites; here, what makes it work wherever the repository sits.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from './build-server'

const REPO_ROOT = path.resolve(import.meta.dirname, '..')
let work: string
let outfile: string
let code: string

beforeAll(async () => {
  fs.mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true })
  work = fs.mkdtempSync(path.join(REPO_ROOT, '.tmp', 'build-server-'))
  outfile = path.join(work, 'deeper', 'server.mjs')
  await buildServer(outfile)
  code = fs.readFileSync(outfile, 'utf8')
}, 60_000)

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('the server bundle', () => {
  it('names each of our files by its place relative to the bundle, and each such file is there', () => {
    const places = [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!)
    // The worker scripts, the export thread's source, the catalogs' module, the server itself.
    expect(places).toEqual(expect.arrayContaining(['../../../db/read-thread.ts', '../../../api/site-pages/render-thread.ts', '../../../api/exports/worker-bundle.ts', '../../../api/server.ts']))
    for (const place of places) expect(fs.existsSync(fileURLToPath(new URL(place, `file://${outfile}`))), place).toBe(true)
    // No absolute path of the machine that built it.
    expect(code).not.toContain(REPO_ROOT)
    expect(code).not.toContain('import.meta.dirname')
  })

  it('leaves the packages to node_modules, and holds no TypeScript for node to load', () => {
    expect(code).toMatch(/from "express"/)
    expect(code).toMatch(/from "kysely"/)
    expect(code).not.toMatch(/import\s*\(?\s*["'][^"']+\.tsx?["']/)
  })

  it('comes with its source map, named at its end, and is replaced whole on a rebuild', async () => {
    expect(code.trimEnd().endsWith('//# sourceMappingURL=server.mjs.map')).toBe(true)
    const map = JSON.parse(fs.readFileSync(`${outfile}.map`, 'utf8')) as { sources: string[] }
    expect(map.sources).toContain('../../../api/server.ts')
    await buildServer(outfile)
    expect(fs.readFileSync(outfile, 'utf8')).toBe(code)
    expect(fs.readdirSync(path.dirname(outfile)).sort()).toEqual(['server.mjs', 'server.mjs.map'])
  }, 60_000)
})
