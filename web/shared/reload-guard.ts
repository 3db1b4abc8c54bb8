// The hook point for "updates never eat a form" (offline-sync.md promise 9).
//
// A screen with unsaved input (a dirty form) or the outbox while it is sending registers a
// guard; the update banner asks the guards before it lets the new version take over, and runs
// every `beforeReload` task first (e.g. save the form's draft to IndexedDB).
//
// - A guard without `settle` (a dirty form) forbids the reload: the banner says "Finish or save
//   your form first" and the page stays as it is, typed values included.
// - A guard with `settle` (the outbox sending) only delays it: the banner waits for `settle()`
//   and reloads once nothing blocks any more.

export interface ReloadGuard {
  /**
   * What the user is told, e.g. 'You have an unsaved farmer signup.'. A function is read when
   * Reload is tapped, so the reason speaks the language the reader switched to meanwhile.
   */
  reason: string | (() => string)
  /** True while reloading now would lose something. */
  blocking: () => boolean
  /** Resolves when this guard stops blocking by itself (e.g. sending ends). */
  settle?: () => Promise<void>
}

const guards = new Set<ReloadGuard>()
const beforeReloadTasks = new Set<() => Promise<void> | void>()

/** Register a guard; returns the function that removes it (use it as an effect cleanup). */
export function addReloadGuard(guard: ReloadGuard): () => void {
  guards.add(guard)
  return () => void guards.delete(guard)
}

/** Register work to finish before the page reloads; returns its remover. */
export function addBeforeReload(task: () => Promise<void> | void): () => void {
  beforeReloadTasks.add(task)
  return () => void beforeReloadTasks.delete(task)
}

/** The guards that currently forbid a reload. */
export function blockingGuards(): ReloadGuard[] {
  return [...guards].filter((guard) => {
    try {
      return guard.blocking()
    } catch {
      // A guard that can't tell is taken at its word: something may be lost.
      return true
    }
  })
}

function reasonOf(guard: ReloadGuard): string {
  return typeof guard.reason === 'function' ? guard.reason() : guard.reason
}

/** The reasons that currently forbid a reload (empty when reloading is safe). */
export function reloadBlockers(): string[] {
  return blockingGuards().map(reasonOf)
}

/** Run every before-reload task (all of them, even when one fails), then report blockers. */
export async function prepareForReload(): Promise<string[]> {
  await Promise.allSettled([...beforeReloadTasks].map(async (task) => task()))
  return reloadBlockers()
}

export type ReloadDecision =
  /** Nothing blocks: reload now. */
  | { kind: 'reload' }
  /** A form is dirty: never reload; tell the user why. */
  | { kind: 'blocked'; reasons: string[] }

/**
 * What the update banner's Reload does before reloading: save drafts, then wait for the guards
 * that settle by themselves (sending), up to `maxWaitMs`; a dirty form blocks outright.
 * `onWaiting` is told the reasons it waits for.
 */
export async function decideReload({ maxWaitMs = 120_000, onWaiting }: { maxWaitMs?: number; onWaiting?: (reasons: string[]) => void } = {}): Promise<ReloadDecision> {
  await prepareForReload()
  const deadline = Date.now() + maxWaitMs
  for (;;) {
    const blocking = blockingGuards()
    if (blocking.length === 0) return { kind: 'reload' }
    const hard = blocking.filter((guard) => !guard.settle)
    if (hard.length > 0) return { kind: 'blocked', reasons: hard.map(reasonOf) }
    const left = deadline - Date.now()
    if (left <= 0) return { kind: 'blocked', reasons: blocking.map(reasonOf) }
    onWaiting?.(blocking.map(reasonOf))
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      Promise.allSettled(blocking.map((guard) => guard.settle?.())),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, left)
      }),
    ])
    clearTimeout(timer)
    // Sending may have ended with a form made dirty meanwhile: look again, and save again.
    await prepareForReload()
  }
}
