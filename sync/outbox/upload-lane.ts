// The photo uploads of one drain, in queue order, a bounded number at a time. The engine puts the
// photos of the items behind the one it is sending here ahead of time ("ahead"), so their bytes
// go while earlier records are posted; the item being sent asks for its own photos "now", which
// moves them to the front. A task's answer is never kept past its end: the photo record in
// IndexedDB is what remembers an upload.

export interface UploadLane<T> {
  /** The task for `key`: the one queued or in flight, else `task`, queued. `now` puts it first in line. */
  run(key: string, task: () => Promise<T>, options: { now: boolean }): Promise<T>
  /** Puts the tasks of these keys first in line and waits for them (whatever they come to). */
  settle(keys: readonly string[]): Promise<void>
  /** The task of `key` was asked for "now" (the item being sent). */
  isNow(key: string): boolean
  /** Tasks queued or in flight. */
  readonly size: number
  /** No task queued "ahead" starts from here on (one failed: the one being sent will meet the same). */
  halt(): void
  readonly isHalted: boolean
  /** Drops what has not started (resolving it with `dropped`), then waits for what has. */
  close(): Promise<void>
}

interface Entry<T> {
  key: string
  task: () => Promise<T>
  isNow: boolean
  isStarted: boolean
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

export function createUploadLane<T>(options: { parallel: () => number; dropped: T; onTaskEnd?: () => void }): UploadLane<T> {
  const entries = new Map<string, Entry<T>>()
  const queue: Entry<T>[] = []
  const running = new Set<Promise<unknown>>()
  let halted = false
  let closed = false

  function pump(): void {
    while (queue.length > 0) {
      const inFlight = [...entries.values()].filter((entry) => entry.isStarted).length
      if (inFlight >= Math.max(1, options.parallel())) return
      const index = queue.findIndex((entry) => entry.isNow || (!halted && !closed))
      if (index < 0) return
      const [entry] = queue.splice(index, 1)
      if (entry) start(entry)
    }
  }

  function start(entry: Entry<T>): void {
    entry.isStarted = true
    const done: Promise<void> = Promise.resolve().then(entry.task).then(entry.resolve, entry.reject).finally(() => {
      entries.delete(entry.key)
      running.delete(done)
      pump()
      if (!closed) options.onTaskEnd?.()
    })
    running.add(done)
  }

  return {
    run(key, task, { now }) {
      const existing = entries.get(key)
      if (!existing && closed && !now) return Promise.resolve(options.dropped)
      if (existing) {
        if (now && !existing.isStarted && !existing.isNow) {
          existing.isNow = true
          queue.splice(queue.indexOf(existing), 1)
          queue.splice(queue.filter((entry) => entry.isNow).length, 0, existing)
          pump()
        }
        return existing.promise
      }
      let resolve!: (value: T) => void
      let reject!: (error: unknown) => void
      const promise = new Promise<T>((res, rej) => {
        resolve = res
        reject = rej
      })
      // Nobody may be waiting for a task queued ahead: its failure must not go unhandled.
      promise.catch(() => undefined)
      const entry: Entry<T> = { key, task, isNow: now, isStarted: false, promise, resolve, reject }
      entries.set(key, entry)
      if (now) queue.splice(queue.filter((queued) => queued.isNow).length, 0, entry)
      else queue.push(entry)
      pump()
      return promise
    },
    async settle(keys) {
      const waiting: Promise<unknown>[] = []
      for (const key of keys) {
        const entry = entries.get(key)
        if (entry) waiting.push(this.run(key, entry.task, { now: true }))
      }
      await Promise.allSettled(waiting)
    },
    isNow: (key) => entries.get(key)?.isNow === true,
    get size() {
      return entries.size
    },
    halt() {
      halted = true
    },
    get isHalted() {
      return halted
    },
    async close() {
      closed = true
      for (const entry of queue.splice(0)) {
        if (entry.isNow) {
          start(entry)
          continue
        }
        entries.delete(entry.key)
        entry.resolve(options.dropped)
      }
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}

/** Slots for the photo bytes themselves: an upload asks for the URL freely, then waits here to PUT. */
export interface UploadGate {
  /** Resolves when a slot is free (a `now` waiter goes before the others); call the answer to free it. */
  enter(now: boolean): Promise<() => void>
}

export function createUploadGate(slots: () => number): UploadGate {
  let inside = 0
  const waiting: { now: boolean; admit: () => void }[] = []
  const admitNext = () => {
    while (waiting.length > 0 && inside < Math.max(1, slots())) {
      const index = Math.max(0, waiting.findIndex((waiter) => waiter.now))
      const [waiter] = waiting.splice(index, 1)
      inside++
      waiter?.admit()
    }
  }
  return {
    enter(now) {
      return new Promise((resolve) => {
        let isFreed = false
        const free = () => {
          if (isFreed) return
          isFreed = true
          inside--
          admitNext()
        }
        waiting.push({ now, admit: () => resolve(free) })
        admitNext()
      })
    },
  }
}
