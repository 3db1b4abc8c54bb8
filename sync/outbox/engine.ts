// The outbox's sending engine (offline-sync promises 2, 4 and 5). No React: web/ binds to
// getState()/subscribe() (useSyncExternalStore) and wires the browser's events to it
// (triggers.ts). The rules, with the response sorting table, are in sync/README.md.
//
// - Oldest first, one tab at a time (Web Lock 'viti-outbox'); inside the lock one record at a time,
//   while the photos of the next few items already go up (upload-lane.ts), as many at once as the
//   measured link allows (link-meter.ts): one on a slow link.
// - An item's photos are uploaded first (upload URL, then PUT), each path remembered on its photo
//   record; then the record is POSTed with Idempotency-Key: <item.id>. The issued URL is remembered
//   before the PUT, so a PUT whose answer was lost is repeated to the same URL.
// - A pick reads the waiting items from the index only as far as it must (outbox.ts waitingInOrder).
// - A failed head item holds back the ones behind it, so the server receives them in the order
//   they were made, except an item the server keeps failing with 5xx (poisonAfter), which stops
//   holding the others back.
// - Nothing is ever deleted here: the agent deletes, through deleteItem.
import { dropControlCharacters } from '../../api/contract/control-characters'
import { isStorageFull } from './storage-full'
import { withReconnect } from './connection'
import type { IssuedUpload, JsonObject, JsonValue, OutboxDatabase, OutboxError, OutboxItem, OutboxPhoto } from './db'
import {
  IDEMPOTENCY_KEY_HEADER, PHOTO_PATH_PATTERN, PUBLIC_UPLOAD_URL_ENDPOINT, SIGNED_IN_UPLOAD_URL_BATCH_ENDPOINT, SIGNED_IN_UPLOAD_URL_ENDPOINT,
  UPLOAD_URL_BATCH_MAX, defaultSetTimer, judge, needsAuth, request, type FetchLike, type SetTimer, type Verdict,
} from './http'
import { createLinkMeter } from './link-meter'
import { OUTBOX_LOCK_NAME, browserLocks, pageOnlyLocks, type OutboxLocks } from './locks'
import {
  deleteItem as deleteOutboxItem, enqueue as enqueueItem, getItem, markStatus, photosOf, waitingAfter, waitingInOrder, type EnqueueInput, type WaitingOrder,
} from './outbox'
import { restoreOutboxItem } from './restore'
import { outboxTexts } from './texts'
import { createUploadGate, createUploadLane, type UploadGate, type UploadLane } from './upload-lane'
import { defaultUploadTransport, type UploadTransport } from './upload-transport'
import { createUploadUrlStock, type BatchAnswer, type PhotoHints, type UploadUrlStock, type UrlAnswer } from './upload-urls'

export interface BackoffOptions {
  /** The first retry waits between half this and this (equal jitter). */
  baseMs: number
  /** No wait grows beyond this. */
  capMs: number
  /** No wait is shorter than this (keeps a jitter of ~0 from spinning). */
  floorMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 5 * 60_000, floorMs: 500 }
export const DEFAULT_TIMEOUT_MS = 30_000
/** A photo PUT gets the timeout plus one second per this many bytes (2G-ish speed), up to 10 min. */
export const UPLOAD_BYTES_PER_SECOND_FLOOR = 4_096
export const MAX_UPLOAD_TIMEOUT_MS = 10 * 60_000
/** The server forgets uploads no record references after a day: older ones are uploaded again while that is safe. */
export const UPLOAD_REUSE_MS = 20 * 60 * 60_000
/** A Retry-After longer than this is read as this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000
export const DEFAULT_POISON_AFTER = 5
const LOCK_BUSY_RECHECK_MS = 5_000
/** Above the longest wait the engine stores (jitter included): see comesAt. */
const STORED_WAIT_SLACK_MS = 60_000
const OFFLINE_RECHECK_MS = 60_000
const MIN_WAKE_MS = 1_000
const MAX_WAKE_MS = 60 * 60_000
/** Without cross-tab locks, a 'sending' item is only taken back once it can't still be in flight. */
const STALE_SENDING_MS = MAX_UPLOAD_TIMEOUT_MS + 5 * 60_000
/** Items read at a time when looking past the one being sent for photos to send ahead. */
const AHEAD_PAGE = 4
/**
 * Photos queued or going up ahead, per upload the link takes at once. Three: on a slow link a small
 * request waits behind the photo going up, so the URL for the photo after next is asked for now,
 * and is there when the next one's bytes are out.
 */
const AHEAD_PER_UPLOAD = 3

export interface OutboxEngineOptions {
  db: OutboxDatabase
  /** Called detached (never as a method of this object), so window.fetch can be passed as it is. */
  fetch: FetchLike
  /** The signed-in agent's bearer token, read at each send. */
  getAuthToken: () => string | undefined
  /**
   * The signed-in agent's id. When given, a data-agent item made by another agent is never sent
   * under this one: it waits, with a message, until its own agent signs in.
   */
  getSignedInAgentId?: () => string | undefined
  /** The queue paused on a 401 (or a data-agent item with no session): ask the agent to sign in. */
  onAuthRequired?: () => void
  now?: () => number
  /** In [0, 1): the backoff's jitter. */
  random?: () => number
  /** navigator.locks, or createMemoryLocks() in tests; default navigator.locks, else a page-only lock. */
  locks?: OutboxLocks
  setTimer?: SetTimer
  /** False only when the browser is sure it is offline (navigator.onLine); then nothing is tried. */
  isOnline?: () => boolean
  /** Called when a send failed for lack of network: registerBackgroundSync from background-sync.ts. */
  requestBackgroundSync?: () => unknown
  /** Default check for resendItem's new payload (e.g. validateQueuedPayload from validate.ts); throws on invalid. */
  validatePayload?: (item: Pick<OutboxItem, 'kind' | 'endpoint'>, payload: JsonObject) => void
  backoff?: Partial<BackoffOptions>
  timeoutMs?: number
  /** After this many 5xx answers in a row an item stops holding back the ones behind it (Infinity: never). */
  poisonAfter?: number
  /** Unexpected failures (a bug, storage trouble). Default console.warn. */
  onError?: (error: unknown) => void
  /** How a photo's bytes go up (with progress). Default: XMLHttpRequest in a page, else `fetch`. */
  upload?: UploadTransport
}

export interface OutboxProgress {
  uploadedPhotos: number
  totalPhotos: number
}

export interface PhotoUpload {
  itemId: string
  sentBytes: number
  totalBytes: number
}

