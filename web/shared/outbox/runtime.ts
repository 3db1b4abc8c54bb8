// The outbox runtime: ONE Dexie database and ONE sending engine per page (a module-level
// singleton, created on first use, so React StrictMode's double effects and every component share
// them), started after the first paint (index.ts startOutboxWhenIdle). Its own chunk: Dexie and
// the engine never weigh on the home page's initial JS.
//
// What the forms use: queueSubmission (validate → prepare photos → one Dexie transaction → send)
// and waitForOutcome (the honest screen). What the Outbox screen uses: fixAndResend, deleteItem,
// sendNow, exportUnsent / importBackup, storageInfo.
import { liveQuery } from 'dexie'
import {
  OUTBOX_ENDPOINTS,
  OutboxDatabase,
  PENDING_STATUSES,
  askPersistentStorageNow,
  connectBrowserTriggers,
  createOutboxEngine,
  listOutbox,
  pendingCount,
  photosOf,
  preparePhoto,
  readReference,
  refreshReference,
  registerBackgroundSync,
  requestPersistentStorage,
  restoreOutboxItem,
  storageEstimate,
  type JsonObject,
  type OutboxEngine,
  type OutboxItem,
  type OutboxKind,
  type OutboxPhoto,
  type ReferenceKey,
  type ReferenceList,
  type StorageEstimate,
} from '../../../sync/outbox'
import { SESSION_CHANGED_EVENT, readSession, sessionStorageKeys } from '../api'
import { addReloadGuard } from '../reload-guard'
import { toast } from '../ui/toast'
import { allCatalogsReady, t } from '../../i18n/runtime'
import type * as ValidateModule from '../../../sync/outbox/validate'
import { parseBackup, planImport, serializeBackup } from './backup'
import { isPasswordChangeRequired, resumesSending, sendingToken } from './sending-session'
import { keptOutcome, outcomeOf, type Outcome } from './outcome'
import { markOutboxUsed } from './index'

export type { OutboxItem, OutboxKind, OutboxPhoto, OutboxEngineState, JsonObject } from '../../../sync/outbox'

/** Photos are light (promise 6): long edge 1600 px, quality 0.8, before they are queued. */
export const PHOTO_OPTIONS = { maxEdge: 1600, quality: 0.8 } as const
/** How long a form waits for the server before it says "Saved on this phone". */
export const OUTCOME_WAIT_MS = 5_000
/** Reference lists younger than this are not fetched again at app start (they are on 'online'). */
const REFERENCE_FRESH_MS = 30 * 60_000

export interface Outbox {
  db: OutboxDatabase
  engine: OutboxEngine
}

let instance: Outbox | undefined
let started = false

type Validator = typeof ValidateModule
let validator: Validator | undefined

/** The contract's check of a queued payload; loads zod and the schemas, so only on demand. */
export async function loadValidator(): Promise<Validator> {
  validator ??= await import('../../../sync/outbox/validate')
  return validator
}

function signedInAgentId(): string | undefined {
  const id = readSession()?.user?.id
  return typeof id === 'string' && id !== '' ? id : undefined
}

/** The database and the engine (created once; not started). */
export function getOutbox(): Outbox {
  if (instance) return instance
  const db = new OutboxDatabase()
  const engine = createOutboxEngine({
    db,
    fetch: window.fetch.bind(window),
    getAuthToken: () => sendingToken(readSession()),
    getSignedInAgentId: signedInAgentId,
    onAuthRequired: () =>
      toast(
        isPasswordChangeRequired(readSession())
          ? {
              title: t('outbox.toast.changePasswordTitle'),
              description: t('outbox.toast.changePasswordDescription'),
              variant: 'destructive',
              durationMs: 10_000,
            }
          : {
              title: t('outbox.signInToSend'),
              description: t('outbox.toast.sessionExpired'),
              variant: 'destructive',
              durationMs: 10_000,
            },
      ),
    requestBackgroundSync: () => registerBackgroundSync(),
    // resendItem's default check. Every caller here loads the validator first; an item is never
    // changed unchecked.
    validatePayload: (item, payload) => {
      if (!validator) throw new Error(t('outbox.checkLoading'))
      validator.validateQueuedPayload(item, payload)
    },
  })
  instance = { db, engine }
  return instance
}

