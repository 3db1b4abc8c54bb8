import { beforeAll, describe, expect, it } from 'vitest'
import { allCatalogsReady, setLocale } from '../../i18n/runtime'
import type { OutboxItem } from '../../../sync/outbox/types'
import { editableFields, fromFormValues, toFormValues } from './edit'
import { deleteWarningOf, fijiTime, nextTryOf, photoPercents, relativeFromNow, sendNowBlockedReason, sendPanelHeadline, statusOf, summaryOf, transferSummary } from './format'

// The Outbox screen loads every catalog area before it renders; so does this test.
beforeAll(() => allCatalogsReady())

const item: OutboxItem = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'dataAgentSignup',
  endpoint: '/api/data-agent/signup',
  method: 'POST',
  payload: { name: 'Mere Naivalu', phone: '+679 912 3456', cities: ['Nausori', 'Suva'], produce: ['Dalo (Taro)'], deliveryAvailable: true, photoUrls: [] },
  photoIds: ['p1'],
  status: 'waiting',
  attempts: 0,
  createdAt: Date.UTC(2026, 6, 1, 10, 5),
  updatedAt: 0,
  nextAttemptAt: 0,
  schemaVersion: 1,
}
const idle = { currentItemId: null, progress: { uploadedPhotos: 0, totalPhotos: 0 }, paused: null }

describe('the Outbox screen', () => {
  it('summarises each kind in words', () => {
    expect(summaryOf(item)).toBe('Mere Naivalu (+679 912 3456)')
    expect(summaryOf({ kind: 'platformReview', payload: { userName: '', rating: 4, comment: 'Found fresh dalo near Nausori.' } })).toBe('Anonymous, 4/5: “Found fresh dalo near Nausori.”')
    expect(summaryOf({ kind: 'farmReview', payload: { rating: 5, comment: 'x'.repeat(80) } })).toMatch(/^5\/5: “x{59}…”$/)
    expect(summaryOf({ kind: 'expertSignup', payload: { name: 'Kalesi', expertField: 'Soil Science' } })).toBe('Kalesi (Soil Science)')
  })

  it('shows times in Fiji', () => {
    // 10:05 UTC is 22:05 in Fiji (UTC+12).
    expect(fijiTime(item.createdAt)).toBe('Jul 01, 2026 at 10:05 PM FJT')
    expect(relativeFromNow(1000, 5000)).toBe('now')
    expect(relativeFromNow(45_000, 0)).toBe('in 45 s')
    expect(relativeFromNow(3 * 60_000, 0)).toBe('in 3 min')
  })

  it('names the month from the catalog in iTaukei (Intl has no iTaukei data)', async () => {
    await setLocale('fj', false)
    try {
      expect(fijiTime(item.createdAt)).toBe('01 Jiulai, 2026 ena 10:05 PM FJT')
    } finally {
      await setLocale('en', false)
    }
  })

  it('says the state, with photo progress and the server message', () => {
    expect(statusOf(item, idle)).toEqual({ tone: 'waiting', label: 'Waiting' })
    expect(statusOf({ ...item, status: 'sending' }, { ...idle, currentItemId: item.id, progress: { uploadedPhotos: 1, totalPhotos: 3 } }).label).toBe(
      'Sending… (photos uploaded: 1 of 3)',
    )
    expect(statusOf({ ...item, status: 'needsAttention', lastError: { status: 400, message: 'Please enter a valid email' } }, idle)).toEqual({
      tone: 'attention',
      label: 'Needs attention',
      detail: 'Please enter a valid email',
    })
    expect(statusOf({ ...item, lastError: { status: 401, message: 'Your session has expired.' } }, idle).label).toBe('Waiting for sign-in')
    expect(statusOf({ ...item, status: 'sent' }, idle).label).toBe('Sent')
  })

  it('shows one next-try time: the panel and every waiting card read the queue\'s wake-up', () => {
    const engine = { nextWakeAt: 50_000, paused: null, isSending: false, isOtherTabSending: false }
    const head = { ...item, attempts: 3, nextAttemptAt: 50_000 }
    // Behind the head: its own backoff ran out, yet it goes only when the queue wakes.
    const behind = { ...item, attempts: 1, nextAttemptAt: 10_000 }
    expect(nextTryOf(undefined, engine, true)).toBe(50_000)
    expect(nextTryOf(head, engine, true)).toBe(50_000)
    expect(nextTryOf(behind, engine, true)).toBe(50_000)
    // A poisoned head lets a sooner one go first: each card says its own, never earlier than the wake-up.
    expect(nextTryOf({ ...head, nextAttemptAt: 90_000 }, engine, true)).toBe(90_000)
    // Nothing automatic to promise: offline, paused for sign-in, sending, another tab, not waiting.
    expect(nextTryOf(head, engine, false)).toBeUndefined()
    expect(nextTryOf(head, { ...engine, paused: 'auth' }, true)).toBeUndefined()
    expect(nextTryOf(head, { ...engine, isOtherTabSending: true }, true)).toBeUndefined()
    expect(nextTryOf({ ...head, status: 'needsAttention' }, engine, true)).toBeUndefined()
  })

  it('round-trips a payload through the fix form, keeping what it does not show', () => {
    const fields = editableFields.dataAgentSignup
    const values = toFormValues(item.payload, fields)
    expect(values.cities).toBe('Nausori\nSuva')
    expect(values.email).toBe('')
    expect(values.deliveryAvailable).toBe(true)
    const fixed = fromFormValues(item.payload, fields, { ...values, email: 'mere@example.com', cities: 'Nausori\n\n Suva \n' })
    expect(fixed).toMatchObject({ name: 'Mere Naivalu', email: 'mere@example.com', cities: ['Nausori', 'Suva'], deliveryAvailable: true, photoUrls: [] })
    const review = fromFormValues({ farmId: 'f1', rating: 5, comment: 'ok' }, editableFields.farmReview, { rating: '3', comment: 'Better' })
    expect(review).toEqual({ farmId: 'f1', rating: 3, comment: 'Better' })
  })
})

