// Farmers: the public card and browse shapes, and the back-office farmer, subscription and payment shapes.
import { z } from 'zod'
import { messages } from './messages'
import { STAFF_PAGE_SIZE_MAX, TimestampSchema, optionalDate, optionalText, optionalUrl, pageQuery, pageSizeQuery, requiredDate, requiredText, subscriptionEndAfterStart, subscriptionWithinMaxYears, wholeNumberQuery, whenMissing } from './common'
import { MAX_PRODUCE_PER_FARMER } from './farmer-signup'
import { MAX_SIGNUP_PHOTOS, PhotoPathSchema } from './uploads'

const m = messages.farmers
const listItem = z.string().trim().min(1).max(100)

// ---- public (only farmers flagged active with today, Pacific/Fiji, inside their subscription)

/** Farmer card (browse step 3, city dialog). `email` is null when it is an internal placeholder. */
export const PublicFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  town: z.string().nullable(),
  tikina: z.string().nullable(),
  cities: z.array(z.string()),
  produce: z.array(z.string()),
  isPremium: z.boolean(),
  isBulk: z.boolean(),
  deliveryAvailable: z.boolean(),
  /** Demo data (db/seed): every card and dialog shows a 'Demo' badge so nobody takes it for a real farmer. */
  isDemo: z.boolean(),
  /** The card shows the first one (clarifications, Photos). */
  photoUrls: z.array(z.string()),
})
export type PublicFarmer = z.infer<typeof PublicFarmerSchema>

/** A farmer inside a produce-availability bar's dialog. `city` is the first service area. */
export const AvailabilityFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  town: z.string().nullable(),
  city: z.string().nullable(),
  isPremium: z.boolean(),
  deliveryAvailable: z.boolean(),
  isBulk: z.boolean(),
  produce: z.array(z.string()),
  isDemo: z.boolean(),
})
export type AvailabilityFarmer = z.infer<typeof AvailabilityFarmerSchema>

// ---- pages (issue 12: the directory at national scale)

/** Farmers each list endpoint embeds per produce or city; the dialogs page on from there. */
export const FIRST_PAGE_SIZE = 5
/** Farmers per page of the paged endpoints, by default and at most. */
export const FARMER_PAGE_DEFAULT = 20
export const FARMER_PAGE_MAX = 50

/** 'true' keeps only farmers with delivery / bulk; 'false' or absent does not filter (the checkboxes only narrow). */
const narrowingFlag = z.enum(['true', 'false']).transform((v) => v === 'true').optional()

/** ?page= (from 1) and ?limit= (a larger limit is cut to FARMER_PAGE_MAX), with the two filters. */
export const FarmerPageQuerySchema = z.object({
  page: pageQuery(),
  limit: wholeNumberQuery(messages.common.limitInvalid, 1).default(FARMER_PAGE_DEFAULT).transform((n) => Math.min(n, FARMER_PAGE_MAX)),
  delivery: narrowingFlag,
  bulk: narrowingFlag,
})
export type FarmerPageQuery = z.infer<typeof FarmerPageQuerySchema>
export type FarmerPageQueryInput = z.input<typeof FarmerPageQuerySchema>

/** One page of a farmer list (premium first, then name): `farmerCount` counts the whole list. */
const farmerPage = <T extends z.ZodType>(farmer: T) =>
  z.object({
    farmerCount: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    farmers: z.array(farmer),
  })
export const PublicFarmerPageSchema = farmerPage(PublicFarmerSchema)
export type PublicFarmerPage = z.infer<typeof PublicFarmerPageSchema>
export const AvailabilityFarmerPageSchema = farmerPage(AvailabilityFarmerSchema)
export type AvailabilityFarmerPage = z.infer<typeof AvailabilityFarmerPageSchema>

/**
 * GET /api/produce/availability item, sorted by farmerCount descending. `farmers` is the first
 * page (at most FIRST_PAGE_SIZE, premium first, then name); the rest come from
 * GET /api/produce/availability/:id/farmers.
 */