/** Starts sending (once per page): triggers, session watch, reference lists, the reload guard. */
export function startOutbox(): Outbox {
  const outbox = getOutbox()
  if (started) return outbox
  started = true
  const { db, engine } = outbox
  markOutboxUsed()
  engine.start()
  connectBrowserTriggers(engine)
  watchSession(outbox)
  void refreshReferenceIfStale(db)
  window.addEventListener('online', () => void refreshReference(db, window.fetch.bind(window)))
  // Updates never eat a send: the update banner waits until sending ends (promise 9).
  addReloadGuard({ reason: () => t('outbox.beingSent'), blocking: () => engine.getState().isSending, settle: () => engine.idle() })
  if (readSession()?.user?.role) void requestPersistentStorage(db)
  return outbox
}

/** A sign-in (this tab: the api.ts event; another tab: 'storage') resumes a queue paused for it. */
function watchSession({ db, engine }: Outbox): void {
  let last = readSession()
  const check = () => {
    const session = readSession()
    if (resumesSending(last, session)) void engine.resumeAfterSignIn()
    // Storage is kept (promise 10): asked after a data agent signs in.
    if (session?.token && session.token !== last?.token && session.user?.role) void requestPersistentStorage(db)
    last = session
  }
  window.addEventListener(SESSION_CHANGED_EVENT, check)
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === sessionStorageKeys.token || event.key === sessionStorageKeys.user) check()
  })
}

async function refreshReferenceIfStale(db: OutboxDatabase): Promise<void> {
  const keys: ReferenceKey[] = ['locations', 'produce', 'expertFields']
  const stored = await Promise.all(keys.map((key) => readReference(db, key).catch(() => undefined)))
  const now = Date.now()
  const stale = keys.filter((_, i) => !stored[i] || now - (stored[i]?.updatedAt ?? 0) > REFERENCE_FRESH_MS)
  if (stale.length > 0) await refreshReference(db, window.fetch.bind(window), { keys: stale })
}

/** A reference list as last stored on this phone (undefined before the first refresh). */
export function readReferenceList(key: ReferenceKey): Promise<ReferenceList | undefined> {
  return readReference(startOutbox().db, key)
}

// ---- queueing ------------------------------------------------------------------------------

const preparedBlobs = new WeakSet<Blob>()

/** A photo resized and re-encoded for the queue (what a form keeps and previews). */
export async function preparePhotoForQueue(file: Blob): Promise<Blob> {
  const blob = await preparePhoto(file, PHOTO_OPTIONS)
  preparedBlobs.add(blob)
  return blob
}

/** A photo already prepared (e.g. restored from a draft): queued as it is. */
export interface PreparedPhoto {
  blob: Blob
  prepared: true
}
export type QueuedPhotoInput = Blob | PreparedPhoto

export interface QueueSubmissionInput {
  kind: OutboxKind
  /** The form's parsed values (JSON: what will be sent). */
  payload: object
  photos?: readonly QueuedPhotoInput[]
  /** The signed-in agent, for data-agent signups: sent only under their name. */
  agent?: { id: string; name: string }
  /** A needs-attention item this form made earlier and now replaces (fixed and submitted again). */
  replaces?: string
}

function toJsonObject(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject
}

/**
 * Queues a submission (promise 1): checks it with the contract's schema (bad data never waits in
 * the queue; throws PayloadInvalidError), resizes its photos, writes item and photos in one Dexie
 * transaction, asks for persistent storage, and starts sending. Resolves to the stored item.
 */
