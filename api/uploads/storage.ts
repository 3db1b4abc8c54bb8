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

export async function writeTempFile(dataDir: string, id: string, bytes: Buffer): Promise<string> {
  const dir = uploadsDir(dataDir)
  await fs.mkdir(dir, { recursive: true })
  const tempPath = path.join(dir, `.${id}.${randomUUID()}.tmp`)
  const handle = await fs.open(tempPath, 'wx')
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