export const ProduceAvailabilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  farmerCount: z.number().int().nonnegative(),
  farmers: z.array(AvailabilityFarmerSchema),
})
export type ProduceAvailability = z.infer<typeof ProduceAvailabilitySchema>

/**
 * GET /api/farmers/locations item: a city with its listed-farmer count and first page of farmers
 * (at most FIRST_PAGE_SIZE); the rest come from GET /api/farmers/locations/:city/farmers.
 */
export const FarmerLocationSchema = z.object({
  city: z.string(),
  farmerCount: z.number().int().nonnegative(),
  farmers: z.array(PublicFarmerSchema),
})
export type FarmerLocation = z.infer<typeof FarmerLocationSchema>

/** GET /api/produce/by-location/:city item. */
export const ProduceInCitySchema = z.object({ name: z.string(), farmerCount: z.number().int().nonnegative() })
export type ProduceInCity = z.infer<typeof ProduceInCitySchema>

/**
 * GET /api/farmers: the home page's search over listed farmers (name, produce, village, tikina,
 * cities; every word must match somewhere), a page at a time.
 */
export const PublicFarmersQuerySchema = FarmerPageQuerySchema.extend({
  search: z.string().trim().max(200, messages.common.textTooLong).optional(),
})
export type PublicFarmersQuery = z.infer<typeof PublicFarmersQuerySchema>
export type PublicFarmersQueryInput = z.input<typeof PublicFarmersQuerySchema>

/**
 * GET /api/directory/snapshot: every listed farmer in one answer, the copy a phone keeps to browse
 * the whole directory offline (issue 17). Cities and produce are named once, in `cities` and
 * `produce` (each by name in English collation, spelled as the other directory answers spell
 * them); a farmer refers to them by index. `farmers` come in list order (premium first, then
 * name), so every list of the directory is this one filtered. Photos are paths, never bytes.
 * A farmer is a row, not an object: the same card in half the bytes, and half the parsing on a
 * phone (`npm run bench` prints its size at 10,000 and 100,000 farmers).
 */
export const DirectorySnapshotFarmerSchema = z.tuple([
  z.uuid(), // id
  z.string(), // name
  z.string().nullable(), // phone
  z.string().nullable(), // email (null for an internal placeholder)
  z.string().nullable(), // website
  z.string().nullable(), // town
  z.string().nullable(), // tikina
  z.array(z.number().int().nonnegative()), // cities, indexes into `cities`
  z.array(z.number().int().nonnegative()), // produce, indexes into `produce`
  z.number().int().min(0).max(15), // SNAPSHOT_FLAGS added up
  z.array(z.string()), // photo paths
])
export type DirectorySnapshotFarmer = z.infer<typeof DirectorySnapshotFarmerSchema>
/** The bits of a snapshot farmer's flags. */
export const SNAPSHOT_FLAGS = { premium: 1, bulk: 2, delivery: 4, demo: 8 } as const

export const DirectorySnapshotSchema = z.object({
  cities: z.array(z.string()),
  /** `id` is the active produce's (the availability bars'); null for a name farmers use that is not one. */
  produce: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
  farmers: z.array(DirectorySnapshotFarmerSchema),
})
export type DirectorySnapshot = z.infer<typeof DirectorySnapshotSchema>

export const CityParamSchema = z.object({ city: z.string().min(1) })
export const CityProduceParamSchema = z.object({ city: z.string().min(1), produce: z.string().min(1) })

// ---- admin farmer

/** Management display status (spec 001 §4) and the list filter. */
export const farmerDisplayStatuses = ['inactive', 'pending', 'active', 'expired', 'expired_followup'] as const
export type FarmerDisplayStatus = (typeof farmerDisplayStatuses)[number]
export const farmerStatusFilters = ['all', 'active', 'expired', 'followup'] as const
export type FarmerStatusFilter = (typeof farmerStatusFilters)[number]