export async function queueSubmission(input: QueueSubmissionInput): Promise<OutboxItem> {
  const { db, engine } = startOutbox()
  const { validateQueuedPayload } = await loadValidator()
  const endpoint = OUTBOX_ENDPOINTS[input.kind]
  const payload = toJsonObject(input.payload)
  const validate = (value: JsonObject) => validateQueuedPayload({ endpoint }, value)
  validate(payload)
  const photos = await Promise.all(
    (input.photos ?? []).map((photo) => {
      if (!(photo instanceof Blob)) return photo.blob
      return preparedBlobs.has(photo) ? photo : preparePhoto(photo, PHOTO_OPTIONS)
    }),
  )

  const replaced = input.replaces ? await engine.getItem(input.replaces) : undefined
  const canReplace = replaced?.status === 'needsAttention' && replaced.kind === input.kind
  let item: OutboxItem
  if (canReplace && photos.length === 0 && replaced.photoIds.length === 0) {
    // Same item, same key: the server released it when it refused the item.
    item = await engine.resendItem(replaced.id, payload, { validate })
  } else {
    item = await engine.enqueue({ kind: input.kind, endpoint, payload, photos, validate, ...(input.agent && { agent: input.agent }) })
    // The agent submitted the fixed form again: the refused copy is superseded.
    if (canReplace) await engine.deleteItem(replaced.id).catch(() => undefined)
  }
  // Storage is kept (promise 10): asked whenever the outbox takes its first unsent item (from then
  // on it holds data nowhere else), whatever an earlier ask got; otherwise at most weekly.
  void pendingCount(db).then((unsent) => (unsent <= 1 ? askPersistentStorageNow(db) : requestPersistentStorage(db)))
  return item
}

/**
 * Resolves once the item was sent or refused, or after `ms` (the honest screen: "Application
 * Submitted!" only when the server has it). Resolves at once when the browser is offline or the
 * queue waits for a sign-in. Undefined if the item is gone.
 */
export function waitForOutcome(id: string, ms: number = OUTCOME_WAIT_MS): Promise<OutboxItem | undefined> {
  const { db, engine } = startOutbox()
  return new Promise((resolve) => {
    let last: OutboxItem | undefined
    let done = false
    const cleanups: (() => void)[] = []
    const finish = (item: OutboxItem | undefined) => {
      if (done) return
      done = true
      for (const cleanup of cleanups.splice(0)) cleanup()
      resolve(item)
    }
    const cannotSendNow = () => navigator.onLine === false || engine.getState().paused === 'auth'
    // A plain table read, so liveQuery sees every write to the item (this tab's or another's).
    const subscription = liveQuery(async () => {
      const raw = await db.outbox.get(id)
      return raw && restoreOutboxItem(raw)
    }).subscribe({
      next: (item) => {
        last = item
        if (!item || item.status === 'sent' || item.status === 'needsAttention') finish(item)
        // The server answered and failed (5xx): the form can say so now rather than after the wait.
        else if (item.status === 'waiting' && (item.lastError?.status ?? 0) >= 500) finish(item)
        else if (cannotSendNow() && engine.getState().currentItemId !== id) finish(item)
      },
      error: () => finish(last),
    })
    cleanups.push(() => subscription.unsubscribe())
    const unsubscribe = engine.subscribe((state) => {
      if (state.paused === 'auth' && last && last.status !== 'sending') finish(last)
    })
    cleanups.push(unsubscribe)
    const onOffline = () => finish(last)
    window.addEventListener('offline', onOffline)
    cleanups.push(() => window.removeEventListener('offline', onOffline))
    const timer = setTimeout(() => {
      // The last word from the database, not a possibly stale copy.
      void engine.getItem(id).then(finish, () => finish(last))
    }, ms)
    cleanups.push(() => clearTimeout(timer))
  })
}

/**
 * The public forms' outcome (reviews, expert registration, a visitor's farmer signup): a server
 * failure (5xx) is taken back out of the outbox, so the form can truthfully say "Please try again"
 * (its entries kept) and a second submit cannot deliver it twice. An item
 * the engine is resending at that very moment cannot be taken back: it stays queued, read as saved.
 */
export async function outcomeWithdrawingFailure(id: string): Promise<Outcome> {
  const [item] = await Promise.all([waitForOutcome(id), wordsReady()])
  const outcome = outcomeOf(item, navigator.onLine)
  if (outcome.kind !== 'failed') return outcome
  const { engine } = startOutbox()
  // The engine counts the item as its current one until its drain ends (right after this answer).
  await Promise.race([engine.idle(), new Promise((resolve) => setTimeout(resolve, 3_000))])
  try {
    await engine.deleteItem(id)
    return outcome
  } catch {
    return { kind: 'saved', reason: 'serverFailed' }
  }
}

