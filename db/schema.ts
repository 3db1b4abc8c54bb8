// Kysely types for every table. Column names are the spec's field names so a row maps to the
// contract without renaming; only booleans (0/1) and JSON lists need converting at the boundary.
// Columns with a database default are `Generated<T>`: optional on insert, always present when read.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** SQLite has no boolean; better-sqlite3 cannot bind `true`, so callers pass 0 or 1. */
export type IntBool = 0 | 1
/** ISO-8601 UTC text from `new Date().toISOString()`; the database fills it in when omitted. */
export type Timestamp = Generated<string>
/** JSON text of a string array, e.g. '["Suva","Nadi"]'. */
export type JsonList = string

export type AdminRole = 'global_admin' | 'admin_user' | 'data_agent'
export type ModerationStatus = 'pending' | 'approved' | 'rejected'
export type SearchType = 'produce' | 'farmer' | 'city' | 'general'

export interface AdminUsersTable {
  id: string
  name: string
  email: string
  passwordHash: string
  role: Generated<AdminRole>
  mustChangePassword: Generated<IntBool>
  /** Unused since decision 010 (the lockout is keyed by e-mail + address, in api/auth/lockout.ts); kept, as shipped migrations never change. */
  failedLoginCount: Generated<number>
  failedLoginWindowStart: string | null
  lockedUntil: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  lastLogin: string | null
}

export interface SessionsTable {
  id: string
  userId: string
  expiresAt: string
  isRememberMe: Generated<IntBool>
  createdAt: Timestamp
  lastUsedAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
}

export interface FarmersTable {
  id: string
  name: string
  phone: string
  email: string | null
  website: string | null
  town: string | null
  tikina: string | null
  cities: Generated<JsonList>
  produce: Generated<JsonList>
  comments: string | null
  photoUrls: Generated<JsonList>
  subscriptionStart: string | null
  subscriptionEnd: string | null
  isActive: Generated<IntBool>
  includeInCosting: Generated<IntBool>
  isPremium: Generated<IntBool>
  isBulk: Generated<IntBool>
  deliveryAvailable: Generated<IntBool>
  isTrialActive: Generated<IntBool>
  trialStartDate: string | null
  trialEndDate: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  isDemo: Generated<IntBool>
}

