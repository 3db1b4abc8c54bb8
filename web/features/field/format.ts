// What the Outbox screen says about an item (pure, unit-tested).
import type { OutboxEngineState, OutboxTransfer } from '../../../sync/outbox/engine'
import type { JsonObject, OutboxItem, OutboxKind } from '../../../sync/outbox/types'
import { t } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'
import { formatFijiTimeInLanguage } from '../../shared/fiji-time'

/** What kind of item it is, in the current language. */
export function kindLabel(kind: OutboxKind): string {
  return t(`outbox.kind.${kind}`)
}

function text(payload: JsonObject, key: string): string {
  const value = payload[key]
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
}

function excerpt(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value
}

/** A human summary: the farmer's name, the reviewer, the expert. */
export function summaryOf(item: Pick<OutboxItem, 'kind' | 'payload'>): string {
  const { payload } = item
  switch (item.kind) {
    case 'dataAgentSignup':
    case 'farmerSignup': {
      const name = text(payload, 'name') || t('outbox.summary.unnamedFarmer')
      const phone = text(payload, 'phone')
      return phone ? `${name} (${phone})` : name
    }
    case 'platformReview': {
      const reviewer = text(payload, 'userName') || t('outbox.summary.anonymous')
      const rating = text(payload, 'rating')
      return `${reviewer}${rating ? `, ${rating}/5` : ''}: “${excerpt(text(payload, 'comment'))}”`
    }
    case 'farmReview': {
      const rating = text(payload, 'rating')
      return `${rating ? `${rating}/5: ` : ''}“${excerpt(text(payload, 'comment'))}”`
    }
    case 'expertSignup': {
      const name = text(payload, 'name') || t('outbox.summary.unnamedExpert')
      const field = text(payload, 'expertField')
      return field ? `${name} (${field})` : name
    }
  }
}

export interface DeleteWarning {
  title: string
  subtitle: string
  text: string
}

/**
 * The delete dialog's words. A waiting item whose record went out (postedAt) and got no answer may
 * be on the server already: telling the agent it "has not reached the server" had them delete it
 * and enter the farmer again, a second signup.
 */
export function deleteWarningOf(item: OutboxItem): DeleteWarning {
  const values = { kind: kindLabel(item.kind), summary: summaryOf(item) }
  if (item.status === 'waiting' && item.postedAt !== undefined) {
    return { title: t('outbox.card.deletePostedTitle'), subtitle: t('outbox.card.deletePostedSubtitle'), text: t('outbox.card.deletePostedText', values) }
  }
  return { title: t('outbox.card.deleteTitle'), subtitle: t('outbox.card.deleteSubtitle'), text: t('outbox.card.deleteText', values) }
}

/**
 * A time in Fiji as every screen writes it (spec 000 §9), in the reader's language: 'Jul 01, 2026 at
 * 10:05 PM FJT'. Month names come from the catalog (Intl has no iTaukei or Fiji Hindi data).
 */
export function fijiTime(ms: number): string {
  return formatFijiTimeInLanguage(new Date(ms))
}

/** "in 40 s", "in 3 min", "in 2 h"; "now" when due. */
export function relativeFromNow(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000)
  if (seconds <= 0) return t('outbox.relative.now')
  if (seconds < 60) return t('outbox.relative.seconds', { count: seconds })
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return t('outbox.relative.minutes', { count: minutes })
  return t('outbox.relative.hours', { count: Math.round(minutes / 60) })
}

export type StatusTone = 'waiting' | 'sending' | 'sent' | 'attention'

export interface StatusView {
  tone: StatusTone
  label: string
  /** The server's message, or why it waits. */
  detail?: string
}

/** The item's state in words, with the photo progress while it is the one being sent. */
export function statusOf(item: OutboxItem, engine: Pick<OutboxEngineState, 'currentItemId' | 'progress' | 'paused'>): StatusView {
  switch (item.status) {
    case 'sent':
      return { tone: 'sent', label: t('outbox.status.sent') }
    case 'needsAttention':
      return { tone: 'attention', label: t('outbox.status.needsAttention'), detail: translateMessage(item.lastError?.message ?? t('outbox.refusedWithoutReason')) }
    case 'sending': {
      const { progress } = engine
      const withPhotos = engine.currentItemId === item.id && progress.totalPhotos > 0
      return {
        tone: 'sending',
        label: withPhotos ? t('outbox.status.sendingPhotos', { uploaded: progress.uploadedPhotos, total: progress.totalPhotos }) : t('outbox.status.sending'),
      }
    }
    case 'waiting':
      if (item.lastError?.status === 401) return { tone: 'waiting', label: t('outbox.status.waitingForSignIn'), detail: translateMessage(item.lastError.message) }
      return { tone: 'waiting', label: t('outbox.status.waiting'), ...(item.lastError && { detail: translateMessage(item.lastError.message) }) }
  }
}

