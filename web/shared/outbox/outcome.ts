// What a form says after it queued a submission (promise 3: it tells the truth). Pure.
import type { OutboxItem } from '../../../sync/outbox/types'
import { t } from '../../i18n/runtime'

/**
 * Why a submission is kept on this phone, so the words say what is true: queueing is for no network;
 * an item kept after a server failure says that, not "offline".
 */
export type SavedReason = 'offline' | 'signIn' | 'serverFailed' | 'noAnswer'

const reasons: readonly SavedReason[] = ['offline', 'signIn', 'serverFailed', 'noAnswer']

/** The words, read when shown (getters), so they are in the language chosen at that moment. */
export const savedTexts = {
  get title(): string {
    return t('outbox.saved.title')
  },
  get description(): Record<SavedReason, string> {
    return Object.fromEntries(reasons.map((reason) => [reason, t(`outbox.saved.${reason}`)])) as Record<SavedReason, string>
  },
}

export type Outcome =
  /** The server has it: the spec's success. */
  | { kind: 'sent' }
  /** Refused (400/413/422): the server's message, and its field issues when it gave them. */
  | { kind: 'refused'; message: string; issues: { path: string; message: string }[] }
  /**
   * The server was reached and failed (5xx, but a 503 asking for time): never 'saved … when you are back online'. The public
   * forms withdraw the item and show the spec's failure message (runtime.ts
   * outcomeWithdrawingFailure); Data Agent Mode keeps it queued and says it will be retried.
   */
  | { kind: 'failed'; status: number }
  /** Kept on the phone, sent later: 'Saved on this phone', and why. */
  | { kind: 'saved'; reason: SavedReason }

/** `isOnline`: what the browser says (navigator.onLine) when the form asks. */
export function outcomeOf(item: OutboxItem | undefined, isOnline = true): Outcome {
  // Never claims the server has it unless the item says so.
  if (!item) return { kind: 'saved', reason: isOnline ? 'noAnswer' : 'offline' }
  if (item.status === 'sent') return { kind: 'sent' }
  if (item.status === 'needsAttention') {
    return { kind: 'refused', message: item.lastError?.message ?? t('outbox.refusedWithoutReason'), issues: issuesOf(item) }
  }
  const status = item.lastError?.status
  // A 503 that said when to come back (the database restarting) is the server asking for time: the
  // item waits it out and goes by itself, as when the answer is slow to come.
  if (status === 503 && item.status === 'waiting' && item.notBefore !== undefined) return { kind: 'saved', reason: 'serverFailed' }
  if (status !== undefined && status >= 500) return { kind: 'failed', status }
  if (status === 401) return { kind: 'saved', reason: 'signIn' }
  return { kind: 'saved', reason: isOnline ? 'noAnswer' : 'offline' }
}

/** A server failure kept for retry (Data Agent Mode) reads as saved, for that reason. */
export function keptOutcome(outcome: Outcome): Exclude<Outcome, { kind: 'failed' }> {
  return outcome.kind === 'failed' ? { kind: 'saved', reason: 'serverFailed' } : outcome
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
