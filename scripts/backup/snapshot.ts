// Backups that restore: a consistent snapshot of the database (SQLite's VACUUM INTO, or pg_dump
// for PostgreSQL) and the photos under DATA_DIR/uploads, into one folder with a manifest; and the
// way back, into an empty data folder or database only (unless forced), so a restore never mixes
// two histories. The server keeps serving writes while a backup runs; it must be stopped to restore.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { APP_TABLE, databaseFile, uploadsDir } from '../../db/connection'
import { findPostgresBin } from '../../db/postgres-cluster'

export interface BackupManifest {
  format: 1
  dialect: 'sqlite' | 'postgres'
  /** When the database snapshot was taken (ISO); every write acknowledged before it is inside. */
  takenAt: string
  /** The database file in the backup folder. */
  database: string
  /** Photo files copied, after the database snapshot. */
  photos: number
  /** Their bytes in all (backups since issue 23's audit): a restore refuses a folder that lost some. */
  photoBytes?: number
  /** The database file's size and SHA-256 (hex): a restore refuses a file that differs (older backups lack them). */
  databaseBytes?: number
  databaseSha256?: string
}

const MANIFEST = 'manifest.json'
const SQLITE_FILE = 'viti-farmers.sqlite'
const PG_FILE = 'viti-farmers.pgdump'

export class BackupError extends Error {
  override name = 'BackupError'
}

/** A backup whose files are not what it wrote; the message says on its own that nothing was changed. */
export class DamagedBackupError extends BackupError {
  override name = 'DamagedBackupError'
}

/** A folder name that sorts by time: viti-farmers-2026-11-25T10-30-00Z. */
export function backupFolderName(now = new Date()): string {
  return `viti-farmers-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`
}

export async function takeBackup(options: { dataDir: string; databaseUrl?: string; to: string }): Promise<BackupManifest> {
  const { dataDir, databaseUrl, to } = options
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0) throw new BackupError(`${to} is not empty: back up into a new folder.`)
  // Before the folder exists: a wrong DATA_DIR or DATABASE_URL must leave no empty backup behind to be trusted.
  if (databaseUrl) await assertPostgresHoldsApp(databaseUrl)
  else assertSqliteHoldsApp(databaseFile(dataDir))
  // A backup holds every password hash and phone number: only its owner may read it, whatever the
  // umask. The folder is closed first, so nothing written into it is readable by others even for a moment.
  fs.mkdirSync(to, { recursive: true, mode: 0o700 })
  fs.chmodSync(to, 0o700)
  const takenAt = new Date().toISOString()
  let database: string
  if (databaseUrl) {
    database = PG_FILE
    // One transaction snapshot (pg_dump's own), taken while the servers go on writing.
    await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(to, PG_FILE)}`, `--dbname=${asLibpqUrl(databaseUrl)}`])
  } else {
    database = SQLITE_FILE
    const file = databaseFile(dataDir)
    const source = new BetterSqlite3(file, { fileMustExist: true })
    try {
      source.pragma('busy_timeout = 5000')
      // VACUUM INTO copies the database inside one read transaction: a consistent snapshot (WAL mode lets
      // the server go on writing meanwhile). The step-wise online backup API restarts whenever another
      // connection writes, so under a steady write load it never finished.
      source.prepare('VACUUM INTO ?').run(path.join(to, SQLITE_FILE))
    } finally {
      source.close()
    }
    checkSqlite(path.join(to, SQLITE_FILE))
  }
  // Photos after the database: a photo is on disk before any row names it, so every photo the
  // snapshot refers to is already there.
  const { files: photos, bytes: photoBytes } = copyPhotos(uploadsDir(dataDir), path.join(to, 'uploads'))
  const { bytes: databaseBytes, sha256: databaseSha256 } = fingerprint(path.join(to, database))
  const manifest: BackupManifest = { format: 1, dialect: databaseUrl ? 'postgres' : 'sqlite', takenAt, database, photos, photoBytes, databaseBytes, databaseSha256 }
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  ownerOnly(to)
  return manifest
}

/** Folders 0700 and files 0600 under `folder`: SQLite, pg_dump and copyFile create theirs by the umask or the source's mode. */
function ownerOnly(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (entry.isDirectory()) fs.chmodSync(file, 0o700)
    else if (entry.isFile()) fs.chmodSync(file, 0o600)
  }
}

/**
 * The file must exist and hold our tables; fileMustExist so that nothing is created when it does not
 * (not readonly: a WAL database the server closed cleanly cannot be opened read-only without its -shm).
 */
function assertSqliteHoldsApp(file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`No database at ${file}: is DATA_DIR right? Nothing was backed up.`)
  const db = new BetterSqlite3(file, { fileMustExist: true })
  try {
    if (!db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(APP_TABLE)) {
      throw new BackupError(`${file} holds no Viti Farmers tables: is DATA_DIR right? Nothing was backed up.`)
    }
  } finally {
    db.close()
  }
}

/** One connection first: an unreachable server is said in one line, not as pg_dump's paragraph. */
async function assertPostgresHoldsApp(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Cannot reach the database in DATABASE_URL (${oneLine(error)}): nothing was backed up.`)
  }
  try {
    const { rows } = await client.query('select 1 from pg_tables where schemaname = current_schema() and tablename = $1', [APP_TABLE])
    if (rows.length === 0) throw new BackupError("The database in DATABASE_URL holds no Viti Farmers tables: is it the server's database? Nothing was backed up.")
  } finally {
    await client.end()
  }
}

