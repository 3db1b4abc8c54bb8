// The hidden field of the public forms (issue 8): people never see it, so only a bot fills it. The
// server answers such a body as if accepted and writes nothing, so a bot learns nothing.
import { z } from 'zod'

/** A name bots fill gladly and browser autofill has no category for (a human's autofill must never fill it). */
export const HONEYPOT_FIELD = 'homepage'

/** Spread into a public form's body schema: optional, any text (never a reason to refuse). */
export const honeypotField = { [HONEYPOT_FIELD]: z.string().max(1000).optional() } as const

/** True when a body (parsed or not) carries a filled honeypot. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD]
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null
}
