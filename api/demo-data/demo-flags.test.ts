// Demo data is marked wherever it shows (issue 17): every answer that carries a demo platform
// review, expert or payment says isDemo, and the dashboard names the demo farmers' part of the
// revenue. Real rows beside them say false.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ActivePendingFarmerSchema,
  AdminFarmerSchema,
  ExpiredFarmerSchema,
  TrialFarmerSchema,
  AdminFarmReviewSchema,
  AdminStatsSchema,
  FarmReviewPageSchema,
  FarmReviewSchema,
  ExpertSchema,
  FarmerPaymentSchema,
  FarmerSignupRecordSchema,
  PlatformReviewSchema,
  PublicExpertSchema,
  PublicReviewPageSchema,
} from '../contract'
import { insertFarmer } from '../directory/testing'
import { bearer, seededAdminId, tokenFor } from '../testing/staff'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>
const real = { review: randomUUID(), expert: randomUUID(), payment: randomUUID() }

beforeAll(async () => {
  api = await startTestApp({ demo: true })
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
  const now = new Date().toISOString()
  await api.db.insertInto('platform_reviews').values({ id: real.review, userName: 'Mere', rating: 1, comment: 'A real review of the site', status: 'approved', createdAt: now, updatedAt: now }).execute()
  await api.db.insertInto('subject_matter_experts').values({ id: real.expert, name: 'Real Expert', contactNumber: '+679 912 1111', email: 'expert@example.fj', isActive: 1, createdAt: now, updatedAt: now }).execute()
  const farmerId = await insertFarmer(api.db, { name: 'Real Grower', cities: ['Suva'], produce: ['Bele'] })
  await api.db.insertInto('farmer_payments').values({ id: real.payment, farmerId, farmerName: 'Real Grower', farmerPhone: '+679 912 3456', createdAt: now, updatedAt: now }).execute()
})
afterAll(() => api.close())

async function get<T extends z.ZodType>(path: string, schema: T, headers: Record<string, string> = {}): Promise<z.infer<T>> {
  const res = await api.fetch(path, { headers })
  expect(res.status, path).toBe(200)
  return schema.parse(await res.json())
}

/** The flags an answer gives, by id: the real row false, and every other (seeded) row true. */
function expectOnlyRealUnflagged(rows: { id: string; isDemo: boolean }[], realId: string, demoCount: number) {
  expect(rows.find((r) => r.id === realId)?.isDemo).toBe(false)
  const demo = rows.filter((r) => r.id !== realId)
  expect(demo).toHaveLength(demoCount)
  expect(demo.every((r) => r.isDemo)).toBe(true)
}