/** An error's message on one line; a refused `localhost` is an AggregateError (IPv4 and IPv6) with none of its own. */
function oneLine(error: unknown): string {
  const first = error instanceof AggregateError && !error.message ? (error.errors[0] as unknown) : error
  return (first instanceof Error ? first.message : String(first)).replace(/\s*\n\s*/g, ' ')
}

export function readManifest(from: string): BackupManifest {
  if (!fs.existsSync(from)) throw new BackupError(`${from} does not exist.`)
  const file = path.join(from, MANIFEST)
  if (!fs.existsSync(file)) throw new BackupError(`${from} is not a Viti Farmers backup (no ${MANIFEST}).`)
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest
  } catch {
    throw new BackupError(`${file} is damaged (not the JSON a backup writes): copy the backup folder again.`)
  }
  if (manifest.format !== 1) throw new BackupError(`${from} was written by a newer version (format ${String(manifest.format)}).`)
  return manifest
}

/** Refuses a backup folder that lost photos on the way (an interrupted copy off the machine), before anything is changed. */
function checkPhotos(from: string, manifest: BackupManifest): void {
  const { files, bytes } = countPhotos(path.join(from, 'uploads'))
  const whole = files === manifest.photos && (manifest.photoBytes === undefined || bytes === manifest.photoBytes)
  if (!whole) {
    throw new BackupError(
      `${from} is incomplete: its manifest lists ${manifest.photos} photos${manifest.photoBytes === undefined ? '' : ` (${manifest.photoBytes} bytes)`}, its uploads folder holds ${files} (${bytes} bytes). Nothing was changed: copy the whole backup folder again.`,
    )
  }
}

/** Size and SHA-256 of a file, read in 1 MiB pieces (a database can be larger than the memory to spare). */
function fingerprint(file: string): { bytes: number; sha256: string } {
  const hash = createHash('sha256')
  const piece = Buffer.alloc(1 << 20)
  const fd = fs.openSync(file, 'r')
  let bytes = 0
  try {
    for (let read; (read = fs.readSync(fd, piece, 0, piece.length, null)) > 0; bytes += read) hash.update(piece.subarray(0, read))
  } finally {
    fs.closeSync(fd)
  }
  return { bytes, sha256: hash.digest('hex') }
}

/**
 * Refuses a database file that is not the one the backup wrote (damaged on disk or cut short on its
 * way off the machine): a changed row can pass SQLite's integrity check and would replace good data.
 */
function checkDatabaseFile(from: string, manifest: BackupManifest): void {
  const file = path.join(from, manifest.database)
  if (!fs.existsSync(file)) throw new DamagedBackupError(`Nothing was changed: ${file} is missing: copy the whole backup folder again.`)
  if (manifest.databaseSha256 === undefined) return
  const { bytes, sha256 } = fingerprint(file)
  if (bytes !== manifest.databaseBytes || sha256 !== manifest.databaseSha256) {
    const found = bytes === manifest.databaseBytes ? 'its SHA-256 differs from the one recorded' : `it holds ${bytes} bytes, the backup wrote ${String(manifest.databaseBytes)}`
    throw new DamagedBackupError(`Nothing was changed: ${file} is not the file the backup wrote (${found}): copy the whole backup folder again.`)
  }
}

