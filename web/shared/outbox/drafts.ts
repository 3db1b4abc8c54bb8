// Form drafts (promise 1 and 9): what a form holds, autosaved to IndexedDB (the `drafts` table),
// so a reload, a crash or an app update brings it back. Photos are kept in the draft as the
// prepared Blobs the form would queue.
import type { Table } from 'dexie'
import type { FormDraft, JsonObject } from '../../../sync/outbox'
import type { OutboxDatabase } from '../../../sync/outbox/db'
import { startOutbox } from './runtime'

export interface DraftPhoto {
  id: string
  /** Already resized for the queue. */
  blob: Blob
}

export interface StoredDraft extends FormDraft {
  photos?: DraftPhoto[]
  /** A needs-attention item the form made and will replace when submitted again. */
  replaces?: string
}

export interface DraftContent {
  values: JsonObject
  photos?: readonly DraftPhoto[]
  replaces?: string
}

function table(db: OutboxDatabase = startOutbox().db): Table<StoredDraft, string> {
  // The drafts table stores FormDraft records; the photos ride along (IndexedDB keeps Blobs).
  return db.drafts as unknown as Table<StoredDraft, string>
}

export async function saveDraft(formId: string, { values, photos = [], replaces }: DraftContent): Promise<void> {
  const record: StoredDraft = { formId, values, photos: [...photos], updatedAt: Date.now() }
  if (replaces) record.replaces = replaces
  await table().put(record)
}

/**
 * The draft of `formId`; else the one kept under `formerId` (a form's id before this version), moved
 * to `formId` in one transaction, so it is restored once and never under another id again.
 */
export async function loadDraft(formId: string, formerId?: string, db: OutboxDatabase = startOutbox().db): Promise<StoredDraft | undefined> {
  const drafts = table(db)
  const own = await drafts.get(formId)
  if (own || !formerId) return own
  return db.transaction('rw', drafts, async () => {
    const former = await drafts.get(formerId)
    if (!former) return undefined
    const moved: StoredDraft = { ...former, formId }
    await drafts.put(moved)
    await drafts.delete(formerId)
    return moved
  })
}

export async function clearDraft(formId: string): Promise<void> {
  await table().delete(formId)
}
