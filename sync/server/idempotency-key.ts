// Reads the Idempotency-Key header the way the IETF draft defines it (an sf-string, RFC 8941)
// while still taking the bare form every phone has sent so far, and decides whether the key is
// strong enough for the caller: keys on anonymous routes are shared by everyone who can reach the
// route, so there only a UUID (122 random bits, what the outbox makes for every item) is taken.

/** The shortest key a signed-in caller may use (their keys are scoped to them). */
export const MIN_KEY_LENGTH = 16
export const MAX_KEY_LENGTH = 255

const BARE_KEY = /^[\x21-\x7e]+$/
// sf-string: DQUOTE *( unescaped / "\" ( DQUOTE / "\" ) ) DQUOTE, unescaped = %x20-21 / %x23-5B / %x5D-7E
const QUOTED_KEY = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type KeyReading = { kind: 'key'; key: string } | { kind: 'invalid' } | { kind: 'notUuid' }

/**
 * `"abc…"` and `abc…` are the same key. A UUID is compared in lower case (RFC 9562: the same UUID
 * in either case), which is how the outbox has always sent it, so keys already stored still match.
 */
export function readIdempotencyKey(header: string, isAnonymous: boolean): KeyReading {
  const quoted = QUOTED_KEY.exec(header)
  // A key that opens a quote must be a whole sf-string; otherwise "abc and "abc" would differ.
  const isBare = !header.startsWith('"') && BARE_KEY.test(header)
  const raw = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : isBare ? header : undefined
  if (raw === undefined || raw.length < MIN_KEY_LENGTH || raw.length > MAX_KEY_LENGTH) return { kind: 'invalid' }
  if (UUID.test(raw)) return { kind: 'key', key: raw.toLowerCase() }
  return isAnonymous ? { kind: 'notUuid' } : { kind: 'key', key: raw }
}
