// Small helpers for the public forms that POST with an Idempotency-Key (offline-sync.md).

/**
 * A random UUID v4 for the Idempotency-Key header. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); a phone on the LAN over plain http still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The server's message out of an apiFetch error ("400: {\"message\":\"…\"}" → "…"), or the
 * fallback for a network failure, a 5xx, or an answer without a message.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message)
  if (!match) return fallback
  const status = Number(match[1])
  if (status >= 500) return fallback
  try {
    const body = JSON.parse(match[2] ?? '') as { message?: unknown }
    return typeof body.message === 'string' && body.message.trim() ? body.message : fallback
  } catch {
    return fallback
  }
}
