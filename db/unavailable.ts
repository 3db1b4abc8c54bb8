// Whether a failure means the database could not be reached or briefly refused work (a restart, a
// failover, a dropped connection, a lock held past busy_timeout), not that the request or the code
// is wrong. The API answers such a request 503 with Retry-After, which a client may send again as it
// was (the outbox does, with the same Idempotency-Key), where a 500 says something is broken.

/** Node's socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])

/**
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections: class 08 (connection
 * exception), 57P01–57P03 (shut down by an administrator, crashed, starting up), 53300 (too many
 * connections).
 */
const isPostgresUnavailable = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'

/** SQLite's lock codes: another connection held the file past busy_timeout. */
const isSqliteBusy = (code: string) => code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')

/** node-postgres's own errors, which carry no code: the server ended the connection, the pool's connect timed out. */
const POSTGRES_CLIENT_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /^Client has encountered a connection error/]

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailable(code) || isSqliteBusy(code))) return true
  if (typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true
  // Node's connect to every address of a name fails as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}
