// The field app's IndexedDB database (Dexie): the outbox of queued submissions with their
// photo Blobs, form drafts, reference lists and small settings. Only sync/outbox touches these
// tables; web/ goes through the functions in outbox.ts. No React here.
import { Dexie, type DexieOptions, type EntityTable } from 'dexie'
import { restoreOutboxItem } from './restore'
import type { FormDraft, MetaEntry, OutboxItem, OutboxPhoto, ReferenceList } from './types'

export * from './types'
export { restoreOutboxItem }

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
    // Never edit a version in place: a later schema adds this.version(n).stores(...).upgrade(...).
    this.version(1).stores({
      outbox: 'id, status, createdAt, [status+createdAt], nextAttemptAt',
      photos: 'id, outboxId',
      drafts: 'formId',
      reference: 'key',
      meta: 'key',
    })
    // 2: [status+nextAttemptAt], so the engine's wake-up time reads the soonest waiting item, not
    // every one. Outbox records are brought to the current shape (restoreOutboxItem), so the
    // indexed fields are the ones the engine reads; a record it cannot place is kept as it is.
    this.version(2).stores({
      outbox: 'id, status, createdAt, [status+createdAt], nextAttemptAt, [status+nextAttemptAt]',
    }).upgrade((tx) => tx.table('outbox').toCollection().modify(upgradeOutboxRecord))
  }
}

/** Version 2's upgrade of one outbox record: restored in place, or left untouched if it cannot be. */
export function upgradeOutboxRecord(record: unknown, ref: { value: unknown }): void {
  try {
    ref.value = restoreOutboxItem(record)
  } catch {
    // Nothing is ever dropped: the engine reports it when it meets it, as before.
  }
}