export const AdminFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null for a farmer approved from a signup that gave no e-mail. */
  email: z.string().nullable(),
  phone: z.string(),
  website: z.string().nullable(),
  town: z.string().nullable(),
  tikina: z.string().nullable(),
  cities: z.array(z.string()),
  produce: z.array(z.string()),
  comments: z.string().nullable(),
  photoUrls: z.array(z.string()),
  subscriptionStart: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  isActive: z.boolean(),
  includeInCosting: z.boolean(),
  isPremium: z.boolean(),
  isBulk: z.boolean(),
  deliveryAvailable: z.boolean(),
  isTrialActive: z.boolean(),
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  createdAt: TimestampSchema,
  /** Management display status computed by the server on the Fiji calendar (spec 001 §4). */
  displayStatus: z.enum(farmerDisplayStatuses),
  /** Demo data (db/seed): the staff lists badge it, so sample farmers are never taken for paying ones. */
  isDemo: z.boolean(),
})
export type AdminFarmer = z.infer<typeof AdminFarmerSchema>

const farmerFields = {
  name: requiredText(m.nameRequired, 255),
  phone: requiredText(m.phoneRequired, 50),
  email: z.string({ error: m.emailRequired }).trim().pipe(z.email(m.emailRequired).max(255, m.emailRequired)),
  website: optionalUrl(m.websiteInvalid),
  town: optionalText(255),
  tikina: optionalText(255),
  cities: z.array(listItem, { error: whenMissing(m.citiesRequired) }).min(1, m.citiesRequired).max(50, messages.farmerSignup.citiesMax),
  /** Only names of active produce items; the server checks that (messages.farmers.produceNotActive). */
  produce: z.array(listItem).max(MAX_PRODUCE_PER_FARMER, m.produceMax),
  comments: optionalText(10000),
  photoUrls: z.array(PhotoPathSchema).max(MAX_SIGNUP_PHOTOS, messages.farmerSignup.photosMax),
  subscriptionStart: requiredDate(m.subscriptionStartRequired),
  subscriptionEnd: requiredDate(m.subscriptionEndRequired),
  isActive: z.boolean(),
  includeInCosting: z.boolean(),
  isPremium: z.boolean(),
  isBulk: z.boolean(),
  deliveryAvailable: z.boolean(),
}

/** POST /api/admin/farmers. The form defaults the subscription to now … now + 30 days. */
export const FarmerCreateSchema = z.object({
  ...farmerFields,
  produce: farmerFields.produce.default([]),
  photoUrls: farmerFields.photoUrls.default([]),
  isActive: farmerFields.isActive.default(true),
  includeInCosting: farmerFields.includeInCosting.default(true),
  isPremium: farmerFields.isPremium.default(false),
  isBulk: farmerFields.isBulk.default(false),
  deliveryAvailable: farmerFields.deliveryAvailable.default(false),
}).refine(...subscriptionEndAfterStart(m.subscriptionEndBeforeStart)).refine(...subscriptionWithinMaxYears(messages.farmerSignup.subscriptionEndTooLate))
export type FarmerCreate = z.infer<typeof FarmerCreateSchema>
export type FarmerCreateInput = z.input<typeof FarmerCreateSchema>

/**
 * What an edit saw of the fields it changes, as the staff list gave them (AdminFarmer): the server
 * refuses the edit (409, messages.farmers.changedMeanwhile) when any of them has changed since, so of
 * two staff editing the same field at once (any server) one is told, where the later silently won.
 */
export const FarmerSeenSchema = AdminFarmerSchema.pick({
  name: true, phone: true, email: true, website: true, town: true, tikina: true, cities: true, produce: true, comments: true, photoUrls: true,
  subscriptionStart: true, subscriptionEnd: true, isActive: true, includeInCosting: true, isPremium: true, isBulk: true, deliveryAvailable: true,
}).partial().strict()
export type FarmerSeen = z.infer<typeof FarmerSeenSchema>

