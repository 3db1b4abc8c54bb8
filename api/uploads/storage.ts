// Photo bytes on disk under DATA_DIR/uploads/{id}, and each photo's thumbnail beside it as
// {id}.thumb.webp. Writes go to a temp file that is fsynced and renamed, so a reader (or a crash)
// never sees half a photo.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { uploadsDir } from '../../db/connection'

export function uploadFilePath(dataDir: string, id: string): string {
  return path.resolve(uploadsDir(dataDir), id)
}

export function thumbnailFilePath(dataDir: string, id: string): string {
  return path.resolve(uploadsDir(dataDir), `${id}.thumb.webp`)
}

/** Uploads folders this process has made (or found): a mkdir on every photo showed in the PUT's profile. */
const madeDirs = new Set<string>()

async function openNewFile(dir: string, filePath: string): Promise<fs.FileHandle> {
  if (!madeDirs.has(dir)) {
    await fs.mkdir(dir, { recursive: true })
    madeDirs.add(dir)
  }
  try {
    return await fs.open(filePath, 'wx')
  } catch (error) {
    // The folder was removed since (a test's data dir, an operator): make it again, once.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await fs.mkdir(dir, { recursive: true })
    return fs.open(filePath, 'wx')
  }
}

export async function writeTempFile(dataDir: string, id: string, bytes: Buffer): Promise<string> {
  const dir = uploadsDir(dataDir)
  const tempPath = path.join(dir, `.${id}.${randomUUID()}.tmp`)
  const handle = await openNewFile(dir, tempPath)
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
  return tempPath
}

export async function commitTempFile(dataDir: string, id: string, tempPath: string, finalPath = uploadFilePath(dataDir, id)): Promise<void> {
  await fs.rename(tempPath, finalPath)
}

export async function removeFile(filePath: string): Promise<void> {
  await fs.rm(filePath, { force: true })
}

export async function fileExists(filePath: string): Promise<boolean> {
  try {
    return (await fs.stat(filePath)).isFile()
  } catch {
    return false
  }
}