/** This drain's photo bytes, for "12.1 MB of 30.0 MB sent, about 2 min left". */
export interface OutboxTransfer {
  /** The waiting items' photo bytes not yet on the server when the drain began (0: none). */
  totalBytes: number
  /** The part of them sent since (uploads under way counted as far as they got). */
  sentBytes: number
  /** Photo bytes a second, measured over this drain; null until a photo has gone. */
  bytesPerSecond: number | null
  /** Photos going up now, by photo id. */
  uploads: Readonly<Record<string, PhotoUpload>>
}

/** After this long, a drain's progress alone gives its speed (the time left), even before a photo is up. */
const DRAIN_SPEED_AFTER_MS = 3_000

const NO_TRANSFER: OutboxTransfer = { totalBytes: 0, sentBytes: 0, bytesPerSecond: null, uploads: {} }

export interface OutboxEngineState {
  /** start() was called and stop() not since. */
  isRunning: boolean
  /** This tab is sending an item right now (guards a reload, promise 9). */
  isSending: boolean
  /** 'auth': a 401 (or no session for a data-agent item) paused the queue until resumeAfterSignIn(). */
  paused: 'auth' | null
  currentItemId: string | null
  /** Photos of the current item. */
  progress: OutboxProgress
  /** When the backoff timer wakes the queue next (null: nothing waits on it). */
  nextWakeAt: number | null
  /**
   * Until when the server asked the queue to wait (its Retry-After on every item "Send now" could
   * send): before it, even Send now sends nothing. Null when Send now could send something.
   */
  serverWaitUntil: number | null
  /** Another tab holds the lock and sends for this phone. */
  isOtherTabSending: boolean
  /** Photo bytes of the drain under way (all zero between drains). */
  transfer: OutboxTransfer
  /**
   * The last drain stopped because the phone refused to store (its storage is full): nothing can be
   * marked sent, so nothing is sent. Cleared by the next drain that ends without that refusal.
   */
  noRoom: boolean
}

export interface ResendOptions {
  /** Overrides the engine's validatePayload for this call; throws on an invalid payload. */
  validate?: (payload: JsonObject) => void
  /** Photos to drop from the item (e.g. one the server refused). */
  removePhotoIds?: readonly string[]
}

export interface OutboxEngine {
  /** Starts, and drains at once. */
  start(): void
  /** Stops timers and aborts the request in flight; resolves when the engine is quiet. */
  stop(): Promise<void>
  /**
   * The agent's "Send now": everything waiting goes now, backoff or not (only a server's Retry-After
   * still holds). The one trigger that skips the backoff. Resolves when the drain ends.
   */
  sendNow(): Promise<void>
  /** The browser's `online` event (and the service worker's Background Sync message): what is due goes. */
  notifyOnline(): void
  /** The page became visible (visibilitychange, pageshow): what is due goes. */
  notifyVisible(): void
  /** After the agent signed in again: lifts the 'auth' pause and sends. */
  resumeAfterSignIn(): Promise<void>
  /** Queue a submission (outbox.ts enqueue) and start sending it. */
  enqueue(input: EnqueueInput): Promise<OutboxItem>
  /**
   * Fix and resend: the item (needs attention, or waiting) goes back to waiting with attempts 0
   * and, if given, the new payload (validated first). Same id, so the same Idempotency-Key: the
   * server released the key when it refused the item.
   */
  resendItem(id: string, newPayload?: JsonObject, options?: ResendOptions): Promise<OutboxItem>
  /** The agent's explicit delete (the item and its photos). Refused while the item is in flight. */
  deleteItem(id: string): Promise<void>
  getItem(id: string): Promise<OutboxItem | undefined>
  getState(): OutboxEngineState
  /** Called on every state change (not at once); answers the unsubscribe function. */
  subscribe(listener: (state: OutboxEngineState) => void): () => void
  /** Resolves when no drain is running. */
  idle(): Promise<void>
}

/**
 * How hard a trigger pushes past the backoff. Whatever wakes the engine by itself (start, the
 * timer, online, visibility, Background Sync) sends only what is due: with the phone online and
 * the server unreachable, Background Sync fires again at once after each failure, and skipping
 * the backoff there made 127 attempts in 20 s.
 */
type Force =
  /** Only what is due. */
  | 'due'
  /** Everything waiting (the agent's explicit actions). */
  | 'all'

type SendResult = 'next' | 'paused' | 'stopped'

/** A photo the phone can no longer read (its stored file is gone): only the agent can decide, by removing it. */
type Unreadable = { kind: 'unreadable' }

type Delivery = Verdict | Unreadable | { kind: 'gone' }

/** What one photo's upload came to: its path, or why not. */
type PhotoOutcome = string | Delivery

