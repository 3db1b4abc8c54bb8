import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PublicPlatformReviewSchema, ReviewCreatedResponseSchema, messages } from '../contract'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp

beforeAll(async () => {
  api = await startTestApp({ demo: true })
})
afterAll(() => api.close())

const comment = 'Found a great dalo grower near Nausori within a day, thank you.'
const publicReviews = async () => z.array(PublicPlatformReviewSchema.strict()).parse(await (await api.fetch('/api/public/reviews')).json())

describe('GET /api/public/reviews', () => {
  it('lists approved reviews only, newest first, without the reviewer e-mail', async () => {
    const list = await publicReviews()
    const approved = await api.db.selectFrom('platform_reviews').select('id').where('status', '=', 'approved').execute()
    expect(list.map((r) => r.id).sort()).toEqual(approved.map((r) => r.id).sort())
    expect(list.length).toBeGreaterThan(0)
    const dates = list.map((r) => r.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
  })
})

describe('POST /api/public/reviews', () => {
  it('stores the review as pending (201) and does not publish it', async () => {
    const res = await api.postJson('/api/public/reviews', { userName: 'Ana', userEmail: 'ana@example.com', rating: 5, comment }, queuedKey())
    expect(res.status).toBe(201)
    const { id } = ReviewCreatedResponseSchema.parse(await res.json())
    const row = await api.db.selectFrom('platform_reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', userName: 'Ana', userEmail: 'ana@example.com', rating: 5, comment })
    expect((await publicReviews()).some((r) => r.id === id)).toBe(false)
  })

  it('needs no name or e-mail', async () => {
    const res = await api.postJson('/api/public/reviews', { userName: '', userEmail: '', rating: 4, comment }, queuedKey())
    expect(res.status).toBe(201)
  })

  it('refuses with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ rating: 0, comment }, messages.reviews.ratingMin],
      [{ rating: 6, comment }, messages.reviews.ratingMax],
      [{ comment }, messages.reviews.ratingRequired],
      [{ rating: 5, comment: 'too short' }, messages.reviews.commentMinChars],
      [{ rating: 5, comment: 'x'.repeat(501) }, messages.reviews.commentMaxChars],
      [{ rating: 5, comment, userEmail: 'nope' }, messages.reviews.userEmailInvalid],
    ]
    for (const [body, message] of cases) {
      const res = await api.postJson('/api/public/reviews', body, queuedKey())
      expect(res.status, message).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(message)
    }
  })

  it('is idempotent under an Idempotency-Key: one row, the first answer replayed', async () => {
    const headers = { 'Idempotency-Key': randomUUID() }
    const body = { rating: 3, comment: 'Replayed review comment, sent twice by the outbox.' }
    const first = await api.postJson('/api/public/reviews', body, headers)
    const second = await api.postJson('/api/public/reviews', body, headers)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    expect(await api.db.selectFrom('platform_reviews').select('id').where('comment', '=', body.comment).execute()).toHaveLength(1)
    expect((await api.postJson('/api/public/reviews', { ...body, rating: 4 }, headers)).status).toBe(422)
  })
})
