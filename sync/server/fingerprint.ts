// What makes two requests "the same" for the Idempotency-Key check: method, path and the
// body's content, so that a client re-serialising the same object in another key order
// still gets its replay. A photo path may stand for its bytes (photoPathsAsContent): two phones
// holding one exported item upload the same bytes under different paths, and must get one record.
import { createHash } from 'node:crypto'
import { PHOTO_PATH_REGEX } from '../../api/contract/uploads'

/** Deeper bodies are refused before anything walks them recursively (no queued form nests past 3). */
export const MAX_BODY_DEPTH = 32

/** Objects and arrays nested inside each other, counted without recursion (a 1 MB body may nest 500 000 deep). */
export function exceedsDepth(value: unknown, maxDepth: number = MAX_BODY_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth + 1 > maxDepth) return true
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 })
  }
  return false
}

/** JSON with object keys sorted at every depth; arrays keep their order. Call on bodies within MAX_BODY_DEPTH. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null'
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`).digest('hex')
}

/** Every distinct photo path ('/objects/uploads/{uuid}') among the body's strings, lower-cased. */
export function photoPathsIn(value: unknown): string[] {
  const found = new Set<string>()
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (typeof current === 'string') {
      if (PHOTO_PATH_REGEX.test(current)) found.add(current.toLowerCase())
    } else if (current !== null && typeof current === 'object') {
      // One push per value: spreading a wide array (~125,000+ items) as arguments overflows the stack.
      for (const child of Object.values(current)) stack.push(child)
    }
  }
  return [...found]
}

/**
 * The body with each photo path whose stored bytes the server knows replaced by their SHA-256:
 * the server hashed those bytes itself, so a client can't claim a match it does not hold.
 * A path the server doesn't know stays as it is (and so must match exactly).
 */
export function photoPathsAsContent(value: unknown, contentHashes: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') {
    const hash = PHOTO_PATH_REGEX.test(value) ? contentHashes.get(value.toLowerCase()) : undefined
    return hash === undefined ? value : `photo-sha256:${hash}`
  }
  if (Array.isArray(value)) return value.map((entry) => photoPathsAsContent(entry, contentHashes))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, photoPathsAsContent(entry, contentHashes)]))
}
