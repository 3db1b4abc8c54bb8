import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PublicPlatformReviewSchema, PublicReviewPageSchema, ReviewCreatedResponseSchema, messages } from '../contract'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp

beforeAll(async () => {
  api = await startTestApp({ demo: true })
})
afterAll(() => api.close())

const comment = 'Found a great dalo grower near Nausori within a day, thank you.'
const page = async (query = '') => {
  const res = await api.fetch(`/api/public/reviews${query}`)
  expect(res.status).toBe(200)
  return PublicReviewPageSchema.extend({ reviews: z.array(PublicPlatformReviewSchema.strict()) }).strict().parse(await res.json())
}
/** Every approved review, page after page. */
const publicReviews = async () => {
  const all = []
  for (let n = 1; ; n++) {
    const answer = await page(`?page=${n}&limit=50`)
    all.push(...answer.reviews)
    if (answer.reviews.length < 50) return all
  }
}
const addApproved = async (count: number, isDemo: 0 | 1, rating: (i: number) => number) => {
  const base = Date.parse('2026-03-01T00:00:00.000Z')
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(base + (isDemo ? 500_000 : 0) + i * 60_000).toISOString()
    return { id: randomUUID(), userName: `Paged ${isDemo}-${i}`, rating: rating(i), comment: `Paged review number ${i} of the list.`, status: 'approved' as const, createdAt: at, updatedAt: at, isDemo }
  })
  await api.db.insertInto('platform_reviews').values(rows).execute()
}

describe('GET /api/public/reviews', () => {
  it('lists approved reviews only, newest first, without the reviewer e-mail', async () => {
    const list = await publicReviews()
    const approved = await api.db.selectFrom('platform_reviews').select('id').where('status', '=', 'approved').execute()
    expect(list.map((r) => r.id).sort()).toEqual(approved.map((r) => r.id).sort())
    expect(list.length).toBeGreaterThan(0)
    const dates = list.map((r) => r.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('pages the list: each page continues the one before, the counts and overall rating are of the whole list', async () => {
    await addApproved(23, 0, (i) => (i % 5) + 1)
    await addApproved(4, 1, () => 1)
    const approved = await api.db.selectFrom('platform_reviews').select(['id', 'rating', 'isDemo']).where('status', '=', 'approved').execute()
    const real = approved.filter((r) => r.isDemo === 0)
    // The division /reviews made over the whole list before it was paged.
    const average = real.reduce((sum, r) => sum + r.rating, 0) / real.length

    const first = await page('?limit=10')
    expect(first).toMatchObject({ page: 1, limit: 10, reviewCount: approved.length, ratedCount: real.length, averageRating: average })
    expect(first.reviews).toHaveLength(10)
    const pages = [first]
    for (let n = 2; n <= Math.ceil(approved.length / 10); n++) pages.push(await page(`?page=${n}&limit=10`))
    for (const later of pages) expect(later).toMatchObject({ reviewCount: approved.length, ratedCount: real.length, averageRating: average })
    const ids = pages.flatMap((p) => p.reviews.map((r) => r.id))
    expect(new Set(ids).size).toBe(approved.length)
    expect(ids).toEqual((await publicReviews()).map((r) => r.id))
    expect((await page(`?page=${pages.length + 1}&limit=10`)).reviews).toEqual([])
  })

  it('answers 20 by default and at most 50 a page', async () => {
    expect((await page()).reviews).toHaveLength(20)
    expect(await page('?limit=500')).toMatchObject({ limit: 50 })
  })

  it('refuses an unknown or malformed parameter (400) instead of an unpaged answer', async () => {
    for (const query of ['?offset=10', '?x=1', '?page=0', '?limit=abc']) {
      expect((await api.fetch(`/api/public/reviews${query}`)).status, query).toBe(400)
    }
  })

  it('is kept like the directory answers: a 304 while nothing changed, a new answer once a review is approved', async () => {
    const first = await api.fetch('/api/public/reviews')
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    await first.arrayBuffer()
    // As a browser revalidates (fetch adds no-cache to a hand-made If-None-Match otherwise).
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' }
    const again = await api.fetch('/api/public/reviews', { headers: revalidate })
    expect([again.status, again.headers.get('etag')]).toEqual([304, etag])
    const created = ReviewCreatedResponseSchema.parse(await (await api.postJson('/api/public/reviews', { rating: 2, comment }, queuedKey())).json())
    // A pending review changes no answer's content.
    expect((await api.fetch('/api/public/reviews', { headers: revalidate })).status).toBe(304)
    await api.db.updateTable('platform_reviews').set({ status: 'approved', createdAt: '2099-01-01T00:00:00.000Z' }).where('id', '=', created.id).execute()
    const after = await api.fetch('/api/public/reviews', { headers: revalidate })
    expect(after.status).toBe(200)
    expect(((await after.json()) as { reviews: { id: string }[] }).reviews[0]?.id).toBe(created.id)
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
