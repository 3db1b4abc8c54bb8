// Which session the outbox sends signed-in items under. The server refuses a user who must change
// the password on every sending route (403, code password_change_required): the queue holds instead,
// as for a missing session, so nothing lands in "needs attention"; the change stores a new token
// and an unflagged user, and the session watch in runtime.ts resumes sending.
import type { StoredSession } from '../api'

export function sendingToken(session: StoredSession | null): string | undefined {
  return isPasswordChangeRequired(session) ? undefined : session?.token
}

export function isPasswordChangeRequired(session: StoredSession | null): boolean {
  return session?.user?.mustChangePassword === true
}
