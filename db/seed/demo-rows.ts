// Turns demo-data.ts into table rows. Pure: ids and dates come from the arguments and the clock,
// with every date relative to "today" in Fiji so a demo started any day shows the same mix.
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { Insertable } from 'kysely'
import type {
  FarmReviewsTable,
  NewFarmer,
  NewFarmerPayment,
  NewFarmerSignup,
  NewSubjectMatterExpert,
  PlatformReviewsTable,
} from '../schema'
import { DEMO_DOMAIN, DEMO_EXPERTS, DEMO_FARM_REVIEWS, DEMO_FARMERS, DEMO_PLATFORM_REVIEWS } from './demo-data'

export type DemoClock = ReturnType<typeof fijiClock>

/** Calendar helpers anchored at midnight today in Fiji; offsets in days. */
export function fijiClock(now: Date) {
  const nowIso = now.toISOString()
  const today = DateTime.fromJSDate(now, { zone: 'Pacific/Fiji' }).startOf('day')
  const at = (days: number, hour = 0) => today.plus({ days, hours: hour }).toUTC().toJSDate().toISOString()
  // Records of things that already happened must not be stamped later than now.
  const past = (days: number, hour = 9) => {
    const iso = at(days, hour)
    return iso < nowIso ? iso : nowIso
  }
  return { at, past }
}

const emailFor = (name: string) =>
  `${name.toLowerCase().replace(/[^a-z ]/g, '').trim().split(/\s+/).join('.')}@${DEMO_DOMAIN}`
/**
 * A demo phone number that can never ring anyone: '+679 010 1nnn'. Fiji numbers are 7 digits and
 * none starts with 0 (0 leads only the international and toll-free prefixes), so this reaches no
 * person, no WhatsApp account, no M-PAiSA wallet — yet the product's forms accept it as typed
 * text. docs/decisions/011-demo-phone-numbers.md.
 */
export const phoneFor = (n: number) => `+679 010 ${String(1000 + n)}`
const mpaisaFor = (phone: string) => phone.replace('+679', '').replace(/\D/g, '')
const receiptFor = (n: number) => `MP${4810000 + n * 7919}`

export type DemoFarmerRow = NewFarmer & { email: string; createdAt: string; listed: boolean }

export function farmerRows({ at, past }: DemoClock): DemoFarmerRow[] {
  return DEMO_FARMERS.map((f, i) => {
    const s = f.status
    const dated = s.kind !== 'inactive'
    // A minute apart, so lists sorted by creation time have one order on every database (no ties left to chance).
    const createdAt = new Date(Date.parse(past(Math.min(dated ? s.start : -20, 0) - 2)) + i * 60_000).toISOString()
    return {
      id: randomUUID(),
      name: f.name,
      phone: phoneFor(i),
      email: emailFor(f.name),
      town: f.town,
      tikina: f.tikina,
      cities: JSON.stringify(f.cities),
      produce: JSON.stringify(f.produce),
      comments: `[Demo] Sample listing: ${f.produce.join(', ')} from ${f.town}.`,
      subscriptionStart: dated ? at(s.start) : null,
      subscriptionEnd: dated ? at(s.end) : null,
      isActive: dated ? 1 : 0,
      isPremium: f.premium ? 1 : 0,
      isBulk: f.bulk ? 1 : 0,
      deliveryAvailable: f.delivery ? 1 : 0,
      isTrialActive: s.kind === 'trial' ? 1 : 0,
      trialStartDate: s.kind === 'trial' ? at(s.start) : null,
      trialEndDate: s.kind === 'trial' ? at(s.end) : null,
      createdAt,
      updatedAt: createdAt,
      isDemo: 1,
      listed: s.kind === 'active',
    }
  })
}

/** One mobile-money payment per paying (listed) farmer, made when the listing was created. */
export function paymentRows(farmers: DemoFarmerRow[]): NewFarmerPayment[] {
  return farmers
    .filter((f) => f.listed)
    .map((f, i) => ({
      id: randomUUID(),
      farmerId: f.id,
      farmerName: f.name,
      farmerPhone: f.phone,
      mpaisaNumber: mpaisaFor(f.phone),
      mpaisaReceiptNumber: receiptFor(i),
      paymentDate: f.createdAt,
      createdAt: f.createdAt,
      updatedAt: f.createdAt,
      isDemo: 1,
    }))
}

interface SignupContext {
  clock: DemoClock
  farmer: (name: string) => DemoFarmerRow
  receiptOf: (farmerId: string) => string | null
  agent: { id: string; name: string }
  processedBy: string | null
}

