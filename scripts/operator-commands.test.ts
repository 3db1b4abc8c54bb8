// The operator commands read DATABASE_URL as the server does: one that is not PostgreSQL's stops
// each of them with the server's own line, before anything is opened (a pg_dump error about a local
// socket, or a stack trace, told an operator nothing).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DATABASE_URL_PROBLEM } from '../db/database-url'

describe('operator commands with a DATABASE_URL that is not PostgreSQL', () => {
  it.each([
    ['backup', []],
    ['restore', ['./backups/some-backup']],
    ['remove-demo-data', []],
    ['reset-admin-password', []],
  ])('npm run %s says so in the server\'s words and changes nothing', (command, args) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-operator-'))
    try {
      const out = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${command}.ts`, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'mysql://vf:secret@db/vf' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(out.status).toBe(1)
      expect(out.stderr.trim()).toBe(DATABASE_URL_PROBLEM)
      expect(fs.readdirSync(dataDir)).toEqual([])
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
