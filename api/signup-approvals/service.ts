// Signup approvals (spec 001 §2, §4; clarifications, Signup approval). Approving creates the active
// farmer (with the signup's photos), its payment record and the "you are listed" e-mail, and marks
// the signup — all with the audit row in one transaction; the e-mail is delivered after the commit.
// A decision is final: a signup that is no longer pending answers 409.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { DateTime } from 'luxon'
import type { Database } from '../../db/schema'
import { isConstraintViolation } from '../../db/dialect'
import {
  messages,
  senderAddresses,
  type AdminSignupsQuery,
  type DataAgentRangeQuery,
  type DataAgentSignupsQuery,
  type DataAgentSignupsSummary,
  type FarmerSignupRecord,
  type PurgeBody,
  type SignupProcess,
} from '../contract'
import { csvDateTime, type CsvValue } from '../http/csv'
import { HttpError } from '../errors'
import { staffWrite, type Actor } from '../audit/staff-write'
import { purgeRange } from '../audit/purge-range'
import type { Mailer } from '../email/mailer'
import { FIJI_ZONE } from '../stats/subscriptions'
import { signupApprovalsRepository } from './repository'

const m = messages.signups

export interface SignupApprovalDeps {
  mailer: Mailer
  mailDomain: string
  /** Where the data-agent export reads (the read thread on SQLite; decision 030); `db` when omitted. */
  readDb?: Kysely<Database>
}

/** The instant from which a data-agent report range counts (Fiji calendar days). */
export function rangeStart(range: DataAgentRangeQuery['range'], now = new Date()): string | null {
  const today = DateTime.fromJSDate(now, { zone: FIJI_ZONE }).startOf('day')
  switch (range) {
    case 'today':
      return today.toUTC().toISO()
    case 'last7days':
      return today.minus({ days: 6 }).toUTC().toISO()
    case 'lastMonth':
      return today.minus({ months: 1 }).toUTC().toISO()
    case 'last3Months':
      return today.minus({ months: 3 }).toUTC().toISO()
    default:
      return null
  }
}

/** A listing date as the farmer reads it on the Fiji calendar: a date-time stamped 07:00 in Fiji is
 *  still the previous day in UTC, so the stored text is never cut at its 'T'. */
function fijiListingDate(value: string): string {
  const date = DateTime.fromISO(value, { zone: FIJI_ZONE, locale: 'en-GB' })
  return date.isValid ? date.toFormat('d LLLL yyyy') : value
}

export function listedEmail(signup: FarmerSignupRecord, mailDomain: string) {
  const [, register] = senderAddresses(mailDomain)
  return {
    from: register,
    to: signup.email!,
    subject: 'Your farm is now listed on Viti Farmers',
    text: [
      `Bula ${signup.name},`,
      '',
      'Your signup has been approved and your farm is now listed in the Viti Farmers directory, where buyers can find and contact you.',
      `Your listing runs from ${fijiListingDate(signup.subscriptionStart)} to ${fijiListingDate(signup.subscriptionEnd)}.`,
      '',
      `Questions? Write to ${senderAddresses(mailDomain)[0]} (8:00 AM to 10:00 PM Fiji Time, every day).`,
      '',
      'Vinaka,',
      'The Viti Farmers team',
    ].join('\n'),
  }
}

export const DA_SIGNUP_CSV_COLUMNS = ['ID', 'Farmer Name', 'Phone', 'Email', 'Village', 'Tikina', 'Cities', 'Produce', 'Data Agent', 'Status', 'Rejection Reason', 'Submitted At', 'Processed At'] as const

export function dataAgentCsvRecord(s: FarmerSignupRecord): CsvValue[] {
  return [s.id, s.name, s.phone, s.email, s.town, s.tikina, s.cities.join('; '), s.produce.join('; '), s.dataAgentName, s.status, s.rejectionReason, csvDateTime(s.createdAt), csvDateTime(s.processedAt)]
}

