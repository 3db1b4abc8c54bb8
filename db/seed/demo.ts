// Demo content for trying the product: farmers in every subscription state, payments, signups
// (two by a data agent), reviews and experts. Every row is marked so it can be told apart and
// removed: isDemo = 1 (farmers, signups, payments, platform and farm reviews, experts), the demo
// agent by its own e-mail; e-mails at DEMO_DOMAIN and comments starting with '[Demo]' besides.
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../schema'
import { DEMO_DOMAIN } from './demo-data'
import {
  expertRows,
  farmerRows,
  farmReviewRows,
  fijiClock,
  paymentRows,
  platformReviewRows,
  signupRows,
  type DemoFarmerRow,
} from './demo-rows'

export const DEMO_AGENT_EMAIL = `demo-agent@${DEMO_DOMAIN}`
const DEMO_AGENT_NAME = 'Demo Data Agent'

/** Settings key set by `npm run remove-demo-data`: a database whose demo data was removed never gets it again. */
export const DEMO_DATA_REMOVED_SETTING = 'demoDataRemovedAt'

export async function wasDemoDataRemoved(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DEMO_DATA_REMOVED_SETTING).executeTakeFirst()
  return row !== undefined
}

export async function hasDemoData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('farmers').select('id').where('isDemo', '=', 1).limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * Demo data goes only into an empty database (issue 17): no farmer, signup, payment, platform or
 * farm review, expert, nor any staff account beyond the first global admin and the demo agent.
 * Anything real there, and the demo set would mix with it.
 */
export async function isEmptyForDemo(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['farmers', 'farmer_signups', 'farmer_payments', 'platform_reviews', 'farm_reviews', 'subject_matter_experts'] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return false
  }
  const staff = await db.selectFrom('admin_users').select(['email', 'role']).where('email', '!=', DEMO_AGENT_EMAIL).limit(2).execute()
  return staff.length === 0 || (staff.length === 1 && staff[0]!.role === 'global_admin')
}

export async function seedDemoData(
  db: Kysely<Database>,
  options: { now: Date; agentPasswordHash: string },
): Promise<{ createdAgent: boolean }> {
  const clock = fijiClock(options.now)
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('admin_users')
      .select('email')
      .where('role', '=', 'global_admin')
      .orderBy('createdAt')
      .executeTakeFirst()
    const processedBy = admin?.email ?? null
    const agent = await ensureDemoAgent(trx, options.agentPasswordHash, clock.past(-30))

    const farmers = farmerRows(clock)
    await trx.insertInto('farmers').values(farmers.map(({ listed: _, ...row }) => row)).execute()
    const byName = new Map(farmers.map((f) => [f.name, f]))
    const farmer = (name: string): DemoFarmerRow => {
      const row = byName.get(name)
      if (!row) throw new Error(`demo data: no farmer named ${name}`)
      return row
    }

    const payments = paymentRows(farmers)
    await trx.insertInto('farmer_payments').values(payments).execute()
    const receipts = new Map(payments.map((p) => [p.farmerId, p.mpaisaReceiptNumber ?? null]))

    const signups = signupRows({ clock, farmer, receiptOf: (id) => receipts.get(id) ?? null, agent, processedBy })
    await trx.insertInto('farmer_signups').values(signups).execute()
    await trx.insertInto('platform_reviews').values(platformReviewRows(clock, processedBy)).execute()
    await trx.insertInto('farm_reviews').values(farmReviewRows(clock, farmer)).execute()
    await trx.insertInto('subject_matter_experts').values(expertRows(clock)).execute()

    return { createdAgent: agent.created }
  })
}

async function ensureDemoAgent(trx: Transaction<Database>, passwordHash: string, createdAt: string) {
  const existing = await trx
    .selectFrom('admin_users')
    .select(['id', 'name'])
    .where('email', '=', DEMO_AGENT_EMAIL)
    .executeTakeFirst()
  if (existing) return { ...existing, created: false }
  const id = randomUUID()
  await trx
    .insertInto('admin_users')
    .values({
      id,
      name: DEMO_AGENT_NAME,
      email: DEMO_AGENT_EMAIL,
      passwordHash,
      role: 'data_agent',
      mustChangePassword: 1,
      createdAt,
      updatedAt: createdAt,
    })
    .execute()
  return { id, name: DEMO_AGENT_NAME, created: true }
}