export async function restoreBackup(options: { from: string; dataDir: string; databaseUrl?: string; force?: boolean }): Promise<BackupManifest> {
  const { from, dataDir, databaseUrl, force = false } = options
  const manifest = readManifest(from)
  if (manifest.dialect === 'postgres' && !databaseUrl) throw new BackupError('This is a PostgreSQL backup: set DATABASE_URL to the database to restore into.')
  if (manifest.dialect === 'sqlite' && databaseUrl) throw new BackupError('This is an SQLite backup: unset DATABASE_URL to restore it into DATA_DIR.')
  checkPhotos(from, manifest)
  checkDatabaseFile(from, manifest)
  const photosDir = uploadsDir(dataDir)
  const hasPhotos = fs.existsSync(photosDir) && fs.readdirSync(photosDir).some((name) => !name.startsWith('.'))

  if (manifest.dialect === 'sqlite') {
    const target = databaseFile(dataDir)
    if (!force && (fs.existsSync(target) || hasPhotos)) {
      throw new BackupError(`${dataDir} already holds data: restore into an empty DATA_DIR, or add --force to replace it (stop the server first).`)
    }
    checkSqlite(path.join(from, manifest.database))
    fs.mkdirSync(dataDir, { recursive: true })
    const temp = `${target}.restoring`
    fs.copyFileSync(path.join(from, manifest.database), temp)
    // The old write-ahead log belongs to the old database: replayed on the restored one, it would corrupt it.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true })
    fs.renameSync(temp, target)
  } else {
    const isEmpty = await postgresIsEmpty(databaseUrl!)
    if (!force && !isEmpty) {
      throw new BackupError('The database in DATABASE_URL already holds tables: restore into an empty database, or add --force to replace them (stop the servers first).')
    }
    if (!force && hasPhotos) throw new BackupError(`${photosDir} already holds photos: use an empty DATA_DIR, or add --force.`)
    await runPgTool('pg_restore', [
      '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction',
      ...(isEmpty ? [] : ['--clean', '--if-exists']),
      `--dbname=${asLibpqUrl(databaseUrl!)}`, path.join(from, manifest.database),
    ])
  }
  if (force) fs.rmSync(photosDir, { recursive: true, force: true })
  copyPhotos(path.join(from, 'uploads'), photosDir)
  return manifest
}

/** PRAGMA integrity_check must say ok, or the file is not a backup to trust. */
function checkSqlite(file: string): void {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const result = db.pragma('integrity_check', { simple: true })
    if (result !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(result)}`)
  } finally {
    db.close()
  }
}

/** The photo files of a folder (not the half-written `.tmp` ones, which start with a dot). */
function photoFiles(from: string): string[] {
  if (!fs.existsSync(from)) return []
  return fs
    .readdirSync(from, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
}

function countPhotos(from: string): { files: number; bytes: number } {
  const names = photoFiles(from)
  return { files: names.length, bytes: names.reduce((sum, name) => sum + fs.statSync(path.join(from, name)).size, 0) }
}

/** Copies the photo files; returns how many, and their bytes as copied. */
function copyPhotos(from: string, to: string): { files: number; bytes: number } {
  fs.mkdirSync(to, { recursive: true })
  let bytes = 0
  const names = photoFiles(from)
  for (const name of names) {
    fs.copyFileSync(path.join(from, name), path.join(to, name))
    bytes += fs.statSync(path.join(to, name)).size
  }
  return { files: names.length, bytes }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_tables where schemaname = current_schema()")
    return Number(rows[0]?.n ?? 0) === 0
  } finally {
    await client.end()
  }
}

/**
 * The URL as the server's driver reads it, written so libpq (pg_dump, pg_restore) reads it the same:
 * a password with an unencoded `@` is the driver's (the userinfo ends at the last `@`) but was a host
 * name to libpq, so the server ran and its backups failed.
 */
export function asLibpqUrl(url: string): string {
  try {
    return new URL(url).href
  } catch {
    return url
  }
}

/** pg_dump / pg_restore from PATH, PG_BIN or Debian's folder; their errors are shown as they are. */
async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const bin = findPostgresBin()
  const command = bin && fs.existsSync(path.join(bin, tool)) ? path.join(bin, tool) : tool
  try {
    await promisify(execFile)(command, args, { maxBuffer: 16 << 20 })
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
    throw new BackupError(`${tool} failed: ${stderr || (error as Error).message}`)
  }
}