export function signupApprovalsService(db: Kysely<Database>, deps: SignupApprovalDeps) {
  // Lists, their counts and exports read through `readDb` (the read thread on SQLite, decision 030).
  const reads = signupApprovalsRepository(deps.readDb ?? db)
  return {
    /** One page of the approvals screen's list, filtered and sorted in SQL, with the count of all matches. */
    list: (query: AdminSignupsQuery) =>
      reads.page({ status: query.status, search: query.search || undefined, sort: query.sort }, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),

    /** One page of the data-agent report, with the count of its whole range. */
    listByDataAgents: (query: DataAgentSignupsQuery) => reads.dataAgentPage(rangeStart(query.range), { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),

    /** The report's cards and per-agent table, counted in SQL over the whole range. */
    async dataAgentSummary(query: DataAgentRangeQuery): Promise<DataAgentSignupsSummary> {
      const summary: DataAgentSignupsSummary = { total: 0, approved: 0, rejected: 0, pending: 0, agents: [] }
      const byAgent = new Map<string, DataAgentSignupsSummary['agents'][number]>()
      for (const { agentId, agent, status, count } of await reads.dataAgentCounts(rangeStart(query.range))) {
        const key = agentId === null ? `name:${agent}` : `id:${agentId}`
        const row = byAgent.get(key) ?? { agentId, agent, total: 0, approved: 0, rejected: 0, pending: 0, successRate: 0 }
        row.total += count
        row[status] += count
        byAgent.set(key, row)
        summary.total += count
        summary[status] += count
      }
      summary.agents = [...byAgent.values()]
        .map((row) => ({ ...row, successRate: Math.round((row.approved / row.total) * 100) }))
        .sort((a, b) => b.total - a.total || a.agent.localeCompare(b.agent) || (a.agentId ?? '').localeCompare(b.agentId ?? ''))
      return summary
    },

    /** The report's CSV records, newest first, a chunk at a time. */
    async *dataAgentRecords(query: DataAgentRangeQuery): AsyncGenerator<CsvValue[][]> {
      for await (const records of reads.dataAgentChunks(rangeStart(query.range))) yield records.map(dataAgentCsvRecord)
    },

    async process(actor: Actor, id: string, decision: SignupProcess): Promise<FarmerSignupRecord> {
      const now = new Date().toISOString()
      let afterCommit: (() => Promise<void>) | undefined
      const record = await staffWrite(db, actor, async (trx) => {
        const repo = signupApprovalsRepository(trx)
        // The first statement writes the signup's row, so a second decision on it (from any server)
        // waits for this one's commit and then reads it decided (409), instead of both approving.
        await trx.updateTable('farmer_signups').set({ processedAt: now }).where('id', '=', id).where('status', '=', 'pending').execute()
        const signup = await repo.find(id)
        if (!signup) throw new HttpError(404, messages.common.notFound)
        if (signup.status !== 'pending') throw new HttpError(409, m.alreadyProcessed)
        const decided = { processedAt: now, processedBy: actor.userName ?? actor.userEmail }

        if (decision.status === 'rejected') {
          await repo.decide(id, { status: 'rejected', rejectionReason: decision.rejectionReason!, ...decided })
          return {
            result: (await repo.find(id))!,
            audit: { action: 'reject_signup', targetType: 'farmer_signup', targetId: id, targetName: signup.name, details: { reason: decision.rejectionReason } },
          }
        }

        const duplicateEmail = () => new HttpError(409, m.duplicateFarmerEmail)
        if (signup.email && (await repo.farmerWithEmail(signup.email))) throw duplicateEmail()
        const farmerId = randomUUID()
        // The check above cannot see a farmer with this e-mail that another approval (another
        // server) is making at the same moment; the unique index then refuses this one, as the check would.
        await trx
          .insertInto('farmers')
          .values({
            id: farmerId,
            name: signup.name,
            phone: signup.phone,
            email: signup.email?.toLowerCase() ?? null,
            website: signup.website,
            town: signup.town,
            tikina: signup.tikina,
            cities: JSON.stringify(signup.cities),
            produce: JSON.stringify(signup.produce),
            comments: signup.comments,
            // The uploads were referenced when the signup was made, so they are never cleaned up.
            photoUrls: JSON.stringify(signup.photoUrls),
            subscriptionStart: signup.subscriptionStart,
            subscriptionEnd: signup.subscriptionEnd,
            isActive: 1,
            includeInCosting: 1,
            isBulk: signup.isBulk ? 1 : 0,
            deliveryAvailable: signup.deliveryAvailable ? 1 : 0,
            createdAt: now,
            updatedAt: now,
            // A demo application approved stays demo data, with its payment: removable, never counted as real.
            isDemo: signup.isDemo ? 1 : 0,
          })
          .execute()
          .catch((error: unknown) => {
            throw isConstraintViolation(error, 'unique') ? duplicateEmail() : error
          })
        await trx
          .insertInto('farmer_payments')
          .values({
            id: randomUUID(),
            farmerId,
            farmerName: signup.name,
            farmerPhone: signup.phone,
            mpaisaNumber: signup.mpaisaNumber,
            mpaisaReceiptNumber: signup.mpaisaReceiptNumber,
            paymentDate: signup.paymentDate,
            createdAt: now,
            updatedAt: now,
            isDemo: signup.isDemo ? 1 : 0,
          })
          .execute()
        if (signup.email) {
          // Stored with the approval, delivered only once it has committed.
          const emailId = await deps.mailer.store(trx, listedEmail(signup, deps.mailDomain))
          afterCommit = async () => void (await deps.mailer.deliver(db, emailId))
        }
        await repo.decide(id, { status: 'approved', rejectionReason: null, farmerId, ...decided })
        return {
          result: (await repo.find(id))!,
          audit: { action: 'approve_signup', targetType: 'farmer_signup', targetId: id, targetName: signup.name, details: { farmerId, emailed: !!signup.email } },
        }
      })
      await afterCommit?.()
      return record
    },

    async purge(actor: Actor, body: PurgeBody): Promise<number> {
      const range = purgeRange(body)
      return staffWrite(db, actor, async (trx) => {
        const count = await signupApprovalsRepository(trx).purgeProcessed(range)
        return {
          result: count,
          audit: { action: 'purge_signups', targetType: 'farmer_signup', details: `Purged ${count} processed signups from ${body.startDate} to ${body.endDate}` },
        }
      })
    },
  }
}
