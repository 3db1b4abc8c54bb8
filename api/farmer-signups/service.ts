// Farmer signups (public and by data agents): names are checked against the active lists, photos
// must be stored uploads, and the signup row, its photo references and the Idempotency-Key record
// commit in one transaction, so an outbox retry can never create a second signup.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { recordIdempotent } from '../../sync/server/idempotency'
import { FARM_PHOTO_MAX_BYTES, messages, type FarmerSignup, type SignupCreatedResponse } from '../contract'
import { HttpError } from '../errors'
import { referencePhotos } from '../uploads/photo-references'
import { farmerSignupsRepository } from './repository'
import { insertAuditLog, type Actor } from '../audit/staff-write'

/** The signed-in staff member submitting in Data Agent Mode, with where the request came from (audit). */
export type DataAgent = Actor

/** Each name in its listed spelling, or null when one is not on the list. Duplicates collapse. */
export function matchListed(names: readonly string[], listed: readonly string[]): string[] | null {
  const spelling = new Map(listed.map((name) => [name.toLocaleLowerCase('en'), name]))
  const matched = names.map((name) => spelling.get(name.trim().toLocaleLowerCase('en')))
  if (matched.some((name) => name === undefined)) return null
  return [...new Set(matched as string[])]
}

/** The names (as sent) that are not on the list, so the refusal can say which. */
export function unlisted(names: readonly string[], listed: readonly string[]): string[] {
  const known = new Set(listed.map((name) => name.toLocaleLowerCase('en')))
  return [...new Set(names.map((name) => name.trim()).filter((name) => !known.has(name.toLocaleLowerCase('en'))))]
}

// On the field, so the form (and the Outbox's fix form) puts it beside the town or produce list.
const notListedError = (field: 'cities' | 'produce', message: string) => new HttpError(400, message, [{ path: field, message }])

export function farmerSignupsService(db: Kysely<Database>) {
  const repository = farmerSignupsRepository(db)
  return {
    async create(signup: FarmerSignup, options: { dataAgent?: DataAgent; locals: Record<string, unknown> }): Promise<SignupCreatedResponse> {
      const locationNames = await repository.activeLocationNames()
      const cities = matchListed(signup.cities, locationNames)
      if (!cities) throw notListedError('cities', messages.farmerSignup.citiesNotListed(unlisted(signup.cities, locationNames)))
      const produceNames = await repository.activeProduceNames()
      const produce = matchListed(signup.produce, produceNames)
      if (!produce) throw notListedError('produce', messages.farmerSignup.produceNotListed(unlisted(signup.produce, produceNames)))

      const now = new Date()
      const answer: SignupCreatedResponse = { id: randomUUID(), status: 'pending' }
      await db.transaction().execute(async (trx) => {
        await repository.insert(trx, {
          id: answer.id,
          name: signup.name,
          phone: signup.phone,
          email: signup.email ?? null,
          website: signup.website ?? null,
          town: signup.town ?? null,
          tikina: signup.tikina ?? null,
          cities: JSON.stringify(cities),
          produce: JSON.stringify(produce),
          photoUrls: JSON.stringify(signup.photoUrls),
          subscriptionStart: signup.subscriptionStart,
          subscriptionEnd: signup.subscriptionEnd,
          mpaisaNumber: signup.mpaisaNumber ?? null,
          mpaisaReceiptNumber: signup.mpaisaReceiptNumber ?? null,
          paymentDate: signup.paymentDate ?? null,
          comments: signup.comments ?? null,
          deliveryAvailable: signup.deliveryAvailable ? 1 : 0,
          isBulk: signup.isBulk ? 1 : 0,
          status: 'pending',
          createdAt: now.toISOString(),
          dataAgentId: options.dataAgent?.userId ?? null,
          dataAgentName: options.dataAgent?.userName ?? null,
        })
        // A data agent's signup is a staff write: its audit row commits with it (a replay adds none).
        if (options.dataAgent) {
          await insertAuditLog(trx, options.dataAgent, { action: 'data_agent_signup', targetType: 'farmer_signup', targetId: answer.id, targetName: signup.name }, now)
        }
        await referencePhotos(trx, signup.photoUrls, FARM_PHOTO_MAX_BYTES, now, { onlyNew: true })
        await recordIdempotent(options.locals, trx, 201, answer)
      })
      return answer
    },
  }
}
