// The page side of P5 in a browser (outbox-browser.ts bundles this at bench time; nothing of it is
// built into dist/ or shipped): the app's own engine and Dexie database, on the browser's IndexedDB,
// sending to the origin the page was served from, as the field app does. Photos come from the
// runner once, as Blobs, before anything is timed.
import { OutboxDatabase, type JsonObject } from '../../sync/outbox/db'
import { createOutboxEngine, type OutboxEngine } from '../../sync/outbox/engine'
import { xhrUploadTransport } from '../../sync/outbox/upload-transport'
import { benchEngineOptions } from './outbox-engine-options'

export interface PageItem {
  payload: JsonObject
  /** Indexes into the photos loaded by loadPhotos. */
  photos: number[]
}

export interface PageDrain {
  drainMs: number
  requests: number
  /** IndexedDB readwrite transactions during the drain: each is a strict flush (a disk sync) on a phone. */
  writes: number
  sent: number
  open: number
}

const photos: Blob[] = []

/** Fetches the runner's photo bytes (served on this origin by the bench's route) into Blobs. */
async function loadPhotos(count: number): Promise<number> {
  photos.length = 0
  for (let i = 0; i < count; i++) {
    const response = await fetch(`/__outbox-bench/photo/${i}`)
    photos.push(new Blob([await response.arrayBuffer()], { type: 'image/png' }))
  }
  return photos.reduce((sum, blob) => sum + blob.size, 0)
}

let queued: { db: OutboxDatabase; engine: OutboxEngine; requests: () => number; writes: { count: number } } | null = null

/** Queues every item in a fresh database, the engine not yet started (an agent back from the field). */
async function queue(items: PageItem[], agent: { id: string; name: string; token: string }, endpoint: string, durability?: 'relaxed'): Promise<void> {
  // The app's database ('strict' durability); 'relaxed' only to see what the flushes cost.
  const db = new OutboxDatabase(`viti-bench-${Date.now()}-${items.length}`, durability ? { chromeTransactionDurability: durability } : {})
  const writes = { count: 0 }
  db.use({
    stack: 'dbcore',
    name: 'count-writes',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        if (mode === 'readwrite') writes.count++
        return down.transaction(stores, mode, options)
      },
    }),
  })
  let requests = 0
  const engine = createOutboxEngine({
    db,
    fetch: (input, init) => {
      requests++
      return fetch(input, init)
    },
    // The engine's own default in a page (XMLHttpRequest, for progress), counted.
    upload: (url, init, onProgress) => {
      requests++
      return xhrUploadTransport(url, init, onProgress)
    },
    ...benchEngineOptions(agent),
  })
  queued = { db, engine, requests: () => requests, writes }
  for (const item of items) {
    await engine.enqueue({ kind: 'dataAgentSignup', endpoint, payload: item.payload, photos: item.photos.map((index) => photos[index]!), agent: { id: agent.id, name: agent.name } })
  }
}

/** Times start() to the last item's answer, as the node bench does; then closes the database. */
async function drain(): Promise<PageDrain> {
  if (!queued) throw new Error('queue() first')
  const { db, engine, requests, writes } = queued
  queued = null
  writes.count = 0
  try {
    const countOpen = async () => (await db.outbox.where('status').equals('waiting').count()) + (await db.outbox.where('status').equals('sending').count())
    const started = performance.now()
    engine.start()
    while ((await countOpen()) > 0) await engine.sendNow()
    const drainMs = performance.now() - started
    return { drainMs, requests: requests(), writes: writes.count, sent: await db.outbox.where('status').equals('sent').count(), open: await countOpen() }
  } finally {
    await engine.stop()
    // Not deleted: the profile is a temp dir, dropped with the run.
    db.close()
  }
}

/** The floor: the same Blobs PUT one after another by fetch to a sink that only reads them. */
async function rawPuts(url: string): Promise<number> {
  // The sink answers the preflight with Access-Control-Max-Age: one warm-up PUT pays it before the clock runs.
  await (await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Blob(['warm-up']) })).arrayBuffer()
  const started = performance.now()
  for (const photo of photos) {
    const response = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: photo })
    await response.arrayBuffer()
  }
  return performance.now() - started
}

const bench = { loadPhotos, queue, drain, rawPuts }
export type OutboxBenchPage = typeof bench
;(globalThis as unknown as { outboxBench: OutboxBenchPage }).outboxBench = bench