/**
 * PATCH /api/admin/farmers/:id: only the changed fields. Which capability a body needs depends on its
 * fields — see farmerPatchCapability in permissions.ts. `{ isActive }` alone is the Activate/Deactivate
 * action: the server sets the dates (activate: today 00:00 Fiji … +90 days; deactivate: −60 days … −1 day).
 */
export const FarmerUpdateSchema = z.object({ ...farmerFields, was: FarmerSeenSchema }).partial().refine(...subscriptionEndAfterStart(m.subscriptionEndBeforeStart)).refine(...subscriptionWithinMaxYears(messages.farmerSignup.subscriptionEndTooLate))
export type FarmerUpdate = z.infer<typeof FarmerUpdateSchema>

/** PATCH /api/admin/farmers/:id/subscription. */
export const FarmerSubscriptionUpdateSchema = z
  .object({
    subscriptionStart: requiredDate(m.subscriptionStartRequired),
    subscriptionEnd: requiredDate(m.subscriptionEndRequired),
    isActive: z.boolean(),
    /** What the dialog was opened with (FarmerSeenSchema). */
    was: FarmerSeenSchema.pick({ subscriptionStart: true, subscriptionEnd: true, isActive: true }).optional(),
  })
  .refine(...subscriptionEndAfterStart(m.subscriptionEndBeforeStart))
  // As a signup's: an end year of 9999 (a typo) counted millions of days into Total Revenue.
  .refine(...subscriptionWithinMaxYears(messages.farmerSignup.subscriptionEndTooLate))
export type FarmerSubscriptionUpdate = z.infer<typeof FarmerSubscriptionUpdateSchema>

/** The orders the staff farmers list offers; each reads an index, the id breaking ties. */
export const adminFarmerSorts = ['name', '-name', 'createdAt', '-createdAt'] as const
export type AdminFarmerSort = (typeof adminFarmerSorts)[number]
/** Farmers per page of the staff list, by default and at most. */
export const ADMIN_FARMERS_PAGE_DEFAULT = 50
export const ADMIN_FARMERS_PAGE_MAX = STAFF_PAGE_SIZE_MAX

/** What narrows the staff farmers list and its CSV export alike: both show the same farmers. */
const adminFarmerFilters = {
  search: z.string().trim().max(200, messages.common.textTooLong).optional(),
  status: z.enum(farmerStatusFilters).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  produce: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(adminFarmerSorts).default('name'),
}

/**
 * GET /api/admin/farmers: search (name, phone, e-mail, village, tikina, cities), the status filter,
 * exact city / produce filters, the order, and one page (never the whole country at once). Strict:
 * an unknown parameter is refused, not ignored. The answer carries the filtered count in the
 * X-Total-Count header.
 */
export const AdminFarmersQuerySchema = z.strictObject({
  ...adminFarmerFilters,
  page: pageQuery(),
  pageSize: pageSizeQuery(ADMIN_FARMERS_PAGE_DEFAULT),
})
/** GET /api/admin/farmers/export: the same filters and order as the list, every matching farmer. */
export const AdminFarmersExportQuerySchema = z.strictObject(adminFarmerFilters)
export type AdminFarmersExportQuery = z.infer<typeof AdminFarmersExportQuerySchema>
export type AdminFarmersExportQueryInput = z.input<typeof AdminFarmersExportQuerySchema>
/** Response header with the number of farmers matching the filters (before paging). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count'
export type AdminFarmersQuery = z.infer<typeof AdminFarmersQuerySchema>

export { FOLLOW_UP_AFTER_DAYS } from './subscription-terms'

// ---- payments

export const FarmerPaymentSchema = z.object({
  id: z.uuid(),
  farmerId: z.uuid(),
  farmerName: z.string(),
  farmerPhone: z.string().nullable(),
  mpaisaNumber: z.string().nullable(),
  mpaisaReceiptNumber: z.string().nullable(),
  paymentDate: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Demo data (db/seed, migration 0006): shown with a 'Demo' badge, never as real. */
  isDemo: z.boolean(),
})
export type FarmerPayment = z.infer<typeof FarmerPaymentSchema>

