// Farmers management (spec 001 §2 /admin/farmers, §4, §7): list with SQL filters and paging, add, edit,
// delete, toggles, activate/deactivate, subscription edit, trials, payments, the CSV exports and the
// lists behind the dashboard cards. Every change is written with its audit row (staffWrite).
import { randomUUID } from 'node:crypto'
import type { Kysely, Updateable } from 'kysely'
import type { Database, FarmersTable } from '../../db/schema'
import { isConstraintViolation } from '../../db/dialect'
import {
  UPLOAD_MAX_BYTES,
  can,
  farmerPatchCapability,
  messages,
  type ActivePendingFarmer,
  type AdminFarmer,
  type AdminFarmersQuery,
  type CostBreakdown,
  type FarmerCost,
  type ExpiredFarmer,
  type FarmerCreate,
  type AdminPaymentsQuery,
  type ActivePendingSummary,
  type ExpiredSummary,
  type SubscriptionListQuery,
  type TrialSummary,
  type FarmerPayment,
  type FarmerPaymentUpdate,
  type FarmerSubscriptionUpdate,
  type FarmerUpdate,
  FarmerUpdateSchema,
  type FarmerSeen,
  type Role,
  type TrialFarmer,
} from '../contract'
import { HttpError } from '../errors'
import { staffWrite, type Actor, type Tx } from '../audit/staff-write'
import { referencePhotos } from '../uploads/photo-references'
import { matchListed } from '../farmer-signups/service'
import { dailyRateOf } from '../stats/service'
import { trialPeriodDaysOf } from '../settings/service'
import type { CsvValue } from '../http/csv'
import { farmerExportRecords, paymentExportRecords } from './export-records'
import { costTotals } from './cost-totals'
import { farmersRepository, toAdminFarmer, toFarmerPayment, type FarmerFilters, type FarmerRow } from './repository'
import {
  activateDates,
  farmerCost,
  daysInTrial,
  daysSinceLastActive,
  daysUntilActive,
  deactivateDates,
  fijiDate,
  isInTrialOn,
  trialDates,
  trialStatus,
} from './subscription-rules'

const m = messages.farmers
const notFound = () => new HttpError(404, messages.common.notFound)
const emailTaken = () => new HttpError(409, m.emailTaken)
const isUniqueViolation = (error: unknown) => isConstraintViolation(error, 'unique')

async function translateUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

const bool = (value: boolean) => (value ? 1 : 0) as 0 | 1

/** "isPremium: false → true; name: A → B; website: "…" → null": what the trail shows for an edit. A
 * key sent empty (parsed to undefined) clears the field, so it shows as → null. */
function describeChanges(before: AdminFarmer, patch: Record<string, unknown>): string {
  const was = (key: string) => JSON.stringify(before[key as keyof AdminFarmer] ?? null)
  const now = (key: string) => JSON.stringify(patch[key] ?? null)
  const changes = Object.keys(patch)
    .filter((key) => now(key) !== was(key))
    .map((key) => `${key}: ${was(key)} → ${now(key)}`)
  return changes.length ? changes.join('; ') : 'No changes'
}

/** A list query's page as the repository takes it. */
const pageOf = (query: { page: number; pageSize: number }) => ({ offset: (query.page - 1) * query.pageSize, limit: query.pageSize })

/**
 * `readDb` is where the staff lists, their counts and the CSV exports read (decision 030's read
 * thread on SQLite: a count or a filtered page over 100,000 farmers, and an export's 400 queries,
 * then run beside the event loop, not on it); `db` when omitted. Writes and what they check stay on `db`.
 */
