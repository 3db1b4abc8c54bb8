// Which requests may carry which Idempotency-Key (sync/README.md, "Keys"): every queued route
// requires one; anonymous callers must use a UUID; the draft's quoted form is the same key.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queuedRoutes, type FarmerSignupInput } from '../contract'
import { IDEMPOTENCY_MESSAGES } from '../../sync/server/idempotency'
import { bearer, createStaffUser, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let agentHeaders: Record<string, string>
beforeAll(async () => {
  api = await startTestApp()
  const agent = await createStaffUser(api.db, { role: 'data_agent' })
  agentHeaders = bearer(await tokenFor(api.db, agent.id))
})
afterAll(() => api.close())

const signup = (name: string): FarmerSignupInput => ({
  name, phone: '+679 912 3456', email: 'litia@example.com', website: '', town: 'Nakasi', tikina: 'Naitasiri',
  cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30',
  mpaisaNumber: '9123456', mpaisaReceiptNumber: 'MP123', paymentDate: '2026-02-28', comments: '',
  deliveryAvailable: true, isBulk: false, agreeToTerms: true,
})
const count = async (table: 'farmer_signups' | 'idempotency_keys') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

describe('the Idempotency-Key on queued routes', () => {
  it('is required on every queued route: 400 without it, and nothing is written', async () => {
    expect(queuedRoutes.map((route) => route.path).sort()).toEqual(['/api/data-agent/signup', '/api/farm-reviews', '/api/farmer-signup', '/api/public/expert-signup', '/api/public/reviews'])
    const keysBefore = await count('idempotency_keys')
    for (const route of queuedRoutes) {
      const headers = route.access === 'public' ? {} : agentHeaders
      const res = await api.postJson(route.path, signup('No Key'), headers)
      expect([route.path, res.status, await res.json()]).toEqual([route.path, 400, { message: IDEMPOTENCY_MESSAGES.required }])
    }
    expect(await count('idempotency_keys')).toBe(keysBefore)
  })

  it('must be a UUID from an anonymous caller, so another client can never land on the same key by chance', async () => {
    const before = await count('farmer_signups')
    for (const key of ['signup-00000001', 'k'.repeat(40), '"a"']) {
      const res = await api.postJson('/api/farmer-signup', signup('Guessable Key'), { 'Idempotency-Key': key })
      expect(res.status, key).toBe(400)
    }
    expect(await count('farmer_signups')).toBe(before)
  })

  it('may be any 16+ character key from a signed-in agent, scoped to that agent', async () => {
    const res = await api.postJson('/api/data-agent/signup', signup('Agent Key'), { ...agentHeaders, 'Idempotency-Key': `agent-phone-${randomUUID().slice(0, 8)}` })
    expect(res.status).toBe(201)
    const short = await api.postJson('/api/data-agent/signup', signup('Short Key'), { ...agentHeaders, 'Idempotency-Key': 'abc' })
    expect([short.status, await short.json()]).toEqual([400, { message: IDEMPOTENCY_MESSAGES.invalid }])
  })

  it('reads "key" (the draft’s sf-string) as the key an older phone sent bare: one signup, the same answer', async () => {
    const before = await count('farmer_signups')
    const key = randomUUID()
    const bare = await api.postJson('/api/farmer-signup', signup('Quoted Later'), { 'Idempotency-Key': key })
    expect(bare.status).toBe(201)
    const quoted = await api.postJson('/api/farmer-signup', signup('Quoted Later'), { 'Idempotency-Key': `"${key}"` })
    expect(quoted.status).toBe(201)
    expect(quoted.headers.get('idempotent-replayed')).toBe('true')
    expect(await quoted.json()).toEqual(await bare.json())
    expect(await count('farmer_signups')).toBe(before + 1)
  })
})
