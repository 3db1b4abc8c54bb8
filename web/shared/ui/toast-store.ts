// The toast store (spec 000 §9: at most one at a time, 5000 ms by default, a default and a
// destructive variant): its own module, so a screen can post a toast without loading the Toaster,
// which the app mounts once the page is idle (web/app/app.tsx) and which shows what was posted.
export type ToastVariant = 'default' | 'destructive'
export type ToastOptions = { title: string; description?: string; variant?: ToastVariant; durationMs?: number }
type ActiveToast = Required<Omit<ToastOptions, 'description'>> & { description?: string; id: number }

const DEFAULT_DURATION_MS = 5000
let current: ActiveToast | null = null
let nextId = 1
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

function emit() {
  for (const listener of listeners) listener()
}

export function dismissToast() {
  clearTimeout(timer)
  current = null
  emit()
}

/** Shows a toast, replacing the one on screen (one at a time). */
export function toast(options: ToastOptions) {
  clearTimeout(timer)
  current = { variant: 'default', durationMs: DEFAULT_DURATION_MS, ...options, id: nextId++ }
  timer = setTimeout(dismissToast, current.durationMs)
  emit()
}

export function subscribeToast(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const currentToast = () => current
