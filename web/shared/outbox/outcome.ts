// What a form says after it queued a submission (promise 3: it tells the truth). Pure.
import type { OutboxItem } from '../../../sync/outbox/types'

export const savedTexts = {
  title: 'Saved on this phone',
  description: 'It will be sent automatically when you are back online. You can see it in the Outbox.',
  signInDescription: 'It will be sent once you sign in again. You can see it in the Outbox.',
} as const

export type Outcome =
  /** The server has it: the spec's success. */
  | { kind: 'sent' }
  /** Refused (400/413/422): the server's message, and its field issues when it gave them. */
  | { kind: 'refused'; message: string; issues: { path: string; message: string }[] }
  /**
   * The server was reached and failed (5xx): not 'saved' in the sense a visitor reads it. The public
   * review forms show the spec's failure toast (runtime.ts withdraws the item first); the signup
   * forms keep it queued and say saved.
   */
  | { kind: 'failed'; status: number }
  /** Kept on the phone, sent later: 'Saved on this phone'. */
  | { kind: 'saved'; waitsForSignIn: boolean }

export function outcomeOf(item: OutboxItem | undefined): Outcome {
  // Never claims the server has it unless the item says so.
  if (!item) return { kind: 'saved', waitsForSignIn: false }
  if (item.status === 'sent') return { kind: 'sent' }
  if (item.status === 'needsAttention') {
    return { kind: 'refused', message: item.lastError?.message ?? 'The server did not accept this.', issues: issuesOf(item) }
  }
  const status = item.lastError?.status
  if (status !== undefined && status >= 500) return { kind: 'failed', status }
  return { kind: 'saved', waitsForSignIn: status === 401 }
}

function issuesOf(item: OutboxItem): { path: string; message: string }[] {
  const body = item.response?.body
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return []
  const issues = body.issues
  if (!Array.isArray(issues)) return []
  return issues.flatMap((issue) => {
    if (typeof issue !== 'object' || issue === null || Array.isArray(issue)) return []
    const { path, message } = issue
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : []
  })
}

/** The field issues of the contract check that refused a payload before queueing (PayloadInvalidError), else undefined. */
export function invalidPayloadIssues(error: unknown): { path: string; message: string }[] | undefined {
  if (!(error instanceof Error) || error.name !== 'PayloadInvalidError') return undefined
  const issues = (error as Error & { issues?: unknown }).issues
  if (!Array.isArray(issues)) return [{ path: '', message: error.message }]
  return issues.filter((i): i is { path: string; message: string } => typeof i?.path === 'string' && typeof i?.message === 'string')
}