export function farmersService(db: Kysely<Database>, readDb: Kysely<Database> = db) {
  const repository = farmersRepository(db)
  const reads = farmersRepository(readDb)
  const today = (now = new Date()) => fijiDate(now)

  /** The names in their listed spelling: active produce, or (an edit) one the farmer already lists. */
  async function activeProduce(names: readonly string[], kept: readonly string[] = [], reads = repository): Promise<string[]> {
    const produce = matchListed(names, [...kept, ...(await reads.activeProduceNames())])
    if (!produce) throw new HttpError(400, m.produceNotActive)
    return produce
  }

  async function assertEmailFree(trx: Tx, email: string | undefined | null, exceptId?: string) {
    if (!email) return
    const holder = await farmersRepository(trx).findIdByEmail(email)
    if (holder && holder.id !== exceptId) throw emailTaken()
  }

  /** Loads a farmer in the transaction, or 404. */
  async function load(trx: Tx, id: string): Promise<FarmerRow> {
    const row = await farmersRepository(trx).find(id)
    if (!row) throw notFound()
    return row
  }

  /**
   * The farmer as this edit finds it, its row taken until the edit commits; 409 when a field the
   * edit changes no longer holds what its dialog was opened with (`was`): a colleague changed it.
   */
  async function loadAsSeen(trx: Tx, id: string, was: FarmerSeen | undefined, now: Date): Promise<AdminFarmer> {
    if (!(await farmersRepository(trx).take(id))) throw notFound()
    const found = toAdminFarmer(await load(trx, id), today(now))
    for (const [key, seen] of Object.entries(was ?? {})) {
      if (JSON.stringify(found[key as keyof FarmerSeen]) !== JSON.stringify(seen)) throw new HttpError(409, m.changedMeanwhile)
    }
    return found
  }

  return {
    async list(query: AdminFarmersQuery, now = new Date()): Promise<{ farmers: AdminFarmer[]; total: number }> {
      const { page, pageSize, ...filters } = query
      const day = today(now)
      const { rows, total } = await reads.page(filters, { offset: (page - 1) * pageSize, limit: pageSize }, day)
      return { farmers: rows.map((row) => toAdminFarmer(row, day)), total }
    },

    async create(actor: Actor, input: FarmerCreate): Promise<AdminFarmer> {
      const produce = await activeProduce(input.produce)
      const now = new Date()
      return translateUnique(() =>
        staffWrite(db, actor, async (trx) => {
          await assertEmailFree(trx, input.email)
          const id = randomUUID()
          await farmersRepository(trx).insert({
            id,
            name: input.name,
            phone: input.phone,
            email: input.email.toLowerCase(),
            website: input.website ?? null,
            town: input.town ?? null,
            tikina: input.tikina ?? null,
            cities: JSON.stringify(input.cities),
            produce: JSON.stringify(produce),
            comments: input.comments ?? null,
            photoUrls: JSON.stringify(input.photoUrls),
            subscriptionStart: input.subscriptionStart,
            subscriptionEnd: input.subscriptionEnd,
            isActive: bool(input.isActive),
            includeInCosting: bool(input.includeInCosting),
            isPremium: bool(input.isPremium),
            isBulk: bool(input.isBulk),
            deliveryAvailable: bool(input.deliveryAvailable),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          await referencePhotos(trx, input.photoUrls, UPLOAD_MAX_BYTES, now)
          const farmer = toAdminFarmer(await load(trx, id), today(now))
          return { result: farmer, audit: { action: 'create_farmer', targetType: 'farmer', targetId: id, targetName: farmer.name, details: { email: farmer.email, phone: farmer.phone } } }
        }),
      )
    },

    /**
     * PATCH: the capability follows the fields (farmerPatchCapability). `{ isActive }` alone is the
     * Activate/Deactivate action, which also sets the dates (spec 001 §4).
     */
    async update(actor: Actor, role: Role, id: string, { was, ...patch }: FarmerUpdate): Promise<AdminFarmer> {
      // Every key sent counts, a cleared one too: '' parses to undefined and sets the field to null,
      // an edit (farmers.edit), never a toggle.
      const keys = Object.keys(patch)
      // An empty patch changes nothing, so it needs no more than the route's own capability.
      if (keys.length > 0 && !can(role, farmerPatchCapability(patch))) throw new HttpError(403, messages.common.forbidden)
      const now = new Date()
      const isActivation = keys.length === 1 && keys[0] === 'isActive'
      return translateUnique(() =>
        staffWrite(db, actor, async (trx) => {
          const before = await loadAsSeen(trx, id, was, now)
          // A produce made inactive since the farmer chose it may stay (the edit adds or removes others).
          const produce = patch.produce ? await activeProduce(patch.produce, before.produce, farmersRepository(trx)) : undefined
          // A patch of one date is judged with the other as stored (the schema sees only what was sent).
          if (patch.subscriptionStart !== undefined || patch.subscriptionEnd !== undefined) {
            const dates = FarmerUpdateSchema.safeParse({ subscriptionStart: patch.subscriptionStart ?? before.subscriptionStart ?? undefined, subscriptionEnd: patch.subscriptionEnd ?? before.subscriptionEnd ?? undefined })
            if (!dates.success) throw new HttpError(400, dates.error.issues[0]?.message ?? messages.common.invalidInput)
          }
          if (patch.email !== undefined) await assertEmailFree(trx, patch.email, id)
          const set: Updateable<FarmersTable> = { updatedAt: now.toISOString() }
          if (patch.name !== undefined) set.name = patch.name
          if (patch.phone !== undefined) set.phone = patch.phone
          if (patch.email !== undefined) set.email = patch.email.toLowerCase()
          if ('website' in patch) set.website = patch.website ?? null
          if ('town' in patch) set.town = patch.town ?? null
          if ('tikina' in patch) set.tikina = patch.tikina ?? null
          if ('comments' in patch) set.comments = patch.comments ?? null
          if (patch.cities !== undefined) set.cities = JSON.stringify(patch.cities)
          if (produce !== undefined) set.produce = JSON.stringify(produce)
          if (patch.photoUrls !== undefined) {
            await referencePhotos(trx, patch.photoUrls, UPLOAD_MAX_BYTES, now)
            set.photoUrls = JSON.stringify(patch.photoUrls)
          }
          if (patch.subscriptionStart !== undefined) set.subscriptionStart = patch.subscriptionStart
          if (patch.subscriptionEnd !== undefined) set.subscriptionEnd = patch.subscriptionEnd
          if (patch.isActive !== undefined) set.isActive = bool(patch.isActive)
          if (patch.includeInCosting !== undefined) set.includeInCosting = bool(patch.includeInCosting)
          if (patch.isPremium !== undefined) set.isPremium = bool(patch.isPremium)
          if (patch.isBulk !== undefined) set.isBulk = bool(patch.isBulk)
          if (patch.deliveryAvailable !== undefined) set.deliveryAvailable = bool(patch.deliveryAvailable)
          if (isActivation) Object.assign(set, patch.isActive ? activateDates(now) : deactivateDates(now))
          await farmersRepository(trx).update(id, set)
          const after = toAdminFarmer(await load(trx, id), today(now))
          const action = isActivation
            ? patch.isActive ? 'activate_farmer' : 'deactivate_farmer'
            : keys.length > 0 && keys.every((k) => k === 'includeInCosting') ? 'update_farmer_costing' : 'update_farmer'
          const details = isActivation ? `Subscription ${after.subscriptionStart} → ${after.subscriptionEnd}` : describeChanges(before, patch)
          return { result: after, audit: { action, targetType: 'farmer', targetId: id, targetName: after.name, details } }
        }),
      )
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await staffWrite(db, actor, async (trx) => {
        const row = await load(trx, id)
        // Farm reviews and payments go with the farmer (foreign keys cascade); signups keep their history.
        // A colleague's delete at the same moment (another server) leaves this one nothing to delete:
        // it answers as for an unknown farmer, and the trail records one deletion.
        if (!(await farmersRepository(trx).delete(id))) throw notFound()
        return { result: undefined, audit: { action: 'delete_farmer', targetType: 'farmer', targetId: id, targetName: row.name, details: { email: row.email, phone: row.phone } } }
      })
    },

    async updateSubscription(actor: Actor, id: string, { was, ...input }: FarmerSubscriptionUpdate): Promise<AdminFarmer> {
      const now = new Date()
      return staffWrite(db, actor, async (trx) => {
        const before = await loadAsSeen(trx, id, was, now)
        await farmersRepository(trx).update(id, { ...input, isActive: bool(input.isActive), updatedAt: now.toISOString() })
        const after = toAdminFarmer(await load(trx, id), today(now))
        return {
          result: after,
          audit: {
            action: 'update_subscription',
            targetType: 'farmer',
            targetId: id,
            targetName: after.name,
            details: `${before.subscriptionStart ?? 'none'} – ${before.subscriptionEnd ?? 'none'} → ${input.subscriptionStart} – ${input.subscriptionEnd}; isActive: ${input.isActive}`,
          },
        }
      })
    },

    async activateTrial(actor: Actor, id: string): Promise<AdminFarmer> {
      const days = await trialPeriodDaysOf(db)
      const now = new Date()
      return staffWrite(db, actor, async (trx) => {
        const row = await load(trx, id)
        const trial = { isTrialActive: row.isTrialActive === 1, trialStartDate: row.trialStartDate, trialEndDate: row.trialEndDate }
        const alreadyInTrial = () => new HttpError(409, m.trialAlreadyActive)
        if (trialStatus(trial, today(now)) === 'Active') throw alreadyInTrial()
        // Only if the trial is still as read: of two Start Trial clicks at once (two servers), the
        // second finds the trial a colleague just started and is told so, as it is one after the other.
        if (!(await farmersRepository(trx).startTrial(id, row, { isTrialActive: 1, ...trialDates(now, days), updatedAt: now.toISOString() }))) {
          throw (await farmersRepository(trx).find(id)) ? alreadyInTrial() : notFound()
        }
        const after = toAdminFarmer(await load(trx, id), today(now))
        return { result: after, audit: { action: 'activate_trial', targetType: 'farmer', targetId: id, targetName: after.name, details: `${days}-day trial until ${after.trialEndDate}` } }
      })
    },

    /** The CSV records of every farmer the filters match, in the list's order, a chunk at a time. */
    exportRecords: (filters: FarmerFilters, now = new Date()): AsyncGenerator<CsvValue[][]> => farmerExportRecords(readDb, filters, now),

    /** One page of the pending activations, soonest first, and the count of them all. */
    async activePending(query: SubscriptionListQuery, now = new Date()): Promise<{ farmers: ActivePendingFarmer[]; total: number }> {
      const day = today(now)
      const [rows, { total }] = [await reads.startingAfter(day, pageOf(query)), await reads.startingAfterCounts(day)]
      return { total, farmers: rows.map((row) => ({
        id: row.id,
        name: row.name,
        town: row.town,
        tikina: row.tikina,
        cities: JSON.parse(row.cities) as string[],
        phone: row.phone,
        email: row.email,
        subscriptionStart: row.subscriptionStart,
        subscriptionEnd: row.subscriptionEnd,
        daysUntilActive: daysUntilActive(row.subscriptionStart!, day),
        status: 'Pending' as const,
        isDemo: row.isDemo === 1,
      })) }
    },
    activePendingSummary: (now = new Date()): Promise<ActivePendingSummary> => reads.startingAfterCounts(today(now)),

    /** One page of the expired farmers, most recently ended first, and the count of them all. */
    async expired(query: SubscriptionListQuery, now = new Date()): Promise<{ farmers: ExpiredFarmer[]; total: number }> {
      const day = today(now)
      const [rows, { total }] = [await reads.endedBefore(day, pageOf(query)), await reads.endedBeforeCounts(day)]
      return { total, farmers: rows.map((row) => ({
        id: row.id,
        name: row.name,
        phone: row.phone,
        email: row.email,
        daysSinceLastActive: daysSinceLastActive(row.subscriptionEnd!, day),
        subscriptionStart: row.subscriptionStart,
        subscriptionEnd: row.subscriptionEnd,
        isDemo: row.isDemo === 1,
      })) }
    },
    expiredSummary: (now = new Date()): Promise<ExpiredSummary> => reads.endedBeforeCounts(today(now)),

    /** One page of the farmers in trial, latest start first, and the count of them all. */
    async trialFarmers(query: SubscriptionListQuery, now = new Date()): Promise<{ farmers: TrialFarmer[]; total: number }> {
      const day = today(now)
      const [rows, { total }] = [await reads.inTrial(pageOf(query)), await reads.inTrialCounts(day)]
      return { total, farmers: rows.map((row) => {
        const trial = { isTrialActive: row.isTrialActive === 1, trialStartDate: row.trialStartDate, trialEndDate: row.trialEndDate }
        return {
          id: row.id,
          name: row.name,
          phone: row.phone,
          daysInTrial: daysInTrial(trial, day),
          trialStatus: trialStatus(trial, day),
          trialStartDate: row.trialStartDate,
          trialEndDate: row.trialEndDate,
          isDemo: row.isDemo === 1,
        }
      }) }
    },
    trialSummary: (now = new Date()): Promise<TrialSummary> => reads.inTrialCounts(today(now)),

    /** The cost page's figures over every farmer, counted in SQL. */
    async costBreakdown(now = new Date()): Promise<CostBreakdown> {
      const dailyRate = await dailyRateOf(db)
      return { dailyRate, ...(await costTotals(readDb, dailyRate, today(now))) }
    },

    /** One page of the cost rows, by name, and the count of every farmer. */
    async costRows(query: SubscriptionListQuery, now = new Date()): Promise<{ farmers: FarmerCost[]; total: number }> {
      const [dailyRate, { rows, total }] = [await dailyRateOf(db), await reads.byName(pageOf(query))]
      const day = today(now)
      return {
        total,
        farmers: rows.map((row) =>
          farmerCost(
            {
              id: row.id,
              name: row.name,
              email: row.email,
              isActive: row.isActive === 1,
              includeInCosting: row.includeInCosting === 1,
              isTrialActive: isInTrialOn(row, day),
              subscriptionStart: row.subscriptionStart,
              subscriptionEnd: row.subscriptionEnd,
              isDemo: row.isDemo === 1,
            },
            dailyRate,
            day,
          ),
        ),
      }
    },

    /** One page of payment records newest first, and the count of all matching the search. */
    async payments(query: AdminPaymentsQuery): Promise<{ payments: FarmerPayment[]; total: number }> {
      const { rows, total } = await reads.paymentPage(query.search || undefined, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize })
      return { payments: rows.map(toFarmerPayment), total }
    },

    /** The payment report's records, newest first, a chunk at a time. */
    paymentRecords: (): AsyncGenerator<CsvValue[][]> => paymentExportRecords(readDb),

    /** Edits the farmer's latest payment record, or records one when the farmer has none. */
    async updatePayment(actor: Actor, farmerId: string, input: FarmerPaymentUpdate): Promise<FarmerPayment> {
      const now = new Date().toISOString()
      return staffWrite(db, actor, async (trx) => {
        const repo = farmersRepository(trx)
        // The farmer's row first: of two saves at once (two servers) for a farmer with no payment
        // yet, the second then finds the first's record and edits it, instead of adding another.
        if (!(await repo.take(farmerId))) throw notFound()
        const farmer = await load(trx, farmerId)
        // PATCH: only the fields sent change; one sent empty ('' parses to undefined) is cleared.
        const fields = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value ?? null])) as Partial<Record<keyof FarmerPaymentUpdate, string | null>>
        let payment = await repo.latestPayment(farmerId)
        // Nothing sent, or nothing filled in for a farmer with no payment yet: an empty row (and its
        // audit entry) would record a payment that never was.
        if (Object.keys(fields).length === 0 || (!payment && Object.values(fields).every((value) => value === null))) {
          throw new HttpError(400, messages.payments.nothingToRecord)
        }
        if (payment) {
          await repo.updatePayment(payment.id, { ...fields, updatedAt: now })
        } else {
          const none = { mpaisaNumber: null, mpaisaReceiptNumber: null, paymentDate: null }
          await repo.insertPayment({ id: randomUUID(), farmerId, farmerName: farmer.name, farmerPhone: farmer.phone, ...none, ...fields, createdAt: now, updatedAt: now })
        }
        payment = (await repo.latestPayment(farmerId))!
        return {
          result: toFarmerPayment(payment),
          audit: { action: 'update_payment', targetType: 'farmer_payment', targetId: payment.id, targetName: farmer.name, details: fields },
        }
      })
    },
  }
}
