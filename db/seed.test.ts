// The seed on both databases: reference data, the first global admin and the demo data.
import { sql } from 'kysely'
import { DateTime } from 'luxon'
import { afterEach, describe, expect, it, test } from 'vitest'
import { DEMO_DOMAIN, EXPERT_FIELDS, PASSWORD_RULE, seedDatabase, type SeedOptions } from './seed/index'
import { createTestDatabaseOn, DIALECTS, openAnotherConnection, rowCount, type AnyTestDatabase } from './testing'

const REQUIRED_TOWNS = [
  'Suva', 'Nadi', 'Lautoka', 'Labasa', 'Nausori', 'Ba', 'Sigatoka', 'Savusavu', 'Rakiraki', 'Tavua',
  'Levuka', 'Navua', 'Nasinu', 'Lami', 'Korovou', 'Taveuni',
]
const hashPassword = async (plain: string) => `hashed:${plain}`
const options = (over: Partial<SeedOptions> = {}): SeedOptions => ({ demo: false, admin: {}, hashPassword, ...over })

async function countRows(t: AnyTestDatabase): Promise<Record<string, number>> {
  const tables = ['locations', 'produce', 'produce_categories', 'expert_fields', 'settings', 'admin_users', 'farmers',
    'farmer_payments', 'farmer_signups', 'platform_reviews', 'farm_reviews', 'subject_matter_experts'] as const
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table] = await rowCount(t, table)
  return counts
}