export interface LocationsTable {
  id: Generated<number>
  name: string
  isActive: Generated<IntBool>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface ProduceTable {
  id: Generated<number>
  name: string
  category: Generated<string>
  isActive: Generated<IntBool>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface ProduceCategoriesTable {
  id: Generated<number>
  name: string
  isActive: Generated<IntBool>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface SettingsTable {
  id: Generated<number>
  key: string
  value: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface FarmerSignupsTable {
  id: string
  name: string
  phone: string
  email: string | null
  website: string | null
  town: string | null
  tikina: string | null
  cities: Generated<JsonList>
  produce: Generated<JsonList>
  photoUrls: Generated<JsonList>
  subscriptionStart: string
  subscriptionEnd: string
  mpaisaNumber: string | null
  mpaisaReceiptNumber: string | null
  paymentDate: string | null
  comments: string | null
  deliveryAvailable: Generated<IntBool>
  isBulk: Generated<IntBool>
  status: Generated<ModerationStatus>
  rejectionReason: string | null
  createdAt: Timestamp
  processedAt: string | null
  processedBy: string | null
  dataAgentId: string | null
  dataAgentName: string | null
  farmerId: string | null
  /** Demo data (migration 0006; farmers since 0001): shown as 'Demo', removed by npm run remove-demo-data. */
  isDemo: Generated<IntBool>
}

export interface FarmerPaymentsTable {
  id: string
  farmerId: string
  farmerName: string
  farmerPhone: string
  mpaisaNumber: string | null
  mpaisaReceiptNumber: string | null
  paymentDate: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Demo data (migration 0006; farmers since 0001): shown as 'Demo', removed by npm run remove-demo-data. */
  isDemo: Generated<IntBool>
}

export interface AuditLogsTable {
  id: Generated<number>
  /** NULL once the user is deleted (ON DELETE SET NULL): the row stays, with the name and e-mail below. */
  userId: string | null
  userEmail: string | null
  userName: string | null
  action: string
  targetType: string | null
  targetId: string | null
  targetName: string | null
  details: string | null
  ipAddress: string | null
  userAgent: string | null
  createdAt: Timestamp
}

export interface PlatformReviewsTable {
  id: string
  userName: string | null
  userEmail: string | null
  rating: number
  comment: string
  status: Generated<ModerationStatus>
  reviewedBy: string | null
  reviewedAt: string | null
  rejectionReason: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Demo data (migration 0006; farmers since 0001): shown as 'Demo', removed by npm run remove-demo-data. */
  isDemo: Generated<IntBool>
}

export interface FarmReviewsTable {
  id: string
  farmId: string
  rating: number
  comment: string
  createdAt: Timestamp
  /** Keyed hash of the sender's address (migration 0005); NULL for reviews written before it. */
  senderKey: string | null
  /** The Fiji day it was written: with senderKey and farmId, unique (one per farm per address per day). */
  reviewDay: string | null
  /** Demo data (migration 0006; farmers since 0001): shown as 'Demo', removed by npm run remove-demo-data. */
  isDemo: Generated<IntBool>
}

export interface SubjectMatterExpertsTable {
  id: string
  name: string
  company: string | null
  expertField: string | null
  contactNumber: string
  email: string
  photoUrl: string | null
  comments: string | null
  isActive: Generated<IntBool>
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Demo data (migration 0006; farmers since 0001): shown as 'Demo', removed by npm run remove-demo-data. */
  isDemo: Generated<IntBool>
}

export interface ExpertFieldsTable {
  id: Generated<number>
  name: string
  isDefault: Generated<IntBool>
}

export interface SearchAnalyticsTable {
  id: Generated<number>
  query: string
  searchType: SearchType
  location: string | null
  resultCount: Generated<number>
  visitorId: string | null
  searchDate: Timestamp
}

export interface VisitorCountriesTable {
  id: Generated<number>
  countryName: string
  countryCode: string
  visitorCount: Generated<number>
  lastVisit: Timestamp
}

export interface PageViewsTable {
  id: Generated<number>
  path: string
  visitorId: string
  countryCode: string | null
  createdAt: Timestamp
}

export interface FarmerClicksTable {
  id: Generated<number>
  farmerId: string
  visitorId: string | null
  createdAt: Timestamp
}

export interface IdempotencyKeysTable {
  scope: string
  key: string
  fingerprint: string
  status: 'processing' | 'completed'
  lockToken: string
  responseStatus: number | null
  responseBody: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface UploadsTable {
  id: string
  kind: 'expert' | 'farmer' | 'admin'
  status: Generated<'pending' | 'stored'>
  contentType: string | null
  size: number | null
  sha256: string | null
  createdBy: string | null
  createdAt: Timestamp
  storedAt: string | null
  referencedAt: string | null
}

export interface OutgoingEmailsTable {
  id: string
  from: string
  to: string
  cc: string | null
  bcc: string | null
  subject: string
  body: string
  status: 'stored' | 'sent' | 'failed'
  error: string | null
  createdAt: Timestamp
  sentAt: string | null
  sentBy: string | null
  /** Waiting for SMTP from this time on (migration 0007); NULL once an outcome is recorded, or in stored mode. */
  sendAfter: Generated<string | null>
  /** The sender that claimed it last. */
  claimedBy: Generated<string | null>
}

/**
 * Farmer–city and farmer–produce pairs (migration 0002), written ONLY by SQLite triggers on
 * `farmers`: never insert, update or delete them from code. Each pair copies the farmer's listing
 * and order columns so the public directory reads one index.
 */
interface FarmerPairColumns {
  farmerId: string
  isActive: IntBool
  subscriptionStart: string | null
  subscriptionEnd: string | null
  isPremium: IntBool
  deliveryAvailable: IntBool
  isBulk: IntBool
  name: string
}

export interface FarmerCitiesTable extends FarmerPairColumns {
  /** As the farmer spelled it (trimmed). */
  city: string
  /** lower(trim(city)): the case-insensitive match key. */
  cityKey: string
}

export interface FarmerProduceTable extends FarmerPairColumns {
  produce: string
  /** lower(trim(produce)). */
  produceKey: string
}

/** One row (id 1): bumped by triggers on every write that can change a public directory answer. */
export interface DirectoryVersionTable {
  id: number
  version: number
}

/** Moves with every write to farm_reviews (migration 0005); the farm reviews' answers key on it. */
export interface FarmReviewVersionTable {
  id: number
  version: number
}

/** Moves with every write to platform_reviews (migration 0009); the public reviews' answers key on it. */
export interface PlatformReviewVersionTable {
  id: number
  version: number
}

/** The public analytics summary's counters, kept with each page view (migration 0005). */
export interface AnalyticsTotalsTable {
  id: number
  pageViews: number
  visitors: number
}

/** A staff correction over a catalog file's message (migration 0008). */
export interface TranslationsTable {
  locale: string
  key: string
  message: string
  status: 'drafted' | 'reviewed'
  updatedAt: Generated<string>
  updatedBy: string | null
}

/** One row (id 1): moved with every correction; the public translation answers key on it. */
export interface TranslationVersionTable {
  id: number
  version: number
}

/** The sign-in lockout's counters per (e-mail, client address) (migration 0007, decision 010). */
export interface LoginFailuresTable {
  /** Lower-cased. */
  email: string
  address: string
  failedCount: number
  windowStart: string
  lockedUntil: string | null
}

/** express-rate-limit's counters, per limiter name and client key (migration 0007, decision 020). */
export interface RateLimitHitsTable {
  name: string
  key: string
  hits: number
  resetAt: string
}

/** Which server runs a scheduled job, until when (migration 0007, decision 025). */
export interface JobLeasesTable {
  name: string
  holder: string
  expiresAt: string
}

export interface Database {
  admin_users: AdminUsersTable
  sessions: SessionsTable
  farmers: FarmersTable
  locations: LocationsTable
  produce: ProduceTable
  produce_categories: ProduceCategoriesTable
  settings: SettingsTable
  farmer_signups: FarmerSignupsTable
  farmer_payments: FarmerPaymentsTable
  audit_logs: AuditLogsTable
  platform_reviews: PlatformReviewsTable
  farm_reviews: FarmReviewsTable
  subject_matter_experts: SubjectMatterExpertsTable
  expert_fields: ExpertFieldsTable
  search_analytics: SearchAnalyticsTable
  visitor_countries: VisitorCountriesTable
  page_views: PageViewsTable
  farmer_clicks: FarmerClicksTable
  idempotency_keys: IdempotencyKeysTable
  uploads: UploadsTable
  outgoing_emails: OutgoingEmailsTable
  farmer_cities: FarmerCitiesTable
  farmer_produce: FarmerProduceTable
  directory_version: DirectoryVersionTable
  farm_review_version: FarmReviewVersionTable
  platform_review_version: PlatformReviewVersionTable
  analytics_totals: AnalyticsTotalsTable
  translations: TranslationsTable
  translation_version: TranslationVersionTable
  login_failures: LoginFailuresTable
  rate_limit_hits: RateLimitHitsTable
  job_leases: JobLeasesTable
}

export type TableName = keyof Database

export type AdminUserRow = Selectable<AdminUsersTable>
export type NewAdminUser = Insertable<AdminUsersTable>
export type AdminUserUpdate = Updateable<AdminUsersTable>
export type SessionRow = Selectable<SessionsTable>
export type NewSession = Insertable<SessionsTable>
export type FarmerRow = Selectable<FarmersTable>
export type NewFarmer = Insertable<FarmersTable>
export type FarmerUpdate = Updateable<FarmersTable>
export type LocationRow = Selectable<LocationsTable>
export type ProduceRow = Selectable<ProduceTable>
export type ProduceCategoryRow = Selectable<ProduceCategoriesTable>
export type SettingRow = Selectable<SettingsTable>
export type FarmerSignupRow = Selectable<FarmerSignupsTable>
export type NewFarmerSignup = Insertable<FarmerSignupsTable>
export type FarmerPaymentRow = Selectable<FarmerPaymentsTable>
export type NewFarmerPayment = Insertable<FarmerPaymentsTable>
export type AuditLogRow = Selectable<AuditLogsTable>
export type NewAuditLog = Insertable<AuditLogsTable>
export type PlatformReviewRow = Selectable<PlatformReviewsTable>
export type FarmReviewRow = Selectable<FarmReviewsTable>
export type SubjectMatterExpertRow = Selectable<SubjectMatterExpertsTable>
export type NewSubjectMatterExpert = Insertable<SubjectMatterExpertsTable>
export type ExpertFieldRow = Selectable<ExpertFieldsTable>
export type SearchAnalyticsRow = Selectable<SearchAnalyticsTable>
export type VisitorCountryRow = Selectable<VisitorCountriesTable>
export type PageViewRow = Selectable<PageViewsTable>
export type FarmerClickRow = Selectable<FarmerClicksTable>
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>
export type UploadRow = Selectable<UploadsTable>
export type OutgoingEmailRow = Selectable<OutgoingEmailsTable>
