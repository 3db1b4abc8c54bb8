import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExpertCreatedResponseSchema, FarmReviewSchema, HONEYPOT_FIELD, ReviewCreatedResponseSchema, SignupCreatedResponseSchema } from '../contract'
import { rowCount } from '../../db/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let farmId: string

beforeAll(async () => {
  api = await startTestApp({ demo: true })
  const { farms } = (await (await api.fetch('/api/farms-with-ratings')).json()) as { farms: { farmer: { id: string } }[] }
  farmId = farms[0]?.farmer.id ?? ''
})
afterAll(() => api.close())

const WRITTEN = ['platform_reviews', 'farm_reviews', 'farmer_signups', 'subject_matter_experts', 'idempotency_keys', 'audit_logs'] as const

async function counts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (table) => [table, await rowCount(api, table)] as const)))
}

const forms = () =>
  [
    {
      path: '/api/public/reviews',
      body: { rating: 5, comment: 'Found a great dalo grower near Nausori within a day, thank you.' },
      answer: ReviewCreatedResponseSchema,
    },
    { path: '/api/farm-reviews', body: { farmId, rating: 4, comment: 'Good dalo.' }, answer: FarmReviewSchema },
    {
      path: '/api/farmer-signup',
      body: {
        name: 'Bot Farmer', phone: '+679 010 5555', cities: ['Suva'], produce: ['Bele'],
        subscriptionStart: '2026-01-01', subscriptionEnd: '2026-04-01', agreeToTerms: true,
      },
      answer: SignupCreatedResponseSchema,
    },
    {
      path: '/api/public/expert-signup',
      body: { name: 'Bot Expert', contactNumber: '+679 010 5556', email: 'bot@example.com' },
      answer: ExpertCreatedResponseSchema,
    },
  ] as const

describe('the honeypot of the public forms', () => {
  it('answers a filled honeypot like an accepted submission and writes nothing', async () => {
    const before = await counts()
    for (const form of forms()) {
      const res = await api.postJson(form.path, { ...form.body, [HONEYPOT_FIELD]: '+679 555 0000' }, { 'Idempotency-Key': randomUUID() })
      expect(res.status, form.path).toBe(201)
      form.answer.parse(await res.json())
    }
    expect(await counts()).toEqual(before)
  })

  it('lets the same submissions through when the field is empty or absent (the control)', async () => {
    const before = await counts()
    for (const [i, form] of forms().entries()) {
      const body = i % 2 === 0 ? { ...form.body, [HONEYPOT_FIELD]: '' } : form.body
      const res = await api.postJson(form.path, body, { 'Idempotency-Key': randomUUID() })
      expect(res.status, form.path).toBe(201)
    }
    const after = await counts()
    for (const table of ['platform_reviews', 'farm_reviews', 'farmer_signups', 'subject_matter_experts'] as const) {
      expect(after[table], table).toBe((before[table] ?? 0) + 1)
    }
  })
})
