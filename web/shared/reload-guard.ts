// The hook point for "updates never eat a form" (offline-sync.md promise 9).
//
// A screen with unsaved input (a dirty form) or the outbox while it is sending registers a
// guard; the update banner asks `reloadBlockers()` before it lets the new version take over,
// and runs every `beforeReload` task first (e.g. save the form's draft to IndexedDB).
// The full behaviour (draft saving, outbox awareness) lands with the forms and sync issues;
// they only need to call `addReloadGuard` / `addBeforeReload` from their own code.

export interface ReloadGuard {
  /** What the user is told, e.g. 'You have an unsaved farmer signup.' */
  reason: string
  /** True while reloading now would lose something. */
  blocking: () => boolean
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

/** The reasons that currently forbid a reload (empty when reloading is safe). */
export function reloadBlockers(): string[] {
  return [...guards].filter((g) => g.blocking()).map((g) => g.reason)
}

/** Run every before-reload task (all of them, even when one fails), then report blockers. */
export async function prepareForReload(): Promise<string[]> {
  await Promise.allSettled([...beforeReloadTasks].map(async (task) => task()))
  return reloadBlockers()
}
