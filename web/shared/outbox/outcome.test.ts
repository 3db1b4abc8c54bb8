import { beforeAll, describe, expect, it } from 'vitest'
import { allCatalogsReady } from '../../i18n/runtime'
import type { OutboxItem } from '../../../sync/outbox/types'
import { outcomeOf } from './outcome'

// The words are in the catalogs' second part, which a form loads before it speaks.
beforeAll(() => allCatalogsReady())

const base: OutboxItem = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'farmerSignup',
  endpoint: '/api/farmer-signup',
  method: 'POST',
  payload: {},
  photoIds: [],
  status: 'waiting',
  attempts: 0,
  createdAt: 1,
  updatedAt: 1,
  nextAttemptAt: 1,
  schemaVersion: 1,
}

describe('what a form says after queueing', () => {
  it("says 'sent' only when the server has it", () => {
    expect(outcomeOf({ ...base, status: 'sent' })).toEqual({ kind: 'sent' })
    expect(outcomeOf({ ...base, status: 'waiting' }, false)).toEqual({ kind: 'saved', reason: 'offline' })
    expect(outcomeOf({ ...base, status: 'sending' }, true)).toEqual({ kind: 'saved', reason: 'noAnswer' })
    expect(outcomeOf({ ...base, lastError: { status: 401, message: 'Sign in' } })).toEqual({ kind: 'saved', reason: 'signIn' })
  })

  it("says 'failed', not 'saved', when the server answered with a 5xx", () => {
    expect(outcomeOf({ ...base, lastError: { status: 500, message: 'The server had a problem (500).' } })).toEqual({ kind: 'failed', status: 500 })
    expect(outcomeOf({ ...base, status: 'sending', lastError: { status: 503, message: 'x' } })).toEqual({ kind: 'failed', status: 503 })
    expect(outcomeOf({ ...base, lastError: { status: 503, message: 'x' } })).toEqual({ kind: 'failed', status: 503 })
  })

  it('says saved after a server failure, and keeps the item, when a 503 asked for time (Retry-After: the database restarting)', () => {
    const asked = { ...base, lastError: { status: 503, message: 'The server is busy. It will be sent automatically.' }, notBefore: Date.now() + 5_000 }
    expect(outcomeOf(asked)).toEqual({ kind: 'saved', reason: 'serverFailed' })
    expect(outcomeOf({ ...asked, lastError: { status: 500, message: 'x' } })).toEqual({ kind: 'failed', status: 500 })
    // A network failure has no status: that is 'saved' (it goes out by itself), and online it does not say 'offline'.
    expect(outcomeOf({ ...base, lastError: { message: 'Failed to fetch' } }, false)).toEqual({ kind: 'saved', reason: 'offline' })
    expect(outcomeOf({ ...base, lastError: { message: 'Failed to fetch' } }, true)).toEqual({ kind: 'saved', reason: 'noAnswer' })
  })

  it('never words an item kept after a server failure as waiting for the network', async () => {
    const { keptOutcome, savedTexts } = await import('./outcome')
    const kept = keptOutcome(outcomeOf({ ...base, lastError: { status: 500, message: 'x' } }, true))
    expect(kept).toEqual({ kind: 'saved', reason: 'serverFailed' })
    expect(savedTexts.description.serverFailed).not.toMatch(/online/)
    expect(savedTexts.description.noAnswer).not.toMatch(/online/)
  })

  it("gives the server's message and field issues of a refusal", () => {
    const refused: OutboxItem = {
      ...base,
      status: 'needsAttention',
      lastError: { status: 400, message: 'Please enter a valid email' },
      response: { status: 400, body: { message: 'Please enter a valid email', issues: [{ path: 'email', message: 'Please enter a valid email' }, { bad: 1 }] } },
    }
    expect(outcomeOf(refused)).toEqual({ kind: 'refused', message: 'Please enter a valid email', issues: [{ path: 'email', message: 'Please enter a valid email' }] })
    expect(outcomeOf({ ...refused, response: { status: 413, body: 'too big' } })).toMatchObject({ kind: 'refused', issues: [] })
  })
})

describe('invalidPayloadIssues', () => {
  it("reads the contract check's issues, and nothing else", async () => {
    const { invalidPayloadIssues } = await import('./outcome')
    const error = Object.assign(new Error('Name is required'), { name: 'PayloadInvalidError', issues: [{ path: 'name', message: 'Name is required' }] })
    expect(invalidPayloadIssues(error)).toEqual([{ path: 'name', message: 'Name is required' }])
    expect(invalidPayloadIssues(new Error('QuotaExceededError'))).toBeUndefined()
  })
})