export function createOutboxEngine(options: OutboxEngineOptions): OutboxEngine {
  const { db } = options
  const fetchImpl = options.fetch
  const now = options.now ?? (() => Date.now())
  const random = options.random ?? (() => Math.random())
  const setTimer = options.setTimer ?? defaultSetTimer
  const explicitLocks = options.locks ?? browserLocks()
  const locks = explicitLocks ?? pageOnlyLocks
  const isLockAcrossTabs = explicitLocks !== undefined
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...options.backoff }
  const maxStoredWaitMs = Math.max(backoff.capMs, MAX_RETRY_AFTER_MS) + STORED_WAIT_SLACK_MS
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const poisonAfter = options.poisonAfter ?? DEFAULT_POISON_AFTER
  const reportError = options.onError ?? ((error: unknown) => console.warn('Outbox engine:', error))
  const uploadTransport = options.upload ?? defaultUploadTransport(fetchImpl)
  const link = createLinkMeter()

  let running = false
  let stopController = new AbortController()
  let draining: Promise<void> | null = null
  let rerun = false
  let rerunForce: Force = 'due'
  let cancelWake: (() => void) | null = null
  let state: OutboxEngineState = {
    isRunning: false, isSending: false, paused: null, currentItemId: null,
    progress: { uploadedPhotos: 0, totalPhotos: 0 }, nextWakeAt: null, serverWaitUntil: null, isOtherTabSending: false, transfer: NO_TRANSFER, noRoom: false,
  }
  const listeners = new Set<(state: OutboxEngineState) => void>()
  /** 5xx answers in a row per item (this page's memory: a reload gives a poisoned item another chance). */
  const serverFailures = new Map<string, number>()
  /** Signed-in upload URLs asked for several at a time, kept across drains for the agent whose token asked. */
  let urlStock: { token: string; stock: UploadUrlStock } | null = null
  /** The drain under way (its count of photos still without a URL sizes a batch). */
  let activeDrain: DrainUploads | null = null
  /** DrainUploads.carriedBytes for the next drain. */
  let bytesCarried = 0

  function setState(patch: Partial<OutboxEngineState>): void {
    const changed = (Object.keys(patch) as (keyof OutboxEngineState)[]).some((key) => !sameValue(state[key], patch[key]))
    if (!changed) return
    state = { ...state, ...patch }
    for (const listener of [...listeners]) {
      try {
        listener(state)
      } catch (error) {
        reportError(error)
      }
    }
  }

  const withDb = <T>(operation: () => Promise<T>): Promise<T> => withReconnect(db, operation, () => running)

  // ---- triggers

  function requestDrain(force: Force): Promise<void> {
    if (!running) return draining ?? Promise.resolve()
    rerun = true
    if (force === 'all') rerunForce = 'all'
    draining ??= runDrains()
    return draining
  }

  async function runDrains(): Promise<void> {
    // Lets `draining` be assigned before anything below can end the loop.
    await Promise.resolve()
    while (rerun && running) {
      rerun = false
      const force = rerunForce
      rerunForce = 'due'
      let wakeAt: number | null
      try {
        wakeAt = await drainUnderLock(force)
        setState({ noRoom: false })
      } catch (error) {
        reportError(error)
        // A full phone frees no space by itself: the agent is told (noRoom), and it is tried again
        // as when another tab holds the lock; any trigger (coverage, Send now) tries at once.
        if (isStorageFull(error)) setState({ noRoom: true })
        wakeAt = now() + LOCK_BUSY_RECHECK_MS
      }
      scheduleWake(wakeAt)
    }
    // Synchronous with the loop's last check: a trigger arriving from here on starts a new drain.
    draining = null
  }

  function scheduleWake(at: number | null): void {
    cancelWake?.()
    cancelWake = null
    if (at === null || !running) {
      setState({ nextWakeAt: null })
      return
    }
    const delay = Math.min(MAX_WAKE_MS, Math.max(MIN_WAKE_MS, at - now()))
    setState({ nextWakeAt: now() + delay })
    cancelWake = setTimer(() => {
      cancelWake = null
      void requestDrain('due')
    }, delay)
  }

  async function drainUnderLock(force: Force): Promise<number | null> {
    let wakeAt: number | null = now() + LOCK_BUSY_RECHECK_MS
    let gotLock = false
    await locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return
      gotLock = true
      wakeAt = await drain(force)
    })
    setState({ isOtherTabSending: !gotLock })
    // The tab that holds the lock walks the queue; this one reads the same walk (read-only), so its
    // Outbox says as much when the server asked to wait.
    if (!gotLock) await withDb(() => nextWake()).catch(reportError)
    return wakeAt
  }

  // ---- the drain (inside the lock)

  async function drain(force: Force): Promise<number | null> {
    // Before the offline check: an app killed mid-request and opened again with no coverage would
    // show the item "Sending" (neither fixable nor deletable) until coverage came back.
    await takeBackOrphans()
    if (!isOnline()) return now() + OFFLINE_RECHECK_MS
    const tried = new Set<string>()
    const current = openDrainUploads(force, tried)
    activeDrain = current
    try {
      while (running && state.paused === null) {
        const item = await pickNext(force, tried)
        if (!item) break
        tried.add(item.id)
        // Beside the first item's send, not before it: the count reads the whole queue.
        current.counting ??= countWaitingPhotoBytes(current).catch(reportError)
        current.aheadFrom = Math.max(current.aheadFrom, item.createdAt)
        if ((await sendItem(item, current)) !== 'next') break
      }
    } finally {
      await closeDrainUploads(current)
      activeDrain = null
      setState({ isSending: false, currentItemId: null, progress: { uploadedPhotos: 0, totalPhotos: 0 }, transfer: NO_TRANSFER })
    }
    return state.paused === null ? nextWake() : null
  }

  // ---- photos sent ahead (inside the lock, one drain)

  /** The photo uploads of one drain and how far it has looked ahead for more. */
  interface DrainUploads {
    lane: UploadLane<PhotoOutcome>
    /** The PUTs themselves, as many at once as the link takes; upload URLs are asked for ahead of them. */
    gate: UploadGate
    /** Aborted when the drain ends: an upload sent ahead and still going stops (its URL is kept for next time). */
    controller: AbortController
    force: Force
    tried: ReadonlySet<string>
    /** Items made after this are the ones still to look at. */
    aheadFrom: number
    /** An item ahead is not due (or waits for a sign-in): the records stop there, so the photos do too. */
    isAheadBlocked: boolean
    looking: Promise<void> | null
    counting: Promise<void> | null
    /** Photos of the waiting items that need an upload URL (null until counted), and how many got one since. */
    urlsWanted: number | null
    urlsTaken: number
    /** Photo ids counted in transfer.totalBytes. */
    counted: Set<string>
    completedBytes: number
    /**
     * Photo bytes earlier drains of this page stored while their items are still unsent (a drain cut
     * by a link drop): counted as sent, so the bar goes on where it stopped, not from 0 of what is
     * left. Not part of this drain's speed.
     */
    carriedBytes: number
    firstUploadAt: number | null
    going: Map<string, PhotoUpload>
    detachStop: () => void
  }

  function openDrainUploads(force: Force, tried: ReadonlySet<string>): DrainUploads {
    const carriedBytes = bytesCarried
    if (carriedBytes > 0) setState({ transfer: { ...NO_TRANSFER, totalBytes: carriedBytes, sentBytes: carriedBytes } })
    const controller = new AbortController()
    const onStop = () => controller.abort()
    stopController.signal.addEventListener('abort', onStop, { once: true })
    const current: DrainUploads = {
      // Room in the lane as an upload ends: the next photos are looked for at once, not when the records catch up.
      lane: createUploadLane<PhotoOutcome>({ parallel: () => AHEAD_PER_UPLOAD * link.parallelUploads(), dropped: { kind: 'stopped' }, onTaskEnd: () => lookAhead(current) }),
      gate: createUploadGate(() => link.parallelUploads()),
      controller, force, tried, aheadFrom: -Infinity, isAheadBlocked: false, looking: null, counting: null, urlsWanted: null, urlsTaken: 0,
      counted: new Set(), completedBytes: 0, carriedBytes, firstUploadAt: null, going: new Map(),
      detachStop: () => stopController.signal.removeEventListener('abort', onStop),
    }
    return current
  }

  async function closeDrainUploads(current: DrainUploads): Promise<void> {
    current.isAheadBlocked = true
    current.controller.abort()
    await current.looking
    await current.counting
    await current.lane.close()
    current.detachStop()
    // Photo bytes still to send: the next drain goes on from what is stored (a photo cut half-way
    // goes again whole). A drain that never counted (nothing was due) knows only whether anything waits.
    const stored = current.carriedBytes + current.completedBytes
    const isMoreToSend = current.counting === null
      ? stored > 0 && (await withDb(() => db.outbox.where('status').equals('waiting').count()).catch(() => 0)) > 0
      : state.transfer.totalBytes > stored
    bytesCarried = isMoreToSend ? stored : 0
  }

  /** The photo bytes the waiting items still have to send: the "of" in "sent of waiting". */
  async function countWaitingPhotoBytes(current: DrainUploads): Promise<void> {
    const items = (await withDb(() => db.outbox.where('status').equals('waiting').toArray()))
      .map((raw) => restoreOutboxItem(raw))
      .filter((item) => item.photoIds.length > 0 && heldFor(item) === undefined)
    if (items.length === 0) return
    const byId = new Map(items.map((item) => [item.id, item]))
    const photos = await withDb(() => db.photos.bulkGet(items.flatMap((item) => item.photoIds)))
    let addedBytes = 0
    let urlsWanted = 0
    for (const photo of photos) {
      const item = photo && byId.get(photo.outboxId)
      if (!photo || !item || isReusable(item, photo)) continue
      if (photo.issuedUpload === undefined || now() - photo.issuedUpload.issuedAt >= UPLOAD_REUSE_MS) urlsWanted++
      if (current.counted.has(photo.id)) continue
      current.counted.add(photo.id)
      addedBytes += photo.size
    }
    current.urlsWanted = urlsWanted
    if (addedBytes > 0 && !current.controller.signal.aborted) setState({ transfer: { ...state.transfer, totalBytes: state.transfer.totalBytes + addedBytes } })
  }

  /**
   * Queues the photos of the items behind the one being sent, in queue order, until the lane holds
   * enough to stay busy. Their records still go one at a time, in order, each after its photos.
   */
  function lookAhead(current: DrainUploads): void {
    if (current.looking || current.isAheadBlocked || current.lane.isHalted) return
    current.looking = queueAhead(current).catch(reportError).finally(() => (current.looking = null))
  }

  async function queueAhead(current: DrainUploads): Promise<void> {
    const enough = () => current.lane.size >= AHEAD_PER_UPLOAD * link.parallelUploads()
    while (!enough() && !current.isAheadBlocked && !current.lane.isHalted) {
      const page = await withDb(() => waitingAfter(db, current.aheadFrom, AHEAD_PAGE))
      if (page.length === 0) return
      for (const item of page) {
        if (current.isAheadBlocked) return
        current.aheadFrom = item.createdAt
        if (heldFor(item) !== undefined) continue
        if (!isDue(item, current.force, current.tried)) {
          if (isPoisoned(item.id)) continue
          current.isAheadBlocked = true
          return
        }
        const token = needsAuth(item.kind) ? options.getAuthToken() : undefined
        if (needsAuth(item.kind) && !token) {
          current.isAheadBlocked = true
          return
        }
        if (item.photoIds.length === 0) continue
        for (const photo of await withDb(() => photosOf(db, item))) {
          if (isReusable(item, photo)) continue
          void current.lane.run(photo.id, () => uploadPhoto(item, photo, token, current, false), { now: false }).then((outcome) => {
            // The item this photo belongs to will meet the same trouble when its turn comes, and be judged then.
            if (typeof outcome !== 'string') current.lane.halt()
          }, () => current.lane.halt())
        }
        if (enough()) return
      }
    }
  }

  function noteUpload(current: DrainUploads, itemId: string, photo: OutboxPhoto, sentBytes: number | 'done' | 'failed'): void {
    if (!current.counted.has(photo.id)) {
      current.counted.add(photo.id)
      setState({ transfer: { ...state.transfer, totalBytes: state.transfer.totalBytes + photo.size } })
    }
    current.firstUploadAt ??= now()
    // Set in place: a photo keeps its row (the order they started in) while its bytes go.
    if (sentBytes === 'done' || sentBytes === 'failed') current.going.delete(photo.id)
    if (sentBytes === 'done') current.completedBytes += photo.size
    else if (sentBytes !== 'failed') current.going.set(photo.id, { itemId, sentBytes: Math.min(photo.size, sentBytes), totalBytes: photo.size })
    let sent = current.completedBytes
    for (const upload of current.going.values()) sent += upload.sentBytes
    const elapsed = now() - current.firstUploadAt
    // This drain's own speed once a photo is up, or its bytes have gone a while (progress a moment
    // in can be the phone's buffers filling); before that, the speed the page last measured.
    const measured = link.bytesPerMs()
    const bytesPerSecond =
      (current.completedBytes > 0 || elapsed >= DRAIN_SPEED_AFTER_MS) && elapsed > 0 && sent > 0 ? (sent * 1000) / elapsed : measured === undefined ? null : measured * 1000
    setState({
      transfer: {
        totalBytes: Math.max(state.transfer.totalBytes, current.carriedBytes + sent),
        sentBytes: current.carriedBytes + sent,
        bytesPerSecond,
        uploads: Object.fromEntries(current.going),
      },
    })
  }

  /** The waiting items, read from the index only as far as the caller goes. */
  const waitingBy = (order: WaitingOrder) => waitingInOrder(db, order, withDb)

  /** Items left 'sending' by a tab that died (or this one, before a reload) go back to waiting. */
  async function takeBackOrphans(): Promise<void> {
    const raw = await withDb(() => db.outbox.where('status').equals('sending').toArray())
    for (const record of raw) {
      const item = restoreOutboxItem(record)
      if (item.id === state.currentItemId) continue
      // Holding a cross-tab lock proves nobody else is sending; a page-only lock proves nothing.
      if (!isLockAcrossTabs && now() - item.updatedAt < STALE_SENDING_MS) continue
      await withDb(() => markStatus(db, item.id, 'waiting', { nextAttemptAt: Math.min(item.nextAttemptAt, now()) }, now()))
    }
  }

  function heldFor(item: OutboxItem): string | undefined {
    if (!needsAuth(item.kind) || item.agentId === undefined) return undefined
    const signedIn = options.getSignedInAgentId?.()
    if (signedIn === undefined || signedIn === item.agentId) return undefined
    return item.agentName === undefined ? outboxTexts.heldForAnotherAgent : outboxTexts.heldForAgent(item.agentName)
  }

  function isPoisoned(id: string): boolean {
    return (serverFailures.get(id) ?? 0) >= poisonAfter
  }

  /**
   * When a time the engine stored comes, read on the clock as it is now. No wait it stores is longer
   * than the backoff's cap or a Retry-After's (plus jitter): a time further ahead was stored while
   * the phone's clock was ahead (days, before the network set it right), and the wait it stood for
   * is over. Read as is, it held the queue for those days, Send now and all.
   */
  function comesAt(at: number): number {
    return at - now() > maxStoredWaitMs ? now() : at
  }

  function isDue(item: OutboxItem, force: Force, tried: ReadonlySet<string>): boolean {
    // The server said when: asking sooner only earns another 429.
    if (item.notBefore !== undefined && comesAt(item.notBefore) > now()) return false
    if (comesAt(item.nextAttemptAt) <= now()) return true
    return force === 'all' && !tried.has(item.id)
  }

  async function pickNext(force: Force, tried: ReadonlySet<string>): Promise<OutboxItem | undefined> {
    // Oldest first; the scan ends at the first item that is neither held for its agent nor a
    // poisoned one waiting out its backoff, so a pick reads the head (and what is skipped), not the queue.
    for await (const item of waitingBy('createdAt')) {
      const held = heldFor(item)
      if (held !== undefined) {
        if (item.lastError?.message !== held) {
          await withDb(() => markStatus(db, item.id, 'waiting', {
            lastError: { message: held }, nextAttemptAt: item.nextAttemptAt, ...(item.notBefore !== undefined && { notBefore: item.notBefore }),
          }, now()))
        }
        continue
      }
      if (isDue(item, force, tried)) return item
      // The head waits out its backoff, and the rest wait behind it: first made, first received.
      if (!isPoisoned(item.id)) return undefined
    }
    return undefined
  }

  /**
   * When a pick could next find a due item: the head's nextAttemptAt (or a sooner one behind a
   * poisoned head). The same walk as pickNext, so the wake-up is the time the Outbox screen shows,
   * and an item made just now behind a head in backoff does not wake the queue every second.
   */
  async function nextWake(): Promise<number | null> {
    let soonest: number | null = null
    // The items a Send now could pick (the same walk): the server's wait holds only if it holds them all.
    let serverWait: number | null = null
    let isEveryPickWaiting = true
    for await (const item of waitingBy('createdAt')) {
      if (heldFor(item) !== undefined) continue
      soonest = Math.min(soonest ?? Infinity, comesAt(item.nextAttemptAt))
      const notBefore = item.notBefore === undefined ? undefined : comesAt(item.notBefore)
      if (notBefore !== undefined && notBefore > now()) serverWait = Math.min(serverWait ?? Infinity, notBefore)
      else isEveryPickWaiting = false
      if (!isPoisoned(item.id)) break
    }
    setState({ serverWaitUntil: isEveryPickWaiting ? serverWait : null })
    return soonest
  }

  // ---- one item

  async function sendItem(item: OutboxItem, current: DrainUploads): Promise<SendResult> {
    const token = needsAuth(item.kind) ? options.getAuthToken() : undefined
    if (needsAuth(item.kind) && !token) {
      await withDb(() => markStatus(db, item.id, 'waiting', { lastError: { status: 401, message: outboxTexts.signInAgain }, nextAttemptAt: now() }, now()))
      pauseForAuth()
      return 'paused'
    }
    // Asked again with the token, in the same task: another agent may have signed in (another tab)
    // since the queue was read, and this item must never go under their token.
    if (heldFor(item) !== undefined) return 'next'
    const marked = await withDb(() => markSending(item))
    if (!marked) return 'next'
    const sending = marked.item
    let delivery: Delivery
    try {
      // Photos sent ahead finish first (or fail, and are tried again below); what they stored is read back.
      setState({ isSending: true, currentItemId: sending.id, progress: { uploadedPhotos: 0, totalPhotos: sending.photoIds.length } })
      await current.lane.settle(sending.photoIds)
      const photos = marked.photos ?? await withDb(() => photosOf(db, sending))
      setState({
        isSending: true,
        currentItemId: sending.id,
        progress: { uploadedPhotos: photos.filter((photo) => isReusable(sending, photo)).length, totalPhotos: photos.length },
      })
      delivery = await deliver(sending, photos, token, current)
    } catch (error) {
      reportError(error)
      delivery = { kind: 'retry', cause: 'unexpected', error: { message: outboxTexts.phoneError } }
    }
    return settle(sending, delivery)
  }

  /**
   * Marks the item 'sending'. When none of its photos is still to go up (they went ahead, or it has
   * none), nothing can come between this and its POST, so postedAt is written in the same write:
   * one strict IndexedDB flush (a disk sync on a phone) before the record instead of two; the
   * flushes were 25-30 % of a loopback drain in Chromium (decision 020). The photos are read before,
   * not inside, the write: a readwrite scope over them would wait for (and hold up) the photos going
   * ahead. Answers them when it wrote postedAt.
   */
  async function markSending(item: OutboxItem): Promise<{ item: OutboxItem; photos?: OutboxPhoto[] } | undefined> {
    const photos = item.postedAt === undefined ? await photosOf(db, item) : undefined
    const isReady = photos !== undefined && photos.every((photo) => isReusable(item, photo))
    return db.transaction('rw', db.outbox, async () => {
      const sending = await markStatus(db, item.id, 'sending', {}, now())
      if (!sending) return undefined
      // Unchanged since the read (another tab may have dropped a photo), and still never posted.
      const isSame = sending.photoIds.length === photos?.length && photos.every((photo, index) => photo.id === sending.photoIds[index])
      if (!isReady || !isSame || sending.postedAt !== undefined) return { item: sending }
      const posted: OutboxItem = { ...sending, postedAt: now() }
      await db.outbox.put(posted)
      return { item: posted, photos }
    })
  }

  function isReusable(item: OutboxItem, photo: OutboxPhoto): photo is OutboxPhoto & { uploadedPath: string } {
    if (photo.uploadedPath === undefined) return false
    // Once the record went out, its body (these paths) must not change.
    if (item.postedAt !== undefined || photo.uploadedAt === undefined) return true
    return now() - photo.uploadedAt < UPLOAD_REUSE_MS
  }

  async function deliver(item: OutboxItem, photos: OutboxPhoto[], token: string | undefined, current: DrainUploads): Promise<Delivery> {
    const outcomes = photos.map((photo): PhotoOutcome | Promise<PhotoOutcome> => {
      if (isReusable(item, photo)) return photo.uploadedPath
      return current.lane.run(photo.id, () => uploadPhoto(item, photo, token, current, true), { now: true }).then((outcome) => {
        if (typeof outcome === 'string') setState({ progress: { ...state.progress, uploadedPhotos: state.progress.uploadedPhotos + 1 } })
        return outcome
      })
    })
    // This item's photos are first in line; the next items' photos may go while they and the record do.
    lookAhead(current)
    const paths: string[] = []
    for (const outcome of await Promise.all(outcomes)) {
      if (typeof outcome !== 'string') return outcome
      paths.push(outcome)
    }
    // Room in the lane again: the next photos go up while this record is posted.
    lookAhead(current)
    const reusesOldUpload = photos.some((photo) => isReusable(item, photo) && photo.uploadedAt !== undefined && now() - photo.uploadedAt >= UPLOAD_REUSE_MS)
    if (!running) return { kind: 'stopped' }

    const body = bodyWithPhotos(item, paths)
    if (item.postedAt === undefined) {
      // Written before the request leaves: from here on the server may hold this key with this body.
      const updated = await withDb(() => db.outbox.update(item.id, { postedAt: now() }))
      if (updated === 0) return { kind: 'gone' }
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: item.id }
    if (token) headers.Authorization = `Bearer ${token}`
    const answer = await timedRequest(item.endpoint, { method: 'POST', headers, body: JSON.stringify(body) })
    const verdict = judge(answer)
    if (verdict.kind === 'attention' && (verdict.status === 400 || verdict.status === 422) && reusesOldUpload) {
      // The record named uploads the server may have cleaned up (after a day unreferenced). A
      // refusal released the key, so the body may change: upload those photos again and retry,
      // once (fresh uploads make a second refusal land in needs attention).
      await withDb(() => db.outbox.update(item.id, { postedAt: undefined }))
      return { kind: 'retry', cause: 'unexpected', error: { status: verdict.status, message: outboxTexts.photosAgain } }
    }
    return verdict
  }

  /** A small request (upload URL, record), timed for the link meter. */
  async function timedRequest(url: string, init: RequestInit, signal?: AbortSignal) {
    const startedAt = performance.now()
    const answer = await request(fetchImpl, url, init, requestOptions(timeoutMs, signal))
    if (answer.kind === 'response') link.sampleRequest(performance.now() - startedAt)
    return answer
  }

  /** Upload URL, then the bytes; answers the photo's path, or why not. Changes nothing but the photo record. */
  async function uploadPhoto(item: OutboxItem, photo: OutboxPhoto, token: string | undefined, current: DrainUploads, isNow: boolean): Promise<PhotoOutcome> {
    const kept = photo.issuedUpload
    if (kept !== undefined && now() - kept.issuedAt < UPLOAD_REUSE_MS) {
      // An earlier PUT to this URL lost its answer (or never left): the same bytes again, same URL.
      const again = await putPhoto(item, photo, kept, current, isNow)
      // 404: the server no longer knows that id (cleaned up); 409: that id already holds other
      // bytes (this photo changed since). Either way a new URL takes this photo; waiting would not.
      const isGone = again.kind === 'attention' && again.status === 404
      const isTaken = again.kind === 'retry' && again.error.status === 409
      if (!isGone && !isTaken) return again.kind === 'ok' ? storeUploaded(photo, kept) : again
    }
    const asked = await askUploadUrl(item, { contentType: photo.contentType, size: photo.size }, token, current)
    if (asked.kind !== 'issued') return asked
    current.urlsTaken++
    const issued: IssuedUpload = asked.upload
    // Remembered before the PUT leaves, so a retry after a lost answer goes to the same URL.
    await withDb(() => db.photos.update(photo.id, { issuedUpload: issued }))
    const putVerdict = await putPhoto(item, photo, issued, current, isNow)
    return putVerdict.kind === 'ok' ? storeUploaded(photo, issued) : putVerdict
  }

  /**
   * An upload URL for one photo. A signed-in photo takes the next from the stock, which asks for the
   * photos starting beside it and the next ones in one request (upload-urls.ts); a refused batch
   * falls back to this photo's own request, so a refusal is judged exactly as before.
   */
  function askUploadUrl(item: OutboxItem, hints: PhotoHints, token: string | undefined, current: DrainUploads): Promise<UrlAnswer> {
    const alone = async (): Promise<UrlAnswer> => {
      const endpoint = needsAuth(item.kind) ? SIGNED_IN_UPLOAD_URL_ENDPOINT : PUBLIC_UPLOAD_URL_ENDPOINT
      const verdict = judge(await timedRequest(endpoint, { method: 'POST', headers: jsonHeaders(token), body: JSON.stringify(hints) }, current.controller.signal))
      if (verdict.kind !== 'ok') return verdict
      const read = readIssuedUpload(verdict.body)
      if (!read) return { kind: 'retry', cause: 'unexpected', error: { message: outboxTexts.noUploadAddress } }
      return { kind: 'issued', upload: { ...read, issuedAt: now() } }
    }
    if (!needsAuth(item.kind) || token === undefined) return alone()
    if (urlStock?.token !== token) {
      // Another agent's URLs are theirs (the server records who asked): they are left to age out.
      urlStock = {
        token,
        stock: createUploadUrlStock({
          now, maxAgeMs: UPLOAD_REUSE_MS, max: UPLOAD_URL_BATCH_MAX,
          wanted: () => (activeDrain?.urlsWanted ?? 0) - (activeDrain?.urlsTaken ?? 0),
          askBatch: (photos, key) => askUploadUrlBatch(token, photos, key),
          newKey: () => crypto.randomUUID(),
        }),
      }
    }
    return urlStock.stock.take(hints, alone, current.controller.signal)
  }

  /**
   * Ended by the engine's stop, not by the end of the drain that asked: the server issues the URLs
   * (each counted against the agent's budget) whether or not the answer is read, so the next drain
   * takes them from the stock instead of asking again.
   */
  async function askUploadUrlBatch(token: string, photos: readonly PhotoHints[], key: string): Promise<BatchAnswer> {
    const verdict = judge(await timedRequest(SIGNED_IN_UPLOAD_URL_BATCH_ENDPOINT, {
      method: 'POST', headers: { ...jsonHeaders(token), [IDEMPOTENCY_KEY_HEADER]: key }, body: JSON.stringify({ photos }),
    }))
    switch (verdict.kind) {
      case 'ok': {
        const uploads = readIssuedUploads(verdict.body, photos.length)
        return uploads ? { kind: 'issued', uploads } : { kind: 'alone', isBatchUnknown: false }
      }
      case 'attention':
        // 404/405: a server without the batch form. Any other refusal: each photo's own request says which.
        return { kind: 'alone', isBatchUnknown: verdict.status === 404 || verdict.status === 405 }
      default:
        return verdict
    }
  }

  async function putPhoto(item: OutboxItem, photo: OutboxPhoto, issued: IssuedUpload, current: DrainUploads, isNow: boolean): Promise<Verdict | Unreadable> {
    // The item being sent goes first; one sent ahead waits its turn (the gate admits the item being sent first).
    const leave = await current.gate.enter(isNow || current.lane.isNow(photo.id))
    // The slot is handed on once this photo's bytes are all on their way (upload progress says so,
    // or the measured speed does): then it only waits for its answer, and the link need not idle a
    // round trip before the next photo. Still only one photo's bytes on a slow link at a time.
    let hasLeft = false
    const handOn = () => {
      if (hasLeft) return
      hasLeft = true
      leave()
    }
    // The estimate only where the upload says nothing of its bytes until its answer (fetch): where it
    // does (a page's XMLHttpRequest), its last byte going says it. Timed from this photo's start, the
    // estimate fired early whenever the photo before still had bytes going (it assumes the whole
    // link), and on a slow link two or three photos then split it, each landing later.
    const handOffMs = link.handOffAfterMs(photo.size)
    let cancelHandOff = handOffMs === undefined ? () => undefined : setTimer(handOn, handOffMs)
    const onProgressSeen = () => {
      cancelHandOff()
      cancelHandOff = () => undefined
    }
    try {
      return await putPhotoBytes(item, photo, issued, current, handOn, onProgressSeen)
    } finally {
      cancelHandOff()
      handOn()
    }
  }

  async function putPhotoBytes(
    item: OutboxItem, photo: OutboxPhoto, issued: IssuedUpload, current: DrainUploads, onAllSent: () => void, onProgressSeen: () => void,
  ): Promise<Verdict | Unreadable> {
    if (current.controller.signal.aborted) return { kind: 'stopped' }
    const putTimeout = Math.min(MAX_UPLOAD_TIMEOUT_MS, timeoutMs + Math.ceil(photo.size / UPLOAD_BYTES_PER_SECOND_FLOOR) * 1000)
    const withProgress: FetchLike = (url, init) => uploadTransport(url, init ?? {}, (sentBytes) => {
      noteUpload(current, item.id, photo, sentBytes)
      if (sentBytes >= photo.size) onAllSent()
      else if (sentBytes > 0) onProgressSeen()
    })
    noteUpload(current, item.id, photo, 0)
    const startedAt = performance.now()
    const verdict = judge(await request(withProgress, issued.uploadURL, {
      method: 'PUT', headers: { 'Content-Type': photo.contentType }, body: photo.blob,
    }, requestOptions(putTimeout, current.controller.signal)))
    if (verdict.kind === 'ok') link.sampleUpload(photo.size, performance.now() - startedAt)
    noteUpload(current, item.id, photo, verdict.kind === 'ok' ? 'done' : 'failed')
    // A PUT whose body cannot be read fails as a network failure does (fetch and XMLHttpRequest say
    // no more): taken for one, it said "No connection" for ever and held back every item behind it.
    if (verdict.kind === 'retry' && verdict.cause === 'network' && !(await isPhotoReadable(photo))) return { kind: 'unreadable' }
    return verdict
  }

  async function isPhotoReadable(photo: OutboxPhoto): Promise<boolean> {
    if (await isReadable(photo.blob)) return true
    // A Blob read earlier can go stale while the stored one is fine (WebKit drops one whose
    // connection closed): the photo as stored now decides. One deleted meanwhile is not unreadable.
    const [stored] = await withDb(() => db.photos.bulkGet([photo.id])).catch(() => [undefined])
    return stored === undefined || (await isReadable(stored.blob))
  }

  async function storeUploaded(photo: OutboxPhoto, issued: IssuedUpload): Promise<string> {
    await withDb(() => db.photos.update(photo.id, { uploadedPath: issued.objectPath, uploadedAt: issued.issuedAt, issuedUpload: undefined }))
    return issued.objectPath
  }

  /** `signal` (a drain's) ends the request too; the engine's stop always does, as it aborts the drain's. */
  function requestOptions(ms: number, signal: AbortSignal = stopController.signal) {
    return { timeoutMs: ms, setTimer, stopSignal: signal, now }
  }

  async function settle(item: OutboxItem, delivery: Delivery): Promise<SendResult> {
    switch (delivery.kind) {
      case 'ok':
        serverFailures.delete(item.id)
        await withDb(() => markStatus(db, item.id, 'sent', { response: { status: delivery.status, body: delivery.body } }, now()))
        return 'next'
      case 'attention':
        serverFailures.delete(item.id)
        await withDb(() => markStatus(db, item.id, 'needsAttention', {
          lastError: delivery.error, response: { status: delivery.status, body: delivery.body },
        }, now()))
        return 'next'
      case 'auth':
        await withDb(() => markStatus(db, item.id, 'waiting', { lastError: delivery.error, nextAttemptAt: now() }, now()))
        pauseForAuth()
        return 'paused'
      case 'retry': {
        if (delivery.cause === 'server') serverFailures.set(item.id, (serverFailures.get(item.id) ?? 0) + 1)
        else serverFailures.delete(item.id)
        const retryAfter = Math.min(MAX_RETRY_AFTER_MS, delivery.retryAfterMs ?? 0)
        const delay = retryAfter > 0 && isServerAskingForTime(delivery)
          ? serverWaitDelay(retryAfter, backoff, random)
          : Math.max(retryAfter, backoffDelay(item.attempts, backoff, random))
        await withDb(() => markStatus(db, item.id, 'waiting', {
          lastError: delivery.error, nextAttemptAt: now() + delay, ...(retryAfter > 0 && { notBefore: now() + retryAfter }),
        }, now()))
        if (delivery.cause === 'network') requestBackgroundSync()
        return 'next'
      }
      case 'stopped':
        // Not a failure: it goes first on the next start. The write may fail if the page closed the db.
        await withDb(() => markStatus(db, item.id, 'waiting', { nextAttemptAt: now() }, now())).catch(() => undefined)
        return 'stopped'
      case 'unreadable':
        serverFailures.delete(item.id)
        await withDb(() => markStatus(db, item.id, 'needsAttention', { lastError: { message: outboxTexts.photoUnreadable } }, now()))
        return 'next'
      case 'gone':
        return 'next'
    }
  }

  function pauseForAuth(): void {
    if (state.paused === 'auth') return
    setState({ paused: 'auth' })
    try {
      options.onAuthRequired?.()
    } catch (error) {
      reportError(error)
    }
  }

  function requestBackgroundSync(): void {
    try {
      void Promise.resolve(options.requestBackgroundSync?.()).catch(() => undefined)
    } catch {
      // Background Sync is a bonus; the timer and the triggers cover without it.
    }
  }

  // ---- the agent's actions

  async function resendItem(id: string, newPayload?: JsonObject, resendOptions: ResendOptions = {}): Promise<OutboxItem> {
    const item = await withDb(() => getItem(db, id))
    if (!item) throw new Error(outboxTexts.itemGone)
    assertChangeable(item, newPayload !== undefined || (resendOptions.removePhotoIds?.length ?? 0) > 0)
    let payload: JsonObject | undefined
    if (newPayload !== undefined) {
      payload = JSON.parse(JSON.stringify(newPayload), dropControlCharacters) as JsonObject
      const validate = resendOptions.validate ?? (options.validatePayload && ((value: JsonObject) => options.validatePayload?.(item, value)))
      validate?.(payload)
    }
    const removed = new Set(resendOptions.removePhotoIds ?? [])
    const updated = await withDb(() => db.transaction('rw', db.outbox, db.photos, async () => {
      const raw = await db.outbox.get(id)
      if (raw === undefined) throw new Error(outboxTexts.itemGone)
      const current = restoreOutboxItem(raw)
      assertChangeable(current, payload !== undefined || removed.size > 0)
      const at = now()
      const next: OutboxItem = {
        ...current,
        payload: payload ?? current.payload,
        photoIds: current.photoIds.filter((photoId) => !removed.has(photoId)),
        status: 'waiting',
        attempts: 0,
        nextAttemptAt: at,
        updatedAt: at,
      }
      delete next.lastError
      delete next.response
      // Refused (or never posted): the server holds nothing under this key, so the body may change.
      if (current.status === 'needsAttention') delete next.postedAt
      if (removed.size > 0) await db.photos.bulkDelete([...removed].filter((photoId) => current.photoIds.includes(photoId)))
      await db.outbox.put(next)
      return next
    }))
    serverFailures.delete(id)
    // Due at once, in its place in the queue; only "Send now" pushes the others past their backoff.
    void requestDrain('due')
    return updated
  }

  function assertChangeable(item: OutboxItem, changesBody: boolean): void {
    if (item.status === 'sent') throw new Error(outboxTexts.alreadySent)
    if (item.status === 'sending' || state.currentItemId === item.id) throw new Error(outboxTexts.beingSent)
    if (changesBody && item.status === 'waiting' && item.postedAt !== undefined) {
      throw new Error(outboxTexts.mayHaveArrived)
    }
  }

  const engine: OutboxEngine = {
    start() {
      if (running) return
      running = true
      stopController = new AbortController()
      setState({ isRunning: true })
      void requestDrain('due')
    },
    async stop() {
      running = false
      cancelWake?.()
      cancelWake = null
      stopController.abort()
      await (draining ?? Promise.resolve())
      setState({ isRunning: false, nextWakeAt: null, isOtherTabSending: false })
    },
    sendNow() {
      if (state.paused !== null) setState({ paused: null })
      return requestDrain('all')
    },
    notifyOnline() {
      void requestDrain('due')
    },
    notifyVisible() {
      void requestDrain('due')
    },
    resumeAfterSignIn() {
      setState({ paused: null })
      // The items a 401 paused are due at once (markStatus now); the others keep their backoff.
      return requestDrain('due')
    },
    async enqueue(input) {
      const item = await withDb(() => enqueueItem(db, { now: now(), ...input }))
      if (!isOnline()) requestBackgroundSync()
      void requestDrain('due')
      return item
    },
    resendItem,
    async deleteItem(id) {
      if (state.currentItemId === id) throw new Error(outboxTexts.beingSent)
      await withDb(() => db.transaction('rw', db.outbox, db.photos, async () => {
        // Another tab may be sending it (this tab's state cannot say): deleted then, it still
        // reached the server, and a public form that withdrew it would be sent again as new.
        if ((await db.outbox.get(id))?.status === 'sending') throw new Error(outboxTexts.beingSent)
        await deleteOutboxItem(db, id)
      }))
    },
    getItem: (id) => withDb(() => getItem(db, id)),
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    idle: () => draining ?? Promise.resolve(),
  }
  return engine
}