describe("the Outbox's Send now panel", () => {
  const panel = (counts: Partial<Parameters<typeof sendNowBlockedReason>[0]>) =>
    sendNowBlockedReason({ online: true, waitingCount: 0, needsAttentionCount: 0, sendingCount: 0, ...counts })

  it('says "Nothing is waiting to be sent." only when nothing is unsent', () => {
    expect(panel({})).toBe('Nothing is waiting to be sent.')
    expect(panel({ needsAttentionCount: 1 })).toBe('The unsent item needs attention: the server refused it. Fix it below and resend it.')
    expect(panel({ needsAttentionCount: 2 })).toBe('The 2 unsent items need attention: the server refused them. Fix them below and resend them.')
    expect(panel({ sendingCount: 1 })).toBe('Sending now: nothing else is waiting.')
    for (const counts of [{ needsAttentionCount: 1 }, { sendingCount: 1 }, { needsAttentionCount: 3, sendingCount: 1 }]) {
      expect(panel(counts)).not.toBe('Nothing is waiting to be sent.')
    }
  })

  it("says another tab is sending only while something is unsent (that tab's drain is over once all is sent)", () => {
    const headline = (over: Partial<Parameters<typeof sendPanelHeadline>[0]>) => sendPanelHeadline({ online: true, isSending: false, isOtherTabSending: true, pendingCount: 2, ...over })
    expect(headline({})).toBe('Another tab of the app is sending.')
    expect(headline({ pendingCount: 0 })).toBe('All sent')
    expect(headline({ isOtherTabSending: false, pendingCount: 0 })).toBe('All sent')
    expect(headline({ isSending: true })).toBe('Sending now…')
    expect(headline({ online: false })).toBe('You are offline')
  })

  it("says the server asked to wait while its Retry-After holds every item Send now could send, and not after it", () => {
    const asked = 'The server asked the app to wait before it sends again. It tries again by itself.'
    expect(panel({ waitingCount: 2, serverWaitUntil: 61_000, now: 1_000 })).toBe(asked)
    expect(panel({ waitingCount: 2, serverWaitUntil: 61_000, now: 61_000 })).toBeUndefined()
    expect(panel({ waitingCount: 2, serverWaitUntil: null, now: 1_000 })).toBeUndefined()
    expect(panel({ online: false, waitingCount: 2, serverWaitUntil: 61_000, now: 1_000 })).toBe('You are offline. Items are sent automatically when you are back online.')
  })

  it('gives no reason when Send now can send, and says offline first', () => {
    expect(panel({ waitingCount: 1, needsAttentionCount: 1 })).toBeUndefined()
    expect(panel({ online: false, needsAttentionCount: 1 })).toBe('You are offline. Items are sent automatically when you are back online.')
  })
})

describe('the Outbox screen while photos go up', () => {
  const transfer = { totalBytes: 4 * 1024 ** 2, sentBytes: 1024 ** 2, bytesPerSecond: 20_000, uploads: {} }
  it('says the bytes sent of the bytes waiting and the time left at the measured speed', () => {
    expect(transferSummary(transfer)).toBe('1.0 MB of 4.0 MB of photos sent, about 3 min left')
    expect(transferSummary({ ...transfer, bytesPerSecond: null })).toBe('1.0 MB of 4.0 MB of photos sent')
    expect(transferSummary({ ...transfer, sentBytes: 4 * 1024 ** 2 - 1_000 })).toBe('4.0 MB of 4.0 MB of photos sent, less than a minute left')
    // Every photo byte on its way, the record still to go: no time left to give.
    expect(transferSummary({ ...transfer, sentBytes: 4 * 1024 ** 2 })).toBe('4.0 MB of 4.0 MB of photos sent')
    expect(transferSummary({ ...transfer, totalBytes: 0, sentBytes: 0 })).toBeUndefined()
  })

  it("gives each of the item's photos its percent", () => {
    const uploads = { a: { itemId: item.id, sentBytes: 150, totalBytes: 300 }, b: { itemId: 'other', sentBytes: 1, totalBytes: 2 }, c: { itemId: item.id, sentBytes: 300, totalBytes: 300 } }
    expect(photoPercents(item.id, { ...transfer, uploads })).toEqual([50, 100])
    expect(photoPercents('none', { ...transfer, uploads })).toEqual([])
  })

  it('never tells an agent deleting an item whose record went out, its answer lost, that it has not reached the server', () => {
    const refused = deleteWarningOf({ ...item, status: 'needsAttention', postedAt: item.createdAt })
    expect(refused).toEqual({
      title: 'Delete this unsent item?',
      subtitle: 'It will be lost.',
      text: 'Farmer signup (Data Agent): Mere Naivalu (+679 912 3456). It has not reached the server; once deleted it cannot be sent or brought back.',
    })
    expect(deleteWarningOf(item)).toEqual(refused)
    // Sent, and the answer never came back (a timeout): the server may well have it.
    const posted = deleteWarningOf({ ...item, postedAt: item.createdAt, attempts: 1, lastError: { message: 'The connection timed out. It will be sent automatically.' } })
    expect(posted.text).not.toContain('has not reached the server')
    expect(posted).toEqual({
      title: 'Delete this item?',
      subtitle: 'The server may already have it.',
      text: 'Farmer signup (Data Agent): Mere Naivalu (+679 912 3456). It was sent, but no answer came back, so the server may already have it. Once deleted, this phone cannot find out; entering it again may make a second one.',
    })
  })
})
