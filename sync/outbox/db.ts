// The field app's IndexedDB database (Dexie): the outbox of queued submissions with their
// photo Blobs, form drafts, reference lists and small settings. Only sync/outbox touches these
// tables; web/ goes through the functions in outbox.ts. No React here.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie'
import type { FormDraft, MetaEntry, OutboxItem, OutboxPhoto, ReferenceList } from './types'

export * from './types'
export { restoreOutboxItem } from './restore'

export const OUTBOX_DB_NAME = 'viti-farmers'

export class OutboxDatabase extends Dexie {
  declare outbox: EntityTable<OutboxItem, 'id'>
  declare photos: EntityTable<OutboxPhoto, 'id'>
  declare drafts: EntityTable<FormDraft, 'formId'>
  declare reference: EntityTable<ReferenceList, 'key'>
  declare meta: EntityTable<MetaEntry, 'key'>

  constructor(name: string = OUTBOX_DB_NAME, options: DexieOptions = {}) {
    // Chromium's default durability is 'relaxed' (flushed to the OS, not to disk), which a
    // phone losing power can undo; a queued signup must survive that, and writes are rare.
    super(name, { chromeTransactionDurability: 'strict', ...options })
    // A later schema adds this.version(2).stores(...).upgrade(...) and rewrites old outbox
    // records with restoreOutboxItem; never edit version 1 in place.
    this.version(1).stores({
      outbox: 'id, status, createdAt, [status+createdAt], nextAttemptAt',
      photos: 'id, outboxId',
      drafts: 'formId',
      reference: 'key',
      meta: 'key',
    })
  }
}