/**
 * Exponential backoff with equal jitter: half the ceiling plus a random half, between the floor and
 * the cap. Phones of one village still spread out, and no run of low draws can shrink the waits:
 * a 20 s outage costs at most 5 attempts (full jitter allowed 40).
 */
export function backoffDelay(attempts: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.min(options.capMs, Math.max(options.floorMs, Math.floor(ceiling / 2 + (random() * ceiling) / 2)))
}

/**
 * A 429, or a 503 with Retry-After: the server knows when it can take the item. A 409/425 "still
 * working" cannot know when the other request ends (its Retry-After: 1 is a polling hint), so the
 * backoff still spaces those out: a claim left by a request the database cut goes stale only later.
 */
function isServerAskingForTime(delivery: Extract<Delivery, { kind: 'retry' }>): boolean {
  return delivery.cause === 'busy' && (delivery.error.status === 429 || delivery.error.status === 503)
}

/**
 * A server that says when to come back (isServerAskingForTime) is taken at its word: the next try is
 * then, plus a jitter of up to a tenth (at most 1 s) so the phones of a village do not all come back
 * in the same second, and never sooner than the backoff's floor. The exponential backoff is for a
 * server that cannot say: grown over a long database restart, it kept the queue waiting ~25 s after
 * the server was back.
 */
