// How often a worker thread may be started again (the read thread, the export thread): one that dies
// at start must not be restarted in a loop, so at most `max` starts within any `windowMs`.
export function startBudget(max: number, windowMs: number): () => boolean {
  const starts: number[] = []
  return function mayStart() {
    const now = Date.now()
    while (starts.length > 0 && now - starts[0]! > windowMs) starts.shift()
    if (starts.length >= max) return false
    starts.push(now)
    return true
  }
}
