// The data folder's check and privacy (issue 17 item 14, 16): what an operator sees on a bad
// DATA_DIR, and what another user on the machine can read of an older installation.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDataDir, DataDirError, keepDataPrivate } from './data-dir'

const temp: string[] = []
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-data-dir-'))
  temp.push(dir)
  return dir
}
const mode = (file: string) => fs.statSync(file).mode & 0o777

describe('checkDataDir', () => {
  it('creates a missing folder private to the server user', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data')
    checkDataDir(dataDir)
    expect(mode(dataDir)).toBe(0o700)
    expect(fs.readdirSync(dataDir)).toEqual([]) // the write probe is removed again
  })

  it('names DATA_DIR, the path and the problem when the folder cannot be written', () => {
    const dataDir = path.join(tempDir(), 'file-not-folder')
    fs.writeFileSync(dataDir, '')
    expect(() => checkDataDir(dataDir)).toThrow(new DataDirError(`DATA_DIR ${dataDir} cannot be used: a file with that name exists where the folder should be.`))
  })
})

describe('keepDataPrivate', () => {
  it('narrows an older installation: folder, database with its WAL, uploads and photos', () => {
    const dataDir = tempDir()
    const db = path.join(dataDir, 'viti-farmers.sqlite')
    for (const file of [db, `${db}-wal`, `${db}-shm`]) fs.writeFileSync(file, '', { mode: 0o644 })
    fs.mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true, mode: 0o755 })
    fs.chmodSync(path.join(dataDir, 'uploads'), 0o755)
    const photo = path.join(dataDir, 'uploads', 'ab', 'photo')
    fs.writeFileSync(photo, 'jpeg', { mode: 0o644 })
    fs.chmodSync(dataDir, 0o755)

    keepDataPrivate(dataDir, db)

    expect(mode(dataDir)).toBe(0o700)
    for (const file of [db, `${db}-wal`, `${db}-shm`, photo]) expect(mode(file)).toBe(0o600)
    expect(mode(path.join(dataDir, 'uploads'))).toBe(0o700)
    expect(mode(path.join(dataDir, 'uploads', 'ab'))).toBe(0o700)
  })
})
