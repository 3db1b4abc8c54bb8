// Form drafts (promise 1 and 9): what a form holds, autosaved to IndexedDB (the `drafts` table),
// so a reload, a crash or an app update brings it back. Photos are kept in the draft as the
// prepared Blobs the form would queue.
import type { Table } from 'dexie'
import type { FormDraft, JsonObject } from '../../../sync/outbox'
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

function table(): Table<StoredDraft, string> {
  // The drafts table stores FormDraft records; the photos ride along (IndexedDB keeps Blobs).
  return startOutbox().db.drafts as unknown as Table<StoredDraft, string>
}

export async function saveDraft(formId: string, { values, photos = [], replaces }: DraftContent): Promise<void> {
  const record: StoredDraft = { formId, values, photos: [...photos], updatedAt: Date.now() }
  if (replaces) record.replaces = replaces
  await table().put(record)
}

export function loadDraft(formId: string): Promise<StoredDraft | undefined> {
  return table().get(formId)
}

export async function clearDraft(formId: string): Promise<void> {
  await table().delete(formId)
}