/** What a form that keeps a server failure queued (Data Agent Mode) says: never 'failed'. */
export async function outcomeKeepingFailure(id: string): Promise<Outcome> {
  const [item] = await Promise.all([waitForOutcome(id), wordsReady()])
  return keptOutcome(outcomeOf(item, navigator.onLine))
}

/**
 * The words a form shows next ('Saved on this phone', the outbox's areas) may not be loaded yet on
 * the home page (its first paint carries only its own areas): loaded while waiting, so no key shows.
 */
function wordsReady(): Promise<void> {
  return allCatalogsReady().catch(() => undefined)
}

// ---- the Outbox screen's actions --------------------------------------------------------------

/** The agent's "Send now": everything waiting, now (also retries a queue paused for sign-in). */
export function sendNow(): Promise<void> {
  return startOutbox().engine.sendNow()
}

/** Open-fix-resend: the new payload is checked with the contract's schema first (throws PayloadInvalidError). */
export async function fixAndResend(id: string, payload: object, removePhotoIds: readonly string[] = []): Promise<OutboxItem> {
  const { engine } = startOutbox()
  const { validateQueuedPayload } = await loadValidator()
  const item = await engine.getItem(id)
  if (!item) throw new Error(t('outbox.itemGone'))
  return engine.resendItem(id, toJsonObject(payload), {
    validate: (value) => validateQueuedPayload(item, value),
    removePhotoIds,
  })
}

/** Only on the agent's explicit action (after a confirmation). */
export function deleteItem(id: string): Promise<void> {
  return startOutbox().engine.deleteItem(id)
}

/** Removes items the server already has (their records live on the server now). */
export async function clearSent(): Promise<number> {
  const { db, engine } = startOutbox()
  const sent = (await listOutbox(db)).filter((item) => item.status === 'sent')
  for (const item of sent) await engine.deleteItem(item.id)
  return sent.length
}

export async function itemPhotos(item: Pick<OutboxItem, 'photoIds'>): Promise<OutboxPhoto[]> {
  return photosOf(startOutbox().db, item)
}

export interface StorageInfo {
  estimate?: StorageEstimate
  /** undefined where the browser can't tell. */
  persisted?: boolean
}

export async function storageInfo(): Promise<StorageInfo> {
  const estimate = await storageEstimate()
  let persisted: boolean | undefined
  try {
    persisted = typeof navigator.storage?.persisted === 'function' ? await navigator.storage.persisted() : undefined
  } catch {
    persisted = undefined
  }
  return { ...(estimate && { estimate }), ...(persisted !== undefined && { persisted }) }
}

/** Asks for persistent storage now, whatever was asked before (the Outbox screen's "Keep storage"); answers whether it is. */
export function askPersistentStorage(): Promise<boolean | undefined> {
  return askPersistentStorageNow(startOutbox().db)
}

/** "Export unsent items": the file's text and how many items it holds. */
export async function exportUnsent(): Promise<{ text: string; count: number }> {
  const { db } = startOutbox()
  const items = (await listOutbox(db)).filter((item) => (PENDING_STATUSES as readonly string[]).includes(item.status))
  const photos = (await Promise.all(items.map((item) => photosOf(db, item)))).flat()
  return { text: await serializeBackup(items, photos), count: items.length }
}

/** "Import": adds the items this phone lacks (same id → skipped); throws BackupFormatError. */
export async function importBackup(text: string): Promise<{ added: number; skipped: number; alreadySent: number }> {
  const { db, engine } = startOutbox()
  const backup = await parseBackup(text)
  const added = await db.transaction('rw', db.outbox, db.photos, async () => {
    const existing = new Set((await db.outbox.bulkGet(backup.items.map((item) => item.id))).flatMap((item) => (item ? [item.id] : [])))
    const plan = planImport(backup, existing)
    const knownPhotos = new Set((await db.photos.bulkGet(plan.photos.map((photo) => photo.id))).flatMap((photo) => (photo ? [photo.id] : [])))
    await db.outbox.bulkAdd(plan.items)
    await db.photos.bulkAdd(plan.photos.filter((photo) => !knownPhotos.has(photo.id)))
    return plan
  })
  if (added.items.length > 0) engine.notifyOnline()
  return { added: added.items.length, skipped: added.skipped.length, alreadySent: added.alreadySent.length }
}
