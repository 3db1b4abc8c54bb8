// The data folder (DATA_DIR): checked before anything is written to it, and kept private to the
// server's user — the SQLite file holds staff password hashes and farmers' contact details, and
// the uploads are photos of people, so nobody else on the machine may read them.
import fs from 'node:fs'
import path from 'node:path'

/** Folders 0700 and files 0600: the server's user only. */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Why a data folder cannot be used, in one line naming DATA_DIR, the path and the problem. */
export class DataDirError extends Error {}

const problems: Record<string, string> = {
  EACCES: 'permission denied (the server user may not create or write there)',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file with that name exists where the folder should be',
  ENOSPC: 'the disk is full',
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  return (code && problems[code]) ?? (error instanceof Error ? error.message : String(error))
}

/**
 * Creates `dataDir` when missing and proves it writable with a probe file that is removed again;
 * throws a DataDirError whose message is the one line the start prints.
 */
export function checkDataDir(dataDir: string): void {
  try {
    if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory()) {
      throw Object.assign(new Error('not a folder'), { code: 'EEXIST' })
    }
    fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE })
    const probe = path.join(dataDir, `.write-check-${process.pid}`)
    fs.writeFileSync(probe, '', { mode: PRIVATE_FILE_MODE })
    fs.rmSync(probe)
  } catch (error) {
    throw new DataDirError(`DATA_DIR ${dataDir} cannot be used: ${describe(error)}.`)
  }
}

/**
 * Narrows what earlier versions created with the default umask: the folder, the database and its
 * WAL/SHM files, the uploads folder and every photo in it. Files created from now on inherit the
 * server's umask (077, set in api/server.ts).
 */
export function keepDataPrivate(dataDir: string, databaseFile: string): void {
  const chmod = (file: string, mode: number) => {
    if (fs.existsSync(file)) fs.chmodSync(file, mode)
  }
  chmod(dataDir, PRIVATE_DIR_MODE)
  for (const suffix of ['', '-wal', '-shm', '-journal']) chmod(databaseFile + suffix, PRIVATE_FILE_MODE)
  const uploads = path.join(dataDir, 'uploads')
  // A private uploads folder means this ran before: don't walk every photo on each start.
  if (!fs.existsSync(uploads) || (fs.statSync(uploads).mode & 0o777) === PRIVATE_DIR_MODE) return
  for (const entry of fs.readdirSync(uploads, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    chmod(full, entry.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE)
  }
  chmod(uploads, PRIVATE_DIR_MODE)
}