export function serverWaitDelay(retryAfterMs: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const wait = Math.max(options.floorMs, retryAfterMs)
  return wait + Math.floor(random() * Math.min(1_000, wait / 10))
}

/** Whether the phone can still read a stored Blob (a missing or changed file fails any read, even of one byte). */
async function isReadable(blob: Blob): Promise<boolean> {
  try {
    await blob.slice(0, 1).arrayBuffer()
    return true
  } catch {
    return false
  }
}

/** The record's body with its uploaded photos' paths: photoUrls for signups, photoUrl for experts. */
export function bodyWithPhotos(item: Pick<OutboxItem, 'kind' | 'payload' | 'photoIds'>, paths: readonly string[]): JsonObject {
  if (item.photoIds.length === 0 || paths.length === 0) return item.payload
  switch (item.kind) {
    case 'dataAgentSignup':
    case 'farmerSignup':
      return { ...item.payload, photoUrls: [...paths] }
    case 'expertSignup':
      return { ...item.payload, photoUrl: paths[0] ?? '' }
    default:
      return item.payload
  }
}

function jsonHeaders(token: string | undefined): Record<string, string> {
  return token ? { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } : { 'Content-Type': 'application/json' }
}

/** A batch answer's uploads, exactly `count` of them and each readable, or undefined. */
function readIssuedUploads(body: JsonValue, count: number): { uploadURL: string; objectPath: string }[] | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray(body.uploads) || body.uploads.length !== count) return undefined
  const uploads = body.uploads.map(readIssuedUpload)
  return uploads.every((upload): upload is { uploadURL: string; objectPath: string } => upload !== undefined) ? uploads : undefined
}

function readIssuedUpload(body: JsonValue): { uploadURL: string; objectPath: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const { uploadURL, objectPath } = body
  if (typeof uploadURL !== 'string' || uploadURL === '') return undefined
  if (typeof objectPath === 'string' && PHOTO_PATH_PATTERN.test(objectPath)) return { uploadURL, objectPath }
  // The spec: the path is /objects/uploads/{id}, derived from the URL.
  const id = /\/api\/uploads\/([0-9a-fA-F-]{36})(?:[?#].*)?$/.exec(uploadURL)?.[1]
  const derived = id && `/objects/uploads/${id.toLowerCase()}`
  return derived && PHOTO_PATH_PATTERN.test(derived) ? { uploadURL, objectPath: derived } : undefined
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key])
}

export type { OutboxError }