/**
 * The one next-try time the screen shows, for the panel and every waiting card alike: nothing goes
 * before the queue wakes (engine.nextWakeAt), nor before its own backoff. Undefined when no
 * automatic try is scheduled from this tab (offline, paused for sign-in, another tab sending).
 */
export function nextTryOf(
  item: Pick<OutboxItem, 'status' | 'nextAttemptAt'> | undefined,
  engine: Pick<OutboxEngineState, 'nextWakeAt' | 'paused' | 'isSending' | 'isOtherTabSending'>,
  isOnline: boolean,
): number | undefined {
  if (!isOnline || engine.nextWakeAt === null || engine.paused !== null || engine.isSending || engine.isOtherTabSending) return undefined
  if (item === undefined) return engine.nextWakeAt
  return item.status === 'waiting' ? Math.max(item.nextAttemptAt, engine.nextWakeAt) : undefined
}

/**
 * Why "Send now" cannot send, in words that agree with the count beside it: never "Nothing is
 * waiting to be sent." while an item is unsent (one needing attention, one being sent).
 */
export function sendNowBlockedReason({
  online,
  waitingCount,
  needsAttentionCount,
  sendingCount,
  serverWaitUntil = null,
  now = Date.now(),
}: {
  online: boolean
  waitingCount: number
  needsAttentionCount: number
  sendingCount: number
  /** The engine's serverWaitUntil: a Retry-After that holds back every item Send now could send. */
  serverWaitUntil?: number | null
  now?: number
}): string | undefined {
  if (!online) return t('outbox.blocked.offline')
  if (waitingCount > 0) return serverWaitUntil !== null && serverWaitUntil > now && sendingCount === 0 ? t('outbox.blocked.serverWait') : undefined
  if (sendingCount > 0) return t('outbox.blocked.sending')
  if (needsAttentionCount > 0) return t('outbox.blocked.needsAttention', { count: needsAttentionCount })
  return t('outbox.blocked.nothing')
}

/** The Send now panel's first line: offline, sending, another tab sending, all sent, or how many are unsent. */
export function sendPanelHeadline({ online, isSending, isOtherTabSending, pendingCount }: { online: boolean; isSending: boolean; isOtherTabSending: boolean; pendingCount: number }): string {
  if (!online) return t('outbox.panel.offline')
  if (isSending) return t('outbox.panel.sendingNow')
  // Another tab's drain is known only when this tab last tried the lock: with nothing unsent, it is over.
  if (isOtherTabSending && pendingCount > 0) return t('outbox.panel.otherTab')
  return pendingCount === 0 ? t('outbox.panel.allSent') : t('outbox.panel.unsent', { count: pendingCount })
}

/** '12.4 MB', '300 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  return `${Math.max(0, Math.round(bytes / 1024))} KB`
}

/** 'less than a minute', 'about 3 min', 'about 2 h'. */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return t('outbox.lessThanAMinute')
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return t('outbox.aboutMinutes', { count: minutes })
  return t('outbox.aboutHours', { count: Math.round(minutes / 60) })
}

/**
 * The drain's photo bytes in words: '1.2 MB of 4.5 MB of photos sent, about 2 min left' (the time
 * at the speed measured so far); undefined when no photo is waiting.
 */
export function transferSummary(transfer: OutboxTransfer): string | undefined {
  if (transfer.totalBytes <= 0) return undefined
  const bytes = { sent: formatBytes(transfer.sentBytes), total: formatBytes(transfer.totalBytes) }
  // Every photo byte on its way (the record itself goes next): no time left to give.
  if (transfer.bytesPerSecond === null || transfer.bytesPerSecond <= 0 || transfer.sentBytes >= transfer.totalBytes) return t('outbox.transfer.sent', bytes)
  const left = Math.max(0, transfer.totalBytes - transfer.sentBytes) / transfer.bytesPerSecond
  return t('outbox.transfer.sentWithTime', { ...bytes, left: timeLeft(left) })
}

/** The item's photos going up now, each as a whole percent, in the order they started. */
export function photoPercents(itemId: string, transfer: OutboxTransfer): number[] {
  return Object.values(transfer.uploads)
    .filter((upload) => upload.itemId === itemId)
    .map((upload) => (upload.totalBytes > 0 ? Math.min(100, Math.floor((upload.sentBytes / upload.totalBytes) * 100)) : 0))
}
