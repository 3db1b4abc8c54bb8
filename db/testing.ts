// Test set-up only: a real SQLite file per test file, because WAL, foreign keys and
// json_each behave as in production only on a real file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { databaseFile, openDatabase, type DatabaseHandle } from './connection'
import { migrateToLatest } from './migrate'

export interface TestDatabase extends DatabaseHandle {
  dataDir: string
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vf-test-'))
  const handle = openDatabase({ file: databaseFile(dataDir) })
  try {
    await migrateToLatest(handle.db)
  } catch (error) {
    await handle.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    ...handle,
    dataDir,
    async close() {
      await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
