import { describe, expect, it } from 'vitest'
import { OUTBOX_SCHEMA_VERSION, restoreOutboxItem, type OutboxItem } from './db'

const current: OutboxItem = {
  id: '0b5f3c1e-2f7a-4c55-9a55-3f1d3c2e8b11', kind: 'expertSignup', endpoint: '/api/public/expert-signup', method: 'POST',
  payload: { name: 'Dr Ana', expertField: 'Soil Science' }, photoIds: ['p-1'], status: 'needsAttention', attempts: 3,
  lastError: { status: 400, message: 'Contact number is required' }, createdAt: 1_000, updatedAt: 2_000, nextAttemptAt: 1_500,
  response: { status: 400, body: { message: 'Contact number is required' } }, agentId: 'a-1', agentName: 'Sefa',
  schemaVersion: OUTBOX_SCHEMA_VERSION,
}

describe('restoreOutboxItem', () => {
  it('leaves a current record as it is', () => {
    expect(restoreOutboxItem(current)).toEqual(current)
    expect(restoreOutboxItem(restoreOutboxItem(current))).toEqual(current)
  })

  it('keeps when the record was first posted, so its body is never changed behind the server', () => {
    const posted = { ...current, status: 'waiting', postedAt: 1_800 }
    expect(restoreOutboxItem(posted)).toEqual(posted)
    expect(restoreOutboxItem({ ...posted, postedAt: '1970-01-01T00:00:01.900Z' }).postedAt).toBe(1_900)
  })

  it('upgrades a record from before schemaVersion existed', () => {
    const old = {
      id: 'old-1', endpoint: '/api/public/reviews', payload: '{"rating":5,"comment":"Vinaka"}',
      status: 'pending', createdAt: '2025-03-01T02:00:00.000Z', error: { status: 503, message: 'Service unavailable' },
    }
    expect(restoreOutboxItem(old, 99)).toEqual({
      id: 'old-1', kind: 'platformReview', endpoint: '/api/public/reviews', method: 'POST',
      payload: { rating: 5, comment: 'Vinaka' }, photoIds: [], status: 'waiting', attempts: 0,
      lastError: { status: 503, message: 'Service unavailable' },
      createdAt: Date.parse('2025-03-01T02:00:00.000Z'), updatedAt: Date.parse('2025-03-01T02:00:00.000Z'),
      nextAttemptAt: Date.parse('2025-03-01T02:00:00.000Z'), schemaVersion: OUTBOX_SCHEMA_VERSION,
    })
  })

  it('keeps a payload it cannot read instead of dropping it', () => {
    expect(restoreOutboxItem({ id: 'x', kind: 'farmReview', payload: 'not json' }, 5)).toMatchObject({
      endpoint: '/api/farm-reviews', payload: { legacyPayload: 'not json' }, createdAt: 5, status: 'waiting',
    })
  })

  it('refuses a record it cannot place', () => {
    expect(() => restoreOutboxItem({ payload: {} })).toThrow('without an id')
    expect(() => restoreOutboxItem({ id: 'y', kind: 'somethingNew' })).toThrow('neither a known kind')
  })
})
