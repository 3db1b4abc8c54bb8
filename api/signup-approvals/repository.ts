// Kysely access for the staff side of farmer signups: the list with its computed "possible
// duplicate" flag (an existing farmer with the same e-mail or phone), decisions and the purge.
import { sql, type Kysely, type Selectable } from 'kysely'
import { portable, type PortableSql } from '../../db/dialect'
import type { Database, FarmerSignupsTable } from '../../db/schema'
import type { FarmerSignupRecord } from '../contract'
import type { InstantRange } from '../audit/purge-range'

type SignupRow = Selectable<FarmerSignupsTable> & { possibleDuplicate: number }

export function toSignupRecord(row: SignupRow): FarmerSignupRecord {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    website: row.website,
    town: row.town,
    tikina: row.tikina,
    cities: JSON.parse(row.cities) as string[],
    produce: JSON.parse(row.produce) as string[],
    subscriptionStart: row.subscriptionStart,
    subscriptionEnd: row.subscriptionEnd,
    mpaisaNumber: row.mpaisaNumber,
    mpaisaReceiptNumber: row.mpaisaReceiptNumber,
    paymentDate: row.paymentDate,
    comments: row.comments,
    deliveryAvailable: row.deliveryAvailable === 1,
    isBulk: row.isBulk === 1,
    photoUrls: JSON.parse(row.photoUrls) as string[],
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt,
    processedAt: row.processedAt,
    processedBy: row.processedBy,
    dataAgentId: row.dataAgentId,
    dataAgentName: row.dataAgentName,
    possibleDuplicate: row.possibleDuplicate === 1,
    isDemo: row.isDemo === 1,
  }
}

// A farmer made from this very signup is not a duplicate of it.
const duplicateFlag = (p: PortableSql) => sql<number>`exists (
  select 1 from farmers f
  where (f."id" is distinct from farmer_signups."farmerId")
    and ((farmer_signups."email" is not null and ${p.caselessSame('f.email', 'farmer_signups.email')}) or f."phone" = farmer_signups."phone")
)`.as('possibleDuplicate')

export function signupApprovalsRepository(db: Kysely<Database>) {
  const p = portable(db)
  const base = () => db.selectFrom('farmer_signups').selectAll().select(duplicateFlag(p))
  return {
    list: async () => (await base().orderBy('createdAt', 'desc').orderBy('id').execute()).map(toSignupRecord),
    listByDataAgents: async (sinceIso: string | null) => {
      let query = base().where((eb) => eb.or([eb('dataAgentId', 'is not', null), eb('dataAgentName', 'is not', null)]))
      if (sinceIso) query = query.where('createdAt', '>=', sinceIso)
      return (await query.orderBy('createdAt', 'desc').execute()).map(toSignupRecord)
    },
    find: async (id: string) => {
      const row = await base().where('id', '=', id).executeTakeFirst()
      return row ? toSignupRecord(row) : undefined
    },
    farmerWithEmail: (email: string) =>
      db.selectFrom('farmers').select('id').where(p.caselessEquals('email', email)).executeTakeFirst(),
    decide: (id: string, set: { status: 'approved' | 'rejected'; rejectionReason: string | null; processedAt: string; processedBy: string | null; farmerId?: string }) =>
      db.updateTable('farmer_signups').set(set).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst(),
    purgeProcessed: async (range: InstantRange) => {
      const result = await db
        .deleteFrom('farmer_signups')
        .where('status', 'in', ['approved', 'rejected'])
        .where('createdAt', '>=', range.fromIso)
        .where('createdAt', '<', range.beforeIso)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
