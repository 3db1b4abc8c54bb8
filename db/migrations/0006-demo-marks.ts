// Every demo row carries its own mark (issue 17), as farmers have since 0001: platform and farm
// reviews, experts, payments and signups gain `isDemo`, so the public API and the back office can
// say "Demo" and one command can remove demo data and only that. Rows the demo seed wrote before
// this migration are recognised by what only the seed writes; the patterns are copied here, not
// imported, because a shipped migration must never change with the seed.
import { sql, type Kysely, type Migration } from 'kysely'

const TABLES = ['platform_reviews', 'farm_reviews', 'subject_matter_experts', 'farmer_payments', 'farmer_signups'] as const

/** The seed's own e-mail domain (db/seed/demo-data.ts when 0006 shipped). */
const DEMO_DOMAIN = 'demo.vitifarmers.org.fj'

async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('isDemo', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"isDemo" in (0, 1)`))
      .execute()
  }
  const demoFarmers = sql`(select "id" from farmers where "isDemo" = 1)`
  // A payment or signup of a demo farmer is about nobody real.
  await sql`update farmer_payments set "isDemo" = 1 where "farmerId" in ${demoFarmers}`.execute(db)
  await sql`update farmer_signups set "isDemo" = 1
    where "farmerId" in ${demoFarmers} or ("email" like ${`%@${DEMO_DOMAIN}`} and "comments" like '[Demo] %')`.execute(db)
  // The seed wrote reviewer1@…, reviewer2@…; nobody else can hold an address at that domain.
  await sql`update platform_reviews set "isDemo" = 1 where "userEmail" like ${`reviewer%@${DEMO_DOMAIN}`}`.execute(db)
  await sql`update subject_matter_experts set "isDemo" = 1 where "email" like ${`%@${DEMO_DOMAIN}`} and "comments" like '[Demo] %'`.execute(db)
  // Seeded farm reviews have no sender (0005); one sent through the API has, even on a demo farm.
  await sql`update farm_reviews set "isDemo" = 1 where "farmId" in ${demoFarmers} and "senderKey" is null`.execute(db)
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('isDemo').execute()
}

export const demoMarks: Migration = { up, down }
