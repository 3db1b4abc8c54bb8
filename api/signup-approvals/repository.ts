// Kysely access for the staff side of farmer signups: the list with its computed "possible
// duplicate" flag (an existing farmer with the same e-mail or phone), decisions and the purge.
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely'
import { portable, type PortableSql } from '../../db/dialect'
import type { Database, FarmerSignupsTable } from '../../db/schema'
import type { FarmerSignupRecord, SignupListSort, SignupListStatus } from '../contract'
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

/** Rows a data-agent report export reads per query (as the farmers export). */
export const SIGNUP_EXPORT_CHUNK_ROWS = 250

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface SignupListFilters {
  status?: SignupListStatus
  search?: string
  sort: SignupListSort
}

export function signupApprovalsRepository(db: Kysely<Database>) {
  const p = portable(db)
  const base = () => db.selectFrom('farmer_signups').selectAll().select(duplicateFlag(p))

  /** The approvals screen's filters, in SQL. */
  const listed = (filters: SignupListFilters) =>
    db.selectFrom('farmer_signups').where((eb) => {
      const conditions: Expression<SqlBool>[] = []
      if (filters.status === 'processed') conditions.push(eb('status', 'in', ['approved', 'rejected']))
      else if (filters.status) conditions.push(eb('status', '=', filters.status))
      if (filters.search) {
        const pattern = likePattern(filters.search)
        conditions.push(eb.or([p.caselessLike('name', pattern), p.caselessLike('phone', pattern), p.caselessLike('email', pattern)]))
      }
      return eb.and(conditions)
    })

  /** Signups a data agent made (an agent's id or name recorded), created since `sinceIso`. */
  const byDataAgents = (sinceIso: string | null) =>
    db.selectFrom('farmer_signups').where((eb) => {
      const conditions: Expression<SqlBool>[] = [eb.or([eb('dataAgentId', 'is not', null), eb('dataAgentName', 'is not', null)])]
      if (sinceIso) conditions.push(eb('createdAt', '>=', sinceIso))
      return eb.and(conditions)
    })

  const count = async (query: ReturnType<typeof listed>) => Number((await query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()).count)

  return {
    /** One page of the approvals screen's list and the number of signups matching its filters. */
    async page(filters: SignupListFilters, page: { offset: number; limit: number }): Promise<{ records: FarmerSignupRecord[]; total: number }> {
      let query = listed(filters).selectAll().select(duplicateFlag(p))
      // Newest first, the id breaking ties; a pending signup has no decision date (last on both databases).
      query = filters.sort === '-processedAt' ? query.orderBy('processedAt', (ob) => ob.desc().nullsLast()) : query.orderBy('createdAt', 'desc')
      const rows = await query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute()
      return { records: rows.map(toSignupRecord), total: await count(listed(filters)) }
    },

    /** One page of the data-agent report, newest first, and the number of signups in its range. */
    async dataAgentPage(sinceIso: string | null, page: { offset: number; limit: number }): Promise<{ records: FarmerSignupRecord[]; total: number }> {
      const rows = await byDataAgents(sinceIso).selectAll().select(duplicateFlag(p)).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute()
      return { records: rows.map(toSignupRecord), total: await count(byDataAgents(sinceIso)) }
    },

    /**
     * The data-agent report's counts per agent and status over the whole range. An agent is the
     * account (names are not unique, and a rename must not split one agent in two), shown by its name
     * now; signups of a deleted account (dataAgentId set null) count under the name they recorded.
     */
    dataAgentCounts: async (sinceIso: string | null) => {
      const agent = sql<string>`coalesce(u."name", s."dataAgentName", 'Unknown agent')`
      const rows = await db
        .selectFrom('farmer_signups as s')
        .leftJoin('admin_users as u', 'u.id', 's.dataAgentId')
        .where((eb) => {
          const conditions: Expression<SqlBool>[] = [eb.or([eb('s.dataAgentId', 'is not', null), eb('s.dataAgentName', 'is not', null)])]
          if (sinceIso) conditions.push(eb('s.createdAt', '>=', sinceIso))
          return eb.and(conditions)
        })
        .select((eb) => ['s.dataAgentId as agentId', agent.as('agent'), 's.status', eb.fn.countAll<number | string>().as('count')])
        .groupBy(['s.dataAgentId', agent, 's.status'])
        .execute()
      return rows.map((row) => ({ agentId: row.agentId, agent: row.agent, status: row.status, count: Number(row.count) }))
    },

    /** Every signup of the data-agent report's range newest first, one short query per chunk (keyset on createdAt, id). */
    async *dataAgentChunks(sinceIso: string | null, size = SIGNUP_EXPORT_CHUNK_ROWS): AsyncGenerator<FarmerSignupRecord[]> {
      let last: FarmerSignupRecord | undefined
      for (;;) {
        let query = byDataAgents(sinceIso).selectAll().select(duplicateFlag(p)).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(size)
        if (last) {
          const { createdAt, id } = last
          query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)))
        }
        const records = (await query.execute()).map(toSignupRecord)
        if (records.length > 0) yield records
        if (records.length < size) return
        last = records[records.length - 1]
      }
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