describe.each(DIALECTS)('seed on %s', (dialect) => {
  const open: AnyTestDatabase[] = []
  async function fresh(): Promise<AnyTestDatabase> {
    const t = await createTestDatabaseOn(dialect)
    open.push(t)
    return t
  }
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()))
  })

  describe('reference data', () => {
    it('loads the Fiji towns, the 21 expert fields in order and the default settings', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options())

      const towns = (await t.db.selectFrom('locations').select('name').execute()).map((r) => r.name)
      expect(towns).toEqual(expect.arrayContaining(REQUIRED_TOWNS))

      const fields = await t.db.selectFrom('expert_fields').select(['name', 'isDefault']).orderBy('id').execute()
      expect(fields.map((f) => f.name)).toEqual(EXPERT_FIELDS)
      expect(fields).toHaveLength(21)
      expect(fields.at(-1)?.name).toBe('Other')
      expect(fields.every((f) => f.isDefault === 1)).toBe(true)

      const settings = await t.db.selectFrom('settings').select(['key', 'value']).execute()
      const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]))
      expect(byKey).toEqual({ dailyRate: '2.5', trialPeriodDays: '7', farmReviewSenderSecret: expect.stringMatching(/^[\w-]{43}$/) })
    })

    it('keeps the farm-review sender secret across restarts and makes a different one per database', async () => {
      const a = await fresh()
      await seedDatabase(a.db, options())
      const secretOf = async (db: typeof a.db) =>
        (await db.selectFrom('settings').select('value').where('key', '=', 'farmReviewSenderSecret').executeTakeFirstOrThrow()).value
      const first = await secretOf(a.db)
      await seedDatabase(a.db, options())
      expect(await secretOf(a.db)).toBe(first)
      const b = await fresh()
      await seedDatabase(b.db, options())
      expect(await secretOf(b.db)).not.toBe(first)
    })

    it('files every produce item under an existing category', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options())
      const categories = new Set((await t.db.selectFrom('produce_categories').select('name').execute()).map((c) => c.name))
      const produce = await t.db.selectFrom('produce').select(['name', 'category']).execute()
      expect(produce.length).toBeGreaterThan(40)
      for (const p of produce) expect(categories).toContain(p.category)
      expect(produce).toContainEqual({ name: 'Kava (Yaqona)', category: 'Kava' })
    })

    it('adds nothing when run again, and does not restore what staff deleted', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: true }))
      await t.db.deleteFrom('locations').where('name', '=', 'Levuka').execute()
      const before = await countRows(t)
      const again = await seedDatabase(t.db, options({ demo: true }))
      expect(again).toEqual({})
      expect(await countRows(t)).toEqual(before)
    })
  })

  describe('first global admin', () => {
    it('is generated with a strong password that must be changed', async () => {
      const t = await fresh()
      const { createdAdmin } = await seedDatabase(t.db, options())
      expect(createdAdmin?.email).toBe('admin@vitifarmers.org.fj')
      const password = createdAdmin?.generatedPassword ?? ''
      expect(password).toMatch(PASSWORD_RULE)
      expect(password).toMatch(/^[A-Za-z\d@$!%*?&]{8,}$/)

      const user = await t.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow()
      expect(user).toMatchObject({ role: 'global_admin', mustChangePassword: 1, passwordHash: `hashed:${password}` })
    })

    it('comes from ADMIN_EMAIL and ADMIN_PASSWORD when given', async () => {
      const t = await fresh()
      const { createdAdmin } = await seedDatabase(t.db, options({ admin: { email: ' Ops@Example.COM ', password: 'Bula-Vinaka1!' } }))
      expect(createdAdmin).toEqual({ email: 'ops@example.com' })
      const user = await t.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow()
      expect(user).toMatchObject({ email: 'ops@example.com', mustChangePassword: 0, passwordHash: 'hashed:Bula-Vinaka1!' })
    })

    it('refuses a weak ADMIN_PASSWORD', async () => {
      const t = await fresh()
      await expect(seedDatabase(t.db, options({ admin: { password: 'admin123' } }))).rejects.toThrow(/ADMIN_PASSWORD/)
    })

    it('is not created when a global admin exists', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options())
      const second = await seedDatabase(t.db, options({ admin: { email: 'other@example.com', password: 'Bula-Vinaka1!' } }))
      expect(second.createdAdmin).toBeUndefined()
      expect(await t.db.selectFrom('admin_users').select('email').execute()).toEqual([{ email: 'admin@vitifarmers.org.fj' }])
    })

    it('generated passwords differ every time', async () => {
      const [a, b] = [await fresh(), await fresh()]
      const first = await seedDatabase(a.db, options())
      const second = await seedDatabase(b.db, options())
      expect(first.createdAdmin?.generatedPassword).not.toBe(second.createdAdmin?.generatedPassword)
    })
  })

  describe('demo data', () => {
    it('is only added when asked', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options())
      expect((await countRows(t)).farmers).toBe(0)
    })

    it('goes only into an empty database: started once without it, a real farmer added, then with it, nothing demo is added', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: false }))
      const now = new Date().toISOString()
      await t.db.insertInto('farmers').values({ id: crypto.randomUUID(), name: 'Real Grower', phone: '+679 912 3456', createdAt: now, updatedAt: now }).execute()
      const before = await countRows(t)

      const result = await seedDatabase(t.db, options({ demo: true }))
      expect(result.demoSkipped).toBe(true)
      expect(result.demoAgent).toBeUndefined()
      expect(await countRows(t)).toEqual(before)
    })

    it('counts a second staff account or a platform review as real data too', async () => {
      for (const addReal of [
        (t: AnyTestDatabase) => t.db.insertInto('admin_users').values({ id: crypto.randomUUID(), name: 'Staff', email: 'staff@example.fj', passwordHash: 'x', role: 'admin_user' }).execute(),
        (t: AnyTestDatabase) => t.db.insertInto('platform_reviews').values({ id: crypto.randomUUID(), rating: 5, comment: 'A real review of the site' }).execute(),
      ]) {
        const t = await fresh()
        await seedDatabase(t.db, options({ demo: false }))
        await addReal(t)
        expect((await seedDatabase(t.db, options({ demo: true }))).demoSkipped).toBe(true)
        expect((await countRows(t)).farmers).toBe(0)
      }
    })

    // Now, and either edge of a Fiji day (UTC+12), where a UTC-based date would be off by one.
    it.each([
      new Date(),
      new Date('2025-06-30T12:00:30.000Z'),
      new Date('2025-06-30T11:59:30.000Z'),
    ])('gives about 40 marked farmers in every subscription state for today in Fiji (now %s)', async (now) => {
      const t = await fresh()
      const result = await seedDatabase(t.db, options({ demo: true, now }))
      expect(result.demoAgent?.email).toBe(`demo-agent@${DEMO_DOMAIN}`)
      expect(result.demoAgent?.generatedPassword).toMatch(PASSWORD_RULE)

      const farmers = await t.db.selectFrom('farmers').selectAll().execute()
      expect(farmers.length).toBeGreaterThanOrEqual(35)
      expect(farmers.length).toBeLessThanOrEqual(45)
      for (const f of farmers) {
        expect(f.isDemo).toBe(1)
        expect(f.email?.endsWith(`@${DEMO_DOMAIN}`)).toBe(true)
        expect(f.comments?.startsWith('[Demo]')).toBe(true)
        expect(f.phone).toMatch(/^\+679 010 \d{4}$/)
        const produce = JSON.parse(f.produce) as string[]
        const cities = JSON.parse(f.cities) as string[]
        expect(produce.length).toBeGreaterThanOrEqual(1)
        expect(produce.length).toBeLessThanOrEqual(5)
        expect(cities.length).toBeGreaterThanOrEqual(1)
        expect(cities.length).toBeLessThanOrEqual(3)
      }

      const fijiDay = (iso: string) => DateTime.fromISO(iso, { zone: 'Pacific/Fiji' }).toISODate() ?? ''
      const today = DateTime.fromJSDate(now, { zone: 'Pacific/Fiji' }).toISODate() ?? ''
      const dated = farmers.filter((f) => f.subscriptionStart && f.subscriptionEnd)
      const isPublic = (f: (typeof farmers)[number]) =>
        f.isActive === 1 && fijiDay(f.subscriptionStart ?? '') <= today && today <= fijiDay(f.subscriptionEnd ?? '')
      const listed = farmers.filter(isPublic)
      const expired = dated.filter((f) => fijiDay(f.subscriptionEnd ?? '') < today)
      const pending = dated.filter((f) => fijiDay(f.subscriptionStart ?? '') > today)
      const trial = farmers.filter((f) => f.isTrialActive === 1 && f.trialStartDate && f.trialEndDate)
      const inactive = farmers.filter((f) => f.isActive === 0)

      expect(listed.length).toBeGreaterThanOrEqual(20)
      expect(expired.length).toBeGreaterThanOrEqual(5)
      expect(pending.length).toBeGreaterThanOrEqual(4)
      expect(trial.length).toBeGreaterThanOrEqual(4)
      expect(inactive.length).toBeGreaterThanOrEqual(3)
      expect(listed.some((f) => f.isPremium === 1)).toBe(true)
      expect(listed.some((f) => f.isBulk === 1)).toBe(true)
      expect(listed.some((f) => f.deliveryAvailable === 1)).toBe(true)
    })

    it('uses only reference towns and produce', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: true }))
      const towns = new Set((await t.db.selectFrom('locations').select('name').execute()).map((r) => r.name))
      const produce = new Set((await t.db.selectFrom('produce').select('name').execute()).map((r) => r.name))
      const rows = [
        ...(await t.db.selectFrom('farmers').select(['cities', 'produce']).execute()),
        ...(await t.db.selectFrom('farmer_signups').select(['cities', 'produce']).execute()),
      ]
      for (const r of rows) {
        for (const c of JSON.parse(r.cities) as string[]) expect(towns).toContain(c)
        for (const p of JSON.parse(r.produce) as string[]) expect(produce).toContain(p)
      }
    })

    it('adds payments, signups, reviews and experts', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: true }))

      const payments = await t.db.selectFrom('farmer_payments').innerJoin('farmers', 'farmers.id', 'farmer_payments.farmerId')
        .select(['farmers.isActive']).execute()
      expect(payments.length).toBeGreaterThanOrEqual(20)
      expect(payments.every((p) => p.isActive === 1)).toBe(true)

      const signups = await t.db.selectFrom('farmer_signups').selectAll().execute()
      expect(new Set(signups.map((s) => s.status))).toEqual(new Set(['pending', 'approved', 'rejected']))
      const agent = await t.db.selectFrom('admin_users').selectAll().where('role', '=', 'data_agent').executeTakeFirstOrThrow()
      expect(agent).toMatchObject({ name: 'Demo Data Agent', email: `demo-agent@${DEMO_DOMAIN}` })
      expect(signups.filter((s) => s.dataAgentId === agent.id)).toHaveLength(2)
      for (const s of signups.filter((x) => x.status === 'approved')) expect(s.farmerId).not.toBeNull()
      for (const s of signups.filter((x) => x.status === 'rejected')) expect(s.rejectionReason).toBeTruthy()

      const reviews = await t.db.selectFrom('platform_reviews').select('status').execute()
      expect(new Set(reviews.map((r) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected']))

      const farmReviews = await t.db.selectFrom('farm_reviews').select('farmId').execute()
      expect(new Set(farmReviews.map((r) => r.farmId)).size).toBeGreaterThanOrEqual(5)

      const experts = await t.db.selectFrom('subject_matter_experts').select(['isActive', 'email']).execute()
      expect(experts.length).toBeGreaterThanOrEqual(5)
      expect(experts.some((e) => e.isActive === 0)).toBe(true)
      expect(experts.some((e) => e.isActive === 1)).toBe(true)
    })

    it('marks every demo row as demo: farmers, signups, payments, platform and farm reviews, experts', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: true }))
      for (const table of ['farmers', 'farmer_signups', 'farmer_payments', 'platform_reviews', 'farm_reviews', 'subject_matter_experts'] as const) {
        const marks = (await t.db.selectFrom(table).select('isDemo').execute()).map((r) => r.isDemo)
        expect(marks.length, table).toBeGreaterThan(0)
        expect(new Set(marks), table).toEqual(new Set([1]))
      }
    })

    it('never stamps a past event later than now', async () => {
      const t = await fresh()
      const now = new Date('2025-03-01T20:30:00.000Z') // early morning in Fiji
      await seedDatabase(t.db, options({ demo: true, now }))
      const iso = now.toISOString()
      const { rows: late } = await sql`
        select 'farmers' from farmers where "createdAt" > ${iso} union all select 'signups' from farmer_signups where "createdAt" > ${iso}
        union all select 'reviews' from platform_reviews where "createdAt" > ${iso} or "reviewedAt" > ${iso}
        union all select 'farm' from farm_reviews where "createdAt" > ${iso} union all select 'pay' from farmer_payments where "paymentDate" > ${iso}`.execute(t.db)
      expect(late).toEqual([])
    })
  })

  describe('demo phone numbers (docs/decisions/011-demo-phone-numbers.md)', () => {
    // Fiji's numbering plan as libphonenumber has it (national significant number): 7 digits led by
    // 2, 3, 5–9 or 45, or 0800 toll-free with 11. A number outside it is allocated to nobody.
    const FIJI_NUMBER = /^(?:45\d{5}|(?:0800\d|[235-9])\d{6})$/
    const national = (phone: string) => phone.replace(/\D/g, '').replace(/^679/, '')

    it('reach nobody: every demo phone, M-PAiSA and expert number lies outside Fiji\'s numbering plan', async () => {
      const t = await fresh()
      await seedDatabase(t.db, options({ demo: true }))
      const farmers = (await t.db.selectFrom('farmers').select('phone').execute()).map((r) => r.phone)
      const numbers = [
        ...farmers,
        ...(await t.db.selectFrom('farmer_signups').select(['phone', 'mpaisaNumber']).execute()).flatMap((r) => [r.phone, r.mpaisaNumber ?? '']),
        ...(await t.db.selectFrom('farmer_payments').select(['farmerPhone', 'mpaisaNumber']).execute()).flatMap((r) => [r.farmerPhone ?? '', r.mpaisaNumber ?? '']),
        ...(await t.db.selectFrom('subject_matter_experts').select('contactNumber').execute()).map((r) => r.contactNumber),
      ]
      expect(numbers.length).toBeGreaterThan(80)
      for (const number of numbers) {
        expect(number, 'every demo number is set').not.toBe('')
        expect(national(number), number).toMatch(/^0\d{6}$/)
        expect(FIJI_NUMBER.test(national(number)), number).toBe(false)
        // Dialled inside Fiji it must not start an international (00, 052) or toll-free (0800) call.
        expect(national(number), number).not.toMatch(/^(?:00|052|0800)/)
      }
      expect(new Set(farmers).size).toBe(farmers.length)
    })
  })
})

test('three servers starting at once on one empty PostgreSQL database all start, and seed everything once (SQLite serves from one process)', async () => {
  const open: AnyTestDatabase[] = []
  const fresh = async () => {
    const t = await createTestDatabaseOn('postgres')
    open.push(t)
    return t
  }
  try {
    const t = await fresh()
    const others = [openAnotherConnection(t), openAnotherConnection(t)]
    try {
      const results = await Promise.all([t, ...others].map((server) => seedDatabase(server.db, options({ demo: true, admin: { email: 'first@vitifarmers.org.fj' } }))))
      // One of them created the admin and the demo agent; the others found them.
      expect(results.filter((r) => r.createdAdmin)).toHaveLength(1)
      expect(results.filter((r) => r.demoAgent)).toHaveLength(1)
      const once = await countRows(t)
      const single = await fresh()
      await seedDatabase(single.db, options({ demo: true, admin: { email: 'first@vitifarmers.org.fj' } }))
      expect(once).toEqual(await countRows(single))
    } finally {
      await Promise.all(others.map((o) => o.close()))
    }
  } finally {
    await Promise.all(open.map((t) => t.close()))
  }
})

