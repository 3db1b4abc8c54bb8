// "Export unsent items" / "Import": a phone that is about to be reset, lost or replaced hands its
// unsent outbox over as one JSON file (items, with their photos as base64). Each item keeps its id,
// which is its Idempotency-Key: the server answers a repeat with the first answer, so importing the
// same file twice, or on a phone that already sent an item, can never create a second record.
// Pure (no Dexie, no DOM): runtime.ts reads the tables and writes the plan.
import { restoreOutboxItem } from '../../../sync/outbox/restore'
import type { OutboxItem, OutboxPhoto } from '../../../sync/outbox/types'

export const BACKUP_FORMAT = 'viti-farmers-outbox'
export const BACKUP_VERSION = 1

export interface OutboxBackup {
  exportedAt: string
  items: OutboxItem[]
  photos: OutboxPhoto[]
}

/**
 * Why a file cannot be imported, in English: web/i18n/messages.ts shows each in the reader's language
 * from the catalog area `outbox.backupError.*` (its English is these texts, checked by messages.test.ts).
 */
export const backupTexts = {
  notJson: 'This file is not an outbox export (it is not JSON).',
  notExport: 'This file is not a Viti Farmers outbox export.',
  newerVersion: 'This export was made by a newer version of the app. Update the app, then import it.',
  incomplete: 'This outbox export is incomplete.',
  itemUnreadable: 'An item of this export cannot be read.',
  sameItemTwice: 'This export names the same item twice.',
  photoMissing: 'A photo of this export is missing. Export again from the other phone.',
  photoUnreadable: 'A photo of this export cannot be read.',
  photoDamaged: 'A photo of this export is damaged.',
} as const

/** The file could not be read as an outbox export; `message` is one of `backupTexts`. */
export class BackupFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupFormatError'
  }
}

interface PhotoRecord extends Omit<OutboxPhoto, 'blob'> {
  /** The photo's bytes, base64. */
  data: string
}

/** The export file's text: the items and every photo they name. */
export async function serializeBackup(items: readonly OutboxItem[], photos: readonly OutboxPhoto[], now: number = Date.now()): Promise<string> {
  const named = new Set(items.flatMap((item) => item.photoIds))
  const records: PhotoRecord[] = []
  for (const photo of photos) {
    if (!named.has(photo.id)) continue
    const { blob, ...rest } = photo
    records.push({ ...rest, data: toBase64(new Uint8Array(await blob.arrayBuffer())) })
  }
  return JSON.stringify({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date(now).toISOString(),
    items,
    photos: records,
  })
}

/**
 * Reads an export file. Throws BackupFormatError when it is not one, or when a photo is missing
 * or damaged (its size or SHA-256 differ): better to keep the file and say so than import half.
 */
export async function parseBackup(text: string): Promise<OutboxBackup> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new BackupFormatError(backupTexts.notJson)
  }
  if (!isObject(raw) || raw.format !== BACKUP_FORMAT) throw new BackupFormatError(backupTexts.notExport)
  if (typeof raw.version !== 'number' || raw.version > BACKUP_VERSION) {
    throw new BackupFormatError(backupTexts.newerVersion)
  }
  if (!Array.isArray(raw.items) || !Array.isArray(raw.photos)) throw new BackupFormatError(backupTexts.incomplete)

  const items: OutboxItem[] = []
  for (const record of raw.items) {
    try {
      items.push(restoreOutboxItem(record))
    } catch (error) {
      // The reason names a field of the stored format: for whoever looks at the file, not for the agent.
      console.warn('Outbox import: an item cannot be read', error)
      throw new BackupFormatError(backupTexts.itemUnreadable)
    }
  }
  const ids = new Set<string>()
  for (const item of items) {
    if (ids.has(item.id)) throw new BackupFormatError(backupTexts.sameItemTwice)
    ids.add(item.id)
  }

  const byId = new Map<string, OutboxPhoto>()
  for (const record of raw.photos) {
    const photo = await readPhoto(record)
    byId.set(photo.id, photo)
  }
  const photos: OutboxPhoto[] = []
  for (const item of items) {
    for (const photoId of item.photoIds) {
      const photo = byId.get(photoId)
      if (!photo || photo.outboxId !== item.id) throw new BackupFormatError(backupTexts.photoMissing)
      photos.push(photo)
    }
  }
  return { exportedAt: typeof raw.exportedAt === 'string' ? raw.exportedAt : '', items, photos }
}

export interface ImportPlan {
  /** Items to add, with the changes an import makes (a half-sent item goes back to waiting). */
  items: OutboxItem[]
  photos: OutboxPhoto[]
  /** Ids already on this phone: left alone. */
  skipped: string[]
  /** Items the export says were sent: nothing to do. */
  alreadySent: string[]
}

/** What an import adds: every unsent item not already on this phone (same id → skipped). */
export function planImport(backup: OutboxBackup, existingIds: ReadonlySet<string>, now: number = Date.now()): ImportPlan {
  const plan: ImportPlan = { items: [], photos: [], skipped: [], alreadySent: [] }
  for (const item of backup.items) {
    if (existingIds.has(item.id)) {
      plan.skipped.push(item.id)
      continue
    }
    if (item.status === 'sent') {
      plan.alreadySent.push(item.id)
      continue
    }
    // 'sending' was in flight on the other phone: it goes out again from here under the same key.
    const status = item.status === 'sending' ? 'waiting' : item.status
    plan.items.push({ ...item, status, nextAttemptAt: Math.min(item.nextAttemptAt, now), updatedAt: now })
    const photoIds = new Set(item.photoIds)
    plan.photos.push(...backup.photos.filter((photo) => photoIds.has(photo.id)))
  }
  return plan
}

async function readPhoto(record: unknown): Promise<OutboxPhoto> {
  if (!isObject(record) || typeof record.id !== 'string' || typeof record.outboxId !== 'string' || typeof record.data !== 'string') {
    throw new BackupFormatError(backupTexts.photoUnreadable)
  }
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = fromBase64(record.data)
  } catch {
    throw new BackupFormatError(backupTexts.photoDamaged)
  }
  const contentType = typeof record.contentType === 'string' && record.contentType !== '' ? record.contentType : 'application/octet-stream'
  const sha256 = await sha256Hex(bytes)
  if ((typeof record.size === 'number' && record.size !== bytes.byteLength) || (typeof record.sha256 === 'string' && record.sha256 !== sha256)) {
    throw new BackupFormatError(backupTexts.photoDamaged)
  }
  const photo: OutboxPhoto = {
    id: record.id,
    outboxId: record.outboxId,
    blob: new Blob([bytes], { type: contentType }),
    contentType,
    size: bytes.byteLength,
    sha256,
    createdAt: typeof record.createdAt === 'number' ? record.createdAt : Date.now(),
  }
  if (typeof record.uploadedPath === 'string') photo.uploadedPath = record.uploadedPath
  if (typeof record.uploadedAt === 'number') photo.uploadedAt = record.uploadedAt
  return photo
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
