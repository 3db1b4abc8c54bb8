// What api/ (and scripts/, e2e/ set-up) import from db/. Test helpers live in db/testing.ts.
export { openDatabase, resolveDataDir, databaseFile, uploadsDir, type DatabaseHandle } from './connection'
export { migrateToLatest } from './migrate'
export { isDatabaseUnavailable } from './unavailable'
export { seedDatabase, type SeedOptions, type SeedResult } from './seed/index'
export type * from './schema'