describe('isDemo in the API answers', () => {
  it('flags the demo platform reviews on the public list and in moderation', async () => {
    // Four demo reviews are approved (db/seed/demo-data.ts), seven seeded in all.
    expectOnlyRealUnflagged((await get('/api/public/reviews?limit=50', PublicReviewPageSchema)).reviews, real.review, 4)
    expectOnlyRealUnflagged(await get('/api/admin/reviews', z.array(PlatformReviewSchema), admin), real.review, 7)
  })

  it('flags the demo experts on the public list and in the back office', async () => {
    expectOnlyRealUnflagged(await get('/api/public/experts', z.array(PublicExpertSchema)), real.expert, 3)
    expectOnlyRealUnflagged(await get('/api/admin/subject-matter-experts', z.array(ExpertSchema), admin), real.expert, 5)
  })

  it('flags the demo farm reviews on the public pages and in moderation; a buyer\'s review of a demo farm is real', async () => {
    const demoCount = Number((await api.db.selectFrom('farm_reviews').select((eb) => eb.fn.countAll().as('n')).where('isDemo', '=', 1).executeTakeFirstOrThrow()).n)
    expect(demoCount).toBeGreaterThan(0)
    const farmId = (await api.db.selectFrom('farm_reviews').select('farmId').where('isDemo', '=', 1).executeTakeFirstOrThrow()).farmId
    const posted = await api.fetch('/api/farm-reviews', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ farmId, rating: 4, comment: 'Bought dalo here, good' }),
    })
    expect(posted.status, await posted.clone().text()).toBe(201)
    const created = FarmReviewSchema.parse(await posted.json())
    expect(created.isDemo).toBe(false)
    const page = await get(`/api/farm-reviews?farmId=${farmId}&limit=50`, FarmReviewPageSchema)
    expectOnlyRealUnflagged(page.reviews, created.id, page.reviews.length - 1)
    expectOnlyRealUnflagged(await get('/api/admin/farm-reviews', z.array(AdminFarmReviewSchema), admin), created.id, demoCount)
  })

  it('flags the demo farmers on the staff farmers list', async () => {
    const farmers = await get('/api/admin/farmers?pageSize=100', z.array(AdminFarmerSchema), admin)
    const real = farmers.filter((f) => f.name === 'Real Grower')
    expect(real.map((f) => f.isDemo)).toEqual([false])
    expect(farmers.filter((f) => f.isDemo).length).toBeGreaterThan(20)
  })

  it.each([
    ['/api/admin/expired-farmers', ExpiredFarmerSchema],
    ['/api/admin/trial-farmers', TrialFarmerSchema],
    ['/api/admin/farmers/active-pending', ActivePendingFarmerSchema],
  ] as const)('flags the demo farmers on %s (the dashboard cards\' lists)', async (path, schema) => {
    const rows = await get(path, z.array(schema), admin)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.isDemo)).toBe(true)
  })

  it('says Demo in the farmers and payments CSV exports: Yes for demo rows, No for real ones', async () => {
    for (const [path, realName] of [['/api/admin/farmers/export', 'Real Grower'], ['/api/admin/farmers/payments/report', 'Real Grower']] as const) {
      const res = await api.fetch(path, { headers: admin })
      expect(res.status, path).toBe(200)
      const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/)
      expect(lines[0]!.endsWith('"Demo"'), path).toBe(true)
      const rows = lines.slice(1)
      const real = rows.filter((line) => line.includes(`"${realName}"`))
      expect(real.length, path).toBe(1)
      expect(real[0]!.endsWith('"No"'), path).toBe(true)
      expect(rows.filter((line) => line.endsWith('"Yes"')).length, path).toBe(rows.length - 1)
    }
  })

  it('flags the demo payments', async () => {
    const payments = await get('/api/admin/farmers/payments', z.array(FarmerPaymentSchema), admin)
    expectOnlyRealUnflagged(payments, real.payment, payments.length - 1)
    expect(payments.length).toBeGreaterThan(20)
  })

  it('flags the demo signups, and approving one makes a demo farmer and a demo payment', async () => {
    const signups = await get('/api/admin/signups', z.array(FarmerSignupRecordSchema), admin)
    expect(signups.length).toBeGreaterThanOrEqual(6)
    expect(signups.every((s) => s.isDemo)).toBe(true)
    const pending = signups.find((s) => s.status === 'pending' && !s.possibleDuplicate)!
    const res = await api.fetch(`/api/admin/signups/${pending.id}/process`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(FarmerSignupRecordSchema.parse(await res.json())).toMatchObject({ status: 'approved', isDemo: true })
    const { farmerId } = await api.db.selectFrom('farmer_signups').select('farmerId').where('id', '=', pending.id).executeTakeFirstOrThrow()
    const farmer = await api.db.selectFrom('farmers').select('isDemo').where('id', '=', farmerId!).executeTakeFirstOrThrow()
    const payment = await api.db.selectFrom('farmer_payments').select('isDemo').where('farmerId', '=', farmerId!).executeTakeFirstOrThrow()
    expect([farmer.isDemo, payment.isDemo]).toEqual([1, 1])
  })

  it("names the demo farmers' part of the dashboard's revenue", async () => {
    const stats = await get('/api/admin/stats', AdminStatsSchema, admin)
    const fjd = (text: string | undefined) => Number(text?.replace('FJ$', ''))
    expect(stats.demoRevenue).toMatch(/^FJ\$\d+\.\d{2}$/)
    expect(fjd(stats.demoRevenue)).toBeGreaterThan(0)
    // The real, listed farmer is the difference.
    expect(fjd(stats.monthlyRevenue)).toBeGreaterThan(fjd(stats.demoRevenue))
  })
})