/** Payment records per page of the staff list, by default and at most. */
export const ADMIN_PAYMENTS_PAGE_DEFAULT = 50
export const ADMIN_PAYMENTS_PAGE_MAX = STAFF_PAGE_SIZE_MAX

/**
 * GET /api/admin/farmers/payments: one page of payment records newest first (the id breaking ties),
 * searched over the farmer's name and phone, the M-PAiSA and the receipt number, in SQL. Strict: an
 * unknown parameter is a 400. X-Total-Count counts the matches.
 */
export const AdminPaymentsQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  page: pageQuery(),
  pageSize: pageSizeQuery(ADMIN_PAYMENTS_PAGE_DEFAULT),
})
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>

/** PATCH /api/admin/farmers/:id/payment (paymentDate ISO). */
export const FarmerPaymentUpdateSchema = z.object({
  mpaisaNumber: optionalText(50),
  mpaisaReceiptNumber: optionalText(100),
  paymentDate: optionalDate(),
})
export type FarmerPaymentUpdate = z.infer<typeof FarmerPaymentUpdateSchema>

// ---- lists behind the dashboard cards

/**
 * ?page= and ?pageSize= of the expired, active-pending and trial lists (issue 19): one page, the
 * count of the whole list in X-Total-Count, the screens' cards from each list's summary. Strict.
 */
export const SubscriptionListQuerySchema = z.strictObject({
  page: pageQuery(),
  pageSize: pageSizeQuery(ADMIN_FARMERS_PAGE_DEFAULT),
})
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuerySchema>

const count = z.number().int().nonnegative()
/** GET /api/admin/expired-farmers/summary: expired 30 days or fewer, 31 to 90, over 90 (the whole list). */
export const ExpiredSummarySchema = z.object({ total: count, recent: count, long: count, veryLong: count })
export type ExpiredSummary = z.infer<typeof ExpiredSummarySchema>
/** GET /api/admin/farmers/active-pending/summary: every pending activation, within 7 days, within 1 day. */
export const ActivePendingSummarySchema = z.object({ total: count, thisWeek: count, tomorrow: count })
export type ActivePendingSummary = z.infer<typeof ActivePendingSummarySchema>
/** GET /api/admin/trial-farmers/summary: active and expired trials (the whole list). */
export const TrialSummarySchema = z.object({ total: count, active: count, expired: count })
export type TrialSummary = z.infer<typeof TrialSummarySchema>

/** GET /api/admin/expired-farmers item. */
export const ExpiredFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  daysSinceLastActive: z.number().int().nonnegative(),
  subscriptionStart: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  /** Demo data (db/seed): badged in the list. */
  isDemo: z.boolean(),
})
export type ExpiredFarmer = z.infer<typeof ExpiredFarmerSchema>

/** GET /api/admin/trial-farmers item. */
export const TrialFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  daysInTrial: z.number().int().nonnegative(),
  /** 'Active' or 'Expired' (others possible per spec). */
  trialStatus: z.string(),
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  /** Demo data (db/seed): badged in the list. */
  isDemo: z.boolean(),
})
export type TrialFarmer = z.infer<typeof TrialFarmerSchema>

/** GET /api/admin/farmers/active-pending item: a farmer whose activation date is in the future. */
export const ActivePendingFarmerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  town: z.string().nullable(),
  tikina: z.string().nullable(),
  cities: z.array(z.string()),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Activation date; null shows "Not set". */
  subscriptionStart: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  daysUntilActive: z.number().int().nonnegative(),
  status: z.literal('Pending'),
  /** Demo data (db/seed): badged in the list. */
  isDemo: z.boolean(),
})
export type ActivePendingFarmer = z.infer<typeof ActivePendingFarmerSchema>
