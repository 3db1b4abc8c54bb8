// Which session the outbox sends signed-in items under. The server refuses a user who must change
// the password on every sending route (403, code password_change_required): the queue holds instead,
// as for a missing session, so nothing lands in "needs attention"; the change stores a new token
// and an unflagged user, and the session watch in runtime.ts resumes sending (resumesSending).
import type { StoredSession } from '../api'

/** The token, while its user is known: a token whose user record is not (yet) the one stored with it
 * (another tab is signing in) is no session to send under. */
export function sendingToken(session: StoredSession | null): string | undefined {
  return !session?.user || isPasswordChangeRequired(session) ? undefined : session.token
}

export function isPasswordChangeRequired(session: StoredSession | null): boolean {
  return session?.user?.mustChangePassword === true
}

/**
 * Whether a change of the stored session lets a held queue go: there is now a session to send under,
 * and it is not the one there was. Not only a new token: an admin may lift "must change password",
 * and the page's session check then stores the user again under the same token (the queue stayed
 * held, saying "Change your password", until Send now).
 */
export function resumesSending(before: StoredSession | null, after: StoredSession | null): boolean {
  const next = sendingToken(after)
  return next !== undefined && next !== sendingToken(before)
}