export function signupRows({ clock: { at, past }, farmer, receiptOf, agent, processedBy }: SignupContext): NewFarmerSignup[] {
  // Kysely writes NULL for a column missing from some rows of a multi-row insert (SQLite has no
  // DEFAULT in VALUES), so every row names every optional column.
  const unset = {
    deliveryAvailable: 0, isBulk: 0, status: 'pending', rejectionReason: null, processedAt: null,
    processedBy: null, dataAgentId: null, dataAgentName: null, farmerId: null, isDemo: 1,
  } satisfies Partial<NewFarmerSignup>
  const byAgent = { dataAgentId: agent.id, dataAgentName: agent.name }

  type Applicant = { n: number; name: string; town: string; tikina: string; cities: string[]; produce: string[] }
  const fresh = (a: Applicant, extra: Partial<NewFarmerSignup> = {}): NewFarmerSignup => ({
    ...unset,
    id: randomUUID(),
    name: a.name,
    phone: phoneFor(a.n),
    email: emailFor(a.name),
    town: a.town,
    tikina: a.tikina,
    cities: JSON.stringify(a.cities),
    produce: JSON.stringify(a.produce),
    subscriptionStart: at(2),
    subscriptionEnd: at(92),
    mpaisaNumber: mpaisaFor(phoneFor(a.n)),
    mpaisaReceiptNumber: receiptFor(a.n),
    paymentDate: past(-1, 8),
    comments: '[Demo] Sample application.',
    createdAt: past(-1, 10),
    ...extra,
  })

  // An approved signup holds the details of the farmer it created, submitted a day before.
  const approved = (name: string, extra: Partial<NewFarmerSignup> = {}): NewFarmerSignup => {
    const f = farmer(name)
    const submitted = new Date(Date.parse(f.createdAt) - 86_400_000).toISOString()
    return {
      ...unset,
      id: randomUUID(),
      name: f.name,
      phone: f.phone,
      email: f.email,
      town: f.town,
      tikina: f.tikina,
      cities: f.cities,
      produce: f.produce,
      subscriptionStart: f.subscriptionStart ?? at(0),
      subscriptionEnd: f.subscriptionEnd ?? at(90),
      mpaisaNumber: mpaisaFor(f.phone),
      mpaisaReceiptNumber: receiptOf(f.id),
      paymentDate: submitted,
      comments: '[Demo] Approved application.',
      deliveryAvailable: f.deliveryAvailable,
      isBulk: f.isBulk,
      status: 'approved',
      createdAt: submitted,
      processedAt: f.createdAt,
      processedBy,
      farmerId: f.id,
      ...extra,
    }
  }

  return [
    fresh({ n: 41, name: 'Jiosefa Qalo', town: 'Tavualevu', tikina: 'Tavua', cities: ['Tavua'], produce: ['Kava (Yaqona)', 'Yams (Uvi)'] }),
    fresh(
      { n: 42, name: 'Priya Chandra', town: 'Namaka', tikina: 'Nadi', cities: ['Nadi', 'Lautoka'], produce: ['Tomatoes', 'Cucumber', 'Lettuce'] },
      { deliveryAvailable: 1, createdAt: past(-2, 14) },
    ),
    fresh(
      { n: 43, name: 'Tomasi Vuki', town: 'Waila', tikina: 'Rewa', cities: ['Nausori'], produce: ['Fish'] },
      {
        status: 'rejected',
        rejectionReason: 'The M-PAiSA receipt number could not be matched to a payment.',
        createdAt: past(-9, 11),
        processedAt: past(-8, 15),
        processedBy,
      },
    ),
    fresh(
      { n: 44, name: 'Vika Naqelevuki', town: 'Vunidawa', tikina: 'Wainimala', cities: ['Vunidawa'], produce: ['Dalo (Taro)', 'Kava (Yaqona)', 'Bele'] },
      { ...byAgent, isBulk: 1, createdAt: past(-1, 11) },
    ),
    approved('Pritika Singh'),
    approved('Waisale Naisoro', { ...byAgent, comments: '[Demo] Signed up in the field by a data agent.' }),
  ]
}

export function platformReviewRows({ past }: DemoClock, reviewedBy: string | null): Insertable<PlatformReviewsTable>[] {
  return DEMO_PLATFORM_REVIEWS.map((r, i) => {
    const createdAt = past(-r.daysAgo, 10 + (i % 6))
    const reviewedAt = r.status === 'pending' ? null : past(-r.daysAgo, 17)
    return {
      id: randomUUID(),
      userName: r.userName,
      userEmail: `reviewer${i + 1}@${DEMO_DOMAIN}`,
      rating: r.rating,
      comment: r.comment,
      status: r.status,
      reviewedBy: reviewedAt ? reviewedBy : null,
      reviewedAt,
      rejectionReason: r.rejectionReason ?? null,
      createdAt,
      updatedAt: reviewedAt ?? createdAt,
      isDemo: 1,
    }
  })
}

export function farmReviewRows({ past }: DemoClock, farmer: (name: string) => DemoFarmerRow): Insertable<FarmReviewsTable>[] {
  return DEMO_FARM_REVIEWS.map((r) => ({
    id: randomUUID(),
    farmId: farmer(r.farmer).id,
    rating: r.rating,
    comment: r.comment,
    createdAt: past(-r.daysAgo, 12),
    isDemo: 1,
  }))
}

export function expertRows({ past }: DemoClock): NewSubjectMatterExpert[] {
  return DEMO_EXPERTS.map((e, i) => {
    const createdAt = past(-(3 + i * 6), 9)
    return {
      id: randomUUID(),
      name: e.name,
      company: e.company,
      expertField: e.expertField,
      contactNumber: phoneFor(50 + i),
      email: emailFor(e.name),
      comments: `[Demo] ${e.about}`,
      isActive: e.isActive ? 1 : 0,
      createdAt,
      // One edited profile, so the "Updated" badge has something to show.
      updatedAt: i === 1 ? past(-1, 9) : createdAt,
      isDemo: 1,
    }
  })
}
