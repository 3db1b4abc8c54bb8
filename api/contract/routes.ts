// Every HTTP endpoint: method, express path, who may call it, and the schemas of what goes in and out.
// The server mounts and guards from this list; the web client and the outbox call through it.
import { z } from 'zod'
import { IdParamSchema, IntIdParamSchema, OkResponseSchema, PurgeBodySchema, PurgeResponseSchema } from './common'
import type { Capability } from './permissions'
import { isCapability } from './permissions'
import * as ref from './reference'
import * as farmers from './farmers'
import * as signup from './farmer-signup'
import * as reviews from './reviews'
import * as experts from './experts'
import * as uploads from './uploads'
import * as auth from './auth'
import * as users from './users'
import * as settings from './settings'
import { CostBreakdownSchema, FarmerCostSchema } from './costing'
import { AdminStatsSchema } from './stats'
import { AuditLogSchema, AuditLogsQuerySchema } from './audit'
import * as email from './email'
import * as analytics from './analytics'
import * as translations from './translations'

/** Header every queued request carries (a client-made UUID), and the header on a replayed answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** 'public': anyone; 'session': any signed-in role; a capability: roles holding it (permissions.ts). */
export type Access = 'public' | 'session' | Capability

export interface RouteDef {
  method: HttpMethod
  /** Express style, ':name' params. */
  path: string
  access: Access
  params?: z.ZodType
  query?: z.ZodType
  /** JSON body. Absent: no body (or raw bytes when `rawBody`). */
  body?: z.ZodType
  /** JSON answer on success. Absent with responseType 'csv' / 'binary'. */
  response?: z.ZodType
  responseType?: 'json' | 'csv' | 'binary' | 'po'
  /** The request body is the file's bytes with its own content type. */
  rawBody?: boolean
  /** Sent through the offline outbox with an Idempotency-Key (offline-sync.md, "What the queue covers"). */
  isQueued?: boolean
  summary: string
}

export const HealthResponseSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'unreachable']), version: z.string() })

const list = <T extends z.ZodType>(item: T) => z.array(item)
const Ok = OkResponseSchema

export const routes = [
  // ---- infrastructure
  { method: 'GET', path: '/api/health', access: 'public', response: HealthResponseSchema, summary: 'Liveness check: database reachable, version' },

  // ---- auth
  { method: 'POST', path: '/api/auth/login', access: 'public', body: auth.LoginSchema, response: auth.LoginResponseSchema, summary: 'Sign in; 401 "Invalid email or password", 429 lockout' },
  { method: 'POST', path: '/api/auth/logout', access: 'session', response: Ok, summary: 'End this session on the server' },
  { method: 'GET', path: '/api/auth/verify', access: 'session', response: auth.VerifyResponseSchema, summary: 'Verify the stored session' },
  { method: 'POST', path: '/api/auth/change-password', access: 'session', body: auth.ChangePasswordSchema, response: auth.LoginResponseSchema, summary: 'Change own password; new session replaces the old, other sessions end' },

  // ---- public directory
  { method: 'GET', path: '/api/locations', access: 'public', response: list(ref.PublicLocationSchema), summary: 'Active locations' },
  { method: 'GET', path: '/api/produce', access: 'public', response: list(ref.PublicProduceSchema), summary: "Active produce; category 'Other' when missing" },
  { method: 'GET', path: '/api/produce/availability', access: 'public', response: list(farmers.ProduceAvailabilitySchema), summary: 'Produce with listed-farmer counts and the first page of their farmers' },
  { method: 'GET', path: '/api/produce/availability/:id/farmers', access: 'public', params: IntIdParamSchema, query: farmers.FarmerPageQuerySchema, response: farmers.AvailabilityFarmerPageSchema, summary: "A page of a produce's listed farmers (?page, ?limit ≤ 50); premium first, then name" },
  { method: 'GET', path: '/api/farmers/locations', access: 'public', response: list(farmers.FarmerLocationSchema), summary: 'Cities with listed-farmer counts and the first page of their farmers' },
  { method: 'GET', path: '/api/farmers/locations/:city/farmers', access: 'public', params: farmers.CityParamSchema, query: farmers.FarmerPageQuerySchema, response: farmers.PublicFarmerPageSchema, summary: "A page of a city's listed farmers (?page, ?limit ≤ 50, delivery, bulk); premium first, then name" },
  { method: 'GET', path: '/api/produce/by-location/:city', access: 'public', params: farmers.CityParamSchema, response: list(farmers.ProduceInCitySchema), summary: 'Produce sold in a city' },
  { method: 'GET', path: '/api/farmers', access: 'public', query: farmers.PublicFarmersQuerySchema, response: farmers.PublicFarmerPageSchema, summary: 'A page of listed farmers, optionally searched (search, delivery=true, bulk=true, page, limit); premium first, then name' },
  { method: 'GET', path: '/api/farmers/by-location-and-produce/:city/:produce', access: 'public', params: farmers.CityProduceParamSchema, query: farmers.FarmerPageQuerySchema, response: farmers.PublicFarmerPageSchema, summary: 'A page of the listed farmers of a city selling a produce' },
  { method: 'GET', path: '/api/farmers/:id', access: 'public', params: IdParamSchema, response: farmers.PublicFarmerSchema, summary: "One listed farmer's card (the farmer page /farmers/<id>); 404 for an unknown or unlisted farmer" },
  { method: 'GET', path: '/api/directory/snapshot', access: 'public', response: farmers.DirectorySnapshotSchema, summary: 'Every listed farmer in one compact answer (cities and produce by index), the copy a phone keeps to browse offline; ETag' },

  // ---- languages (issue 20): staff corrections over the catalog files
  { method: 'GET', path: '/api/i18n/:locale', access: 'public', params: translations.I18nLocaleParamSchema, response: translations.I18nOverridesSchema, summary: "A language's staff corrections, compiled, laid over the shipped catalog; ETag, 404 for an unknown language" },

  // ---- farmer signup (queued)
  { method: 'POST', path: '/api/farmer-signup', access: 'public', body: signup.FarmerSignupSchema, response: signup.SignupCreatedResponseSchema, isQueued: true, summary: 'Public farmer signup' },
  { method: 'POST', path: '/api/data-agent/signup', access: 'dataAgent.signup', body: signup.FarmerSignupSchema, response: signup.SignupCreatedResponseSchema, isQueued: true, summary: 'Signup by a signed-in agent/admin; records dataAgentId and dataAgentName' },

  // ---- uploads
  { method: 'POST', path: '/api/public/expert-signup/upload', access: 'public', body: uploads.UploadUrlRequestSchema, response: uploads.UploadUrlResponseSchema, summary: 'Upload URL for a public photo (expert or farm signup), 5 MB limit' },
  { method: 'POST', path: '/api/objects/upload', access: 'uploads.create', body: uploads.UploadUrlRequestSchema, response: uploads.UploadUrlResponseSchema, summary: 'Upload URL for a signed-in photo upload, 10 MB limit' },
  { method: 'POST', path: '/api/objects/upload/batch', access: 'uploads.create', body: uploads.UploadUrlBatchRequestSchema, response: uploads.UploadUrlBatchResponseSchema, summary: 'Upload URLs for several signed-in photos at once (the outbox draining), each counted as one upload URL; all or none; under an optional Idempotency-Key a batch sent again gets the same URLs and is not counted again' },
  { method: 'PUT', path: '/api/uploads/:id', access: 'public', params: IdParamSchema, rawBody: true, response: uploads.UploadPutResponseSchema, summary: 'PUT the image bytes to an issued upload id; type checked from the bytes; idempotent' },
  { method: 'GET', path: '/objects/uploads/:id', access: 'public', params: IdParamSchema, responseType: 'binary', summary: 'Serve an uploaded photo' },
  { method: 'GET', path: '/objects/uploads/:id/thumb', access: 'public', params: IdParamSchema, responseType: 'binary', summary: "A stored photo's 160 px WebP thumbnail, for cards and lists (made once, kept and cached like the photo)" },

  // ---- experts (public)
  { method: 'POST', path: '/api/public/expert-signup', access: 'public', body: experts.ExpertRegistrationSchema, response: experts.ExpertCreatedResponseSchema, isQueued: true, summary: 'Expert self-registration; starts inactive' },
  { method: 'GET', path: '/api/public/experts', access: 'public', response: list(experts.PublicExpertSchema), summary: 'Active experts' },
  { method: 'GET', path: '/api/public/expert-fields', access: 'public', response: list(experts.ExpertFieldSchema), summary: 'Expertise options for the registration form (kept offline)' },

  // ---- reviews (public)
  { method: 'GET', path: '/api/public/reviews', access: 'public', query: reviews.PublicReviewsQuerySchema, response: reviews.PublicReviewPageSchema, summary: 'A page of approved platform reviews newest first (?page, ?limit ≤ 50), with the overall rating and counts of the whole list' },
  { method: 'POST', path: '/api/public/reviews', access: 'public', body: reviews.PlatformReviewCreateSchema, response: reviews.ReviewCreatedResponseSchema, isQueued: true, summary: 'Submit a platform review (pending moderation)' },
  { method: 'GET', path: '/api/farms-with-ratings', access: 'public', query: reviews.FarmsWithRatingsQuerySchema, response: reviews.FarmsWithRatingsPageSchema, summary: 'A page of listed farms by name with average rating and count (optionally of one city or one farm)' },
  { method: 'GET', path: '/api/farm-reviews', access: 'public', query: reviews.FarmReviewsQuerySchema, response: reviews.FarmReviewPageSchema, summary: 'A page of farm reviews newest first, optionally of one farm' },
  { method: 'POST', path: '/api/farm-reviews', access: 'public', body: reviews.FarmReviewCreateSchema, response: reviews.FarmReviewSchema, isQueued: true, summary: 'Submit a farm review (published at once)' },

  // ---- analytics
  { method: 'POST', path: '/api/analytics/page-view', access: 'public', body: analytics.PageViewEventSchema, summary: 'Record a page view; answers 204, rate-limited per IP' },
  { method: 'POST', path: '/api/analytics/search', access: 'public', body: analytics.SearchEventSchema, summary: 'Record a search; answers 204, rate-limited per IP' },
  { method: 'POST', path: '/api/analytics/farmer-click', access: 'public', body: analytics.FarmerClickEventSchema, summary: 'Record a farmer contact click; answers 204, rate-limited per IP' },
  { method: 'GET', path: '/api/analytics/live', access: 'public', query: analytics.AnalyticsLiveQuerySchema, response: analytics.AnalyticsLiveResponseSchema, summary: 'Public summary; with ?days= the admin summary, which needs analytics.view' },
  { method: 'GET', path: '/api/analytics/searches', access: 'analytics.view', response: analytics.SearchAnalyticsSchema, summary: 'Search analytics, last 7 days' },

  // ---- dashboard and admin users
  { method: 'GET', path: '/api/admin/stats', access: 'dashboard.view', response: AdminStatsSchema, summary: 'Stat cards (never cached)' },
  { method: 'GET', path: '/api/admin/users', access: 'users.manage', response: list(users.AdminUserSchema), summary: 'Admin users' },
  { method: 'POST', path: '/api/admin/users', access: 'users.manage', body: users.AdminUserCreateSchema, response: users.AdminUserSchema, summary: 'Create admin user' },
  { method: 'PATCH', path: '/api/admin/users/:id', access: 'users.manage', params: IdParamSchema, body: users.AdminUserUpdateSchema, response: users.AdminUserSchema, summary: 'Update admin user' },
  { method: 'DELETE', path: '/api/admin/users/:id', access: 'users.manage', params: IdParamSchema, response: Ok, summary: 'Delete admin user (never oneself)' },
  { method: 'POST', path: '/api/admin/users/:id/reset-password', access: 'users.manage', params: IdParamSchema, body: users.AdminUserResetPasswordSchema, response: Ok, summary: "Reset a user's password; ends their sessions" },

  // ---- farmers
  { method: 'GET', path: '/api/admin/farmers', access: 'farmers.view', query: farmers.AdminFarmersQuerySchema, response: list(farmers.AdminFarmerSchema), summary: 'One page of farmers (search, status, city, produce, sort, page, pageSize); X-Total-Count counts all matches' },
  { method: 'POST', path: '/api/admin/farmers', access: 'farmers.create', body: farmers.FarmerCreateSchema, response: farmers.AdminFarmerSchema, summary: 'Add farmer' },
  { method: 'GET', path: '/api/admin/farmers/export', access: 'farmers.export', query: farmers.AdminFarmersExportQuerySchema, responseType: 'csv', summary: 'Farmers CSV of every farmer the filters match, streamed' },
  { method: 'GET', path: '/api/admin/farmers/active-pending', access: 'activePending.view', query: farmers.SubscriptionListQuerySchema, response: list(farmers.ActivePendingFarmerSchema), summary: 'One page of the farmers with a future activation date, soonest first (page, pageSize); X-Total-Count counts them all' },
  { method: 'GET', path: '/api/admin/farmers/active-pending/summary', access: 'activePending.view', response: farmers.ActivePendingSummarySchema, summary: 'Pending activations: all, within 7 days, within 1 day (counted in SQL)' },
  { method: 'GET', path: '/api/admin/farmers/payments', access: 'payments.manage', query: farmers.AdminPaymentsQuerySchema, response: list(farmers.FarmerPaymentSchema), summary: 'One page of payment records newest first (search, page, pageSize); X-Total-Count counts all matches' },
  { method: 'GET', path: '/api/admin/farmers/payments/report', access: 'payments.manage', responseType: 'csv', summary: 'Payment report CSV of every payment, newest first, streamed by keyset chunks' },
  { method: 'PATCH', path: '/api/admin/farmers/:id', access: 'farmers.toggles', params: IdParamSchema, body: farmers.FarmerUpdateSchema, response: farmers.AdminFarmerSchema, summary: 'Change farmer fields; the server also requires farmerPatchCapability(body)' },
  { method: 'DELETE', path: '/api/admin/farmers/:id', access: 'farmers.delete', params: IdParamSchema, response: Ok, summary: 'Delete farmer (and its farm reviews)' },
  { method: 'PATCH', path: '/api/admin/farmers/:id/subscription', access: 'farmers.subscription', params: IdParamSchema, body: farmers.FarmerSubscriptionUpdateSchema, response: farmers.AdminFarmerSchema, summary: 'Edit subscription dates and active flag' },
  { method: 'POST', path: '/api/admin/farmers/:id/activate-trial', access: 'trial.start', params: IdParamSchema, response: farmers.AdminFarmerSchema, summary: 'Start a trial of trialPeriodDays' },
  { method: 'PATCH', path: '/api/admin/farmers/:id/payment', access: 'payments.manage', params: IdParamSchema, body: farmers.FarmerPaymentUpdateSchema, response: farmers.FarmerPaymentSchema, summary: "Edit a farmer's payment details" },
  { method: 'GET', path: '/api/admin/expired-farmers', access: 'expired.view', query: farmers.SubscriptionListQuerySchema, response: list(farmers.ExpiredFarmerSchema), summary: 'One page of the expired farmers, most recently ended first (page, pageSize); X-Total-Count counts them all' },
  { method: 'GET', path: '/api/admin/expired-farmers/summary', access: 'expired.view', response: farmers.ExpiredSummarySchema, summary: 'Expired farmers by days since the end: ≤ 30, 31–90, > 90 (counted in SQL)' },
  { method: 'GET', path: '/api/admin/trial-farmers', access: 'trialPeriod.view', query: farmers.SubscriptionListQuerySchema, response: list(farmers.TrialFarmerSchema), summary: 'One page of the farmers in trial, latest start first (page, pageSize); X-Total-Count counts them all' },
  { method: 'GET', path: '/api/admin/trial-farmers/summary', access: 'trialPeriod.view', response: farmers.TrialSummarySchema, summary: 'Trials: active and expired (counted in SQL)' },

  // ---- settings
  { method: 'GET', path: '/api/admin/settings', access: 'costing.view', response: settings.SettingsSchema, summary: 'dailyRate and trialPeriodDays' },
  { method: 'GET', path: '/api/admin/cost-breakdown', access: 'costing.view', response: CostBreakdownSchema, summary: 'Cost totals and monthly revenue at the saved daily rate (counted in SQL)' },
  { method: 'GET', path: '/api/admin/cost-breakdown/farmers', access: 'costing.view', query: farmers.SubscriptionListQuerySchema, response: list(FarmerCostSchema), summary: 'One page of the farmers\' cost rows by name (page, pageSize); X-Total-Count counts every farmer' },
  { method: 'POST', path: '/api/admin/settings', access: 'settings.edit', body: settings.SettingsUpdateSchema, response: settings.SettingsSchema, summary: 'Save daily rate (and trial length)' },

  // ---- reference data (admin)
  { method: 'GET', path: '/api/admin/produce', access: 'produce.view', response: list(ref.ProduceItemSchema), summary: 'All produce items' },
  { method: 'POST', path: '/api/admin/produce', access: 'produce.manage', body: ref.ProduceCreateSchema, response: ref.ProduceItemSchema, summary: 'Add produce' },
  { method: 'PATCH', path: '/api/admin/produce/:id', access: 'produce.manage', params: IntIdParamSchema, body: ref.ProduceUpdateSchema, response: ref.ProduceItemSchema, summary: 'Edit produce' },
  { method: 'DELETE', path: '/api/admin/produce/:id', access: 'produce.manage', params: IntIdParamSchema, response: Ok, summary: 'Delete produce' },
  { method: 'GET', path: '/api/admin/produce-categories', access: 'categories.manage', response: list(ref.ProduceCategorySchema), summary: 'All categories' },
  { method: 'POST', path: '/api/admin/produce-categories', access: 'categories.manage', body: ref.ProduceCategoryCreateSchema, response: ref.ProduceCategorySchema, summary: 'Add category' },
  { method: 'PATCH', path: '/api/admin/produce-categories/:id', access: 'categories.manage', params: IntIdParamSchema, body: ref.ProduceCategoryUpdateSchema, response: ref.ProduceCategorySchema, summary: 'Edit category (a rename follows into its produce)' },
  { method: 'DELETE', path: '/api/admin/produce-categories/:id', access: 'categories.manage', params: IntIdParamSchema, response: Ok, summary: 'Delete category; removed from its produce items' },
  { method: 'GET', path: '/api/admin/locations', access: 'locations.manage', response: list(ref.LocationSchema), summary: 'All locations' },
  { method: 'POST', path: '/api/admin/locations', access: 'locations.manage', body: ref.LocationCreateSchema, response: ref.LocationSchema, summary: 'Add location' },
  { method: 'PATCH', path: '/api/admin/locations/:id', access: 'locations.manage', params: IntIdParamSchema, body: ref.LocationUpdateSchema, response: ref.LocationSchema, summary: 'Rename or toggle location' },
  { method: 'DELETE', path: '/api/admin/locations/:id', access: 'locations.manage', params: IntIdParamSchema, response: Ok, summary: 'Delete location; removed from every farmer' },

  // ---- signups and audit
  { method: 'GET', path: '/api/admin/signups', access: 'signups.process', query: signup.AdminSignupsQuerySchema, response: list(signup.FarmerSignupRecordSchema), summary: 'One page of signups (status, search, sort, page, pageSize); X-Total-Count counts all matches' },
  { method: 'GET', path: '/api/admin/signups/data-agent', access: 'daSignups.view', query: signup.DataAgentSignupsQuerySchema, response: list(signup.FarmerSignupRecordSchema), summary: 'One page of the signups made by data agents, newest first (range, page, pageSize); X-Total-Count counts the range' },
  { method: 'GET', path: '/api/admin/signups/data-agent/summary', access: 'daSignups.view', query: signup.DataAgentRangeQuerySchema, response: signup.DataAgentSignupsSummarySchema, summary: "The DA report's counts by status and per agent over the whole range" },
  { method: 'GET', path: '/api/admin/signups/data-agent/export', access: 'daSignups.view', query: signup.DataAgentRangeQuerySchema, responseType: 'csv', summary: 'Data agent signups CSV of the whole range, streamed' },
  { method: 'POST', path: '/api/admin/signups/:id/process', access: 'signups.process', params: IdParamSchema, body: signup.SignupProcessSchema, response: signup.FarmerSignupRecordSchema, summary: 'Approve (creates farmer + payment, e-mails) or reject; 409 on duplicate e-mail' },
  { method: 'DELETE', path: '/api/admin/signups/purge', access: 'signups.purge', body: PurgeBodySchema, response: PurgeResponseSchema, summary: 'Purge processed signups created in a date range' },
  { method: 'GET', path: '/api/admin/audit-logs', access: 'audit.view', query: AuditLogsQuerySchema, response: list(AuditLogSchema), summary: 'Audit log, newest first; ?limit= (default 500, max 1000) and ?before=<id> page back' },
  { method: 'DELETE', path: '/api/admin/audit-logs/purge', access: 'audit.purge', body: PurgeBodySchema, response: PurgeResponseSchema, summary: 'Purge audit logs in a date range' },

  // ---- e-mail
  { method: 'GET', path: '/api/admin/email/config', access: 'email.send', response: email.EmailConfigSchema, summary: 'Delivery mode and the two sender addresses' },
  { method: 'POST', path: '/api/admin/send-email', access: 'email.send', body: email.SendEmailSchema, response: email.SendEmailResponseSchema, summary: 'Send (or store) an e-mail; the server validates with makeSendEmailSchema(MAIL_DOMAIN)' },

  // ---- experts (admin)
  { method: 'GET', path: '/api/admin/subject-matter-experts', access: 'experts.manage', response: list(experts.ExpertSchema), summary: 'All experts' },
  { method: 'POST', path: '/api/admin/subject-matter-experts', access: 'experts.manage', body: experts.ExpertCreateSchema, response: experts.ExpertSchema, summary: 'Add expert' },
  { method: 'PUT', path: '/api/admin/subject-matter-experts/:id', access: 'experts.manage', params: IdParamSchema, body: experts.ExpertUpdateSchema, response: experts.ExpertSchema, summary: 'Edit expert' },
  { method: 'PATCH', path: '/api/admin/subject-matter-experts/:id/toggle-status', access: 'experts.manage', params: IdParamSchema, response: experts.ExpertSchema, summary: 'Flip isActive' },
  { method: 'DELETE', path: '/api/admin/subject-matter-experts/:id', access: 'experts.manage', params: IdParamSchema, response: Ok, summary: 'Delete expert' },
  { method: 'GET', path: '/api/admin/expert-fields', access: 'experts.manage', response: list(experts.ExpertFieldSchema), summary: 'Expertise fields' },
  { method: 'POST', path: '/api/admin/expert-fields', access: 'experts.manage', body: experts.ExpertFieldCreateSchema, response: experts.ExpertFieldSchema, summary: 'Add expertise field (409 when listed)' },
  { method: 'DELETE', path: '/api/admin/expert-fields/:id', access: 'experts.manage', params: IntIdParamSchema, response: Ok, summary: 'Delete expertise field' },

  // ---- moderation
  { method: 'GET', path: '/api/admin/reviews', access: 'reviews.moderate', response: list(reviews.PlatformReviewSchema), summary: 'All platform reviews' },
  { method: 'GET', path: '/api/admin/reviews/pending', access: 'reviews.moderate', response: list(reviews.PlatformReviewSchema), summary: 'Pending platform reviews' },
  { method: 'PATCH', path: '/api/admin/reviews/:id', access: 'reviews.moderate', params: IdParamSchema, body: reviews.ReviewModerationSchema, response: reviews.PlatformReviewSchema, summary: 'Approve or reject (with reason)' },
  { method: 'DELETE', path: '/api/admin/reviews/:id', access: 'reviews.moderate', params: IdParamSchema, response: Ok, summary: 'Delete platform review' },
  { method: 'GET', path: '/api/admin/farm-reviews', access: 'farmReviews.moderate', response: list(reviews.AdminFarmReviewSchema), summary: 'All farm reviews with farm names' },
  { method: 'DELETE', path: '/api/admin/farm-reviews/:id', access: 'farmReviews.moderate', params: IdParamSchema, response: Ok, summary: 'Delete farm review' },
  { method: 'POST', path: '/api/admin/farm-reviews/bulk-delete', access: 'farmReviews.moderate', body: reviews.FarmReviewBulkDeleteSchema, response: reviews.FarmReviewBulkDeleteResponseSchema, summary: 'Delete many farm reviews at once (a flood), one audit row' },
  // ---- translations (global admin; the back office stays English)
  { method: 'GET', path: '/api/admin/translations', access: 'translations.manage', query: translations.TranslationsQuerySchema, response: translations.TranslationListSchema, summary: "A language's strings with English beside each, filtered by status and search, paged" },
  { method: 'PUT', path: '/api/admin/translations/:locale/:key', access: 'translations.manage', params: translations.TranslationKeyParamSchema, body: translations.TranslationSaveSchema, response: translations.TranslationStringSchema, summary: 'Save a correction and/or mark it reviewed (ICU checked, placeholders as English)' },
  { method: 'DELETE', path: '/api/admin/translations/:locale/:key', access: 'translations.manage', params: translations.TranslationKeyParamSchema, response: translations.TranslationStringSchema, summary: "Revert a correction: the file's translation shows again" },
  { method: 'GET', path: '/api/admin/translations/:locale/export', access: 'translations.manage', params: translations.TranslationLocaleParamSchema, responseType: 'po', summary: 'The language as a gettext PO file (English as msgid, drafted as fuzzy) for a translator working offline' },
  { method: 'POST', path: '/api/admin/translations/:locale/import', access: 'translations.manage', params: translations.TranslationLocaleParamSchema, body: translations.TranslationImportSchema, response: translations.TranslationImportResultSchema, summary: 'Import a PO file: every row checked first, all applied in one transaction or none, one audit row' },
] as const satisfies readonly RouteDef[]

export type Route = (typeof routes)[number]
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never
/** 'POST /api/farmer-signup' etc. */
export type RouteKey = KeyOf<Route>
export type RouteByKey<K extends RouteKey> = Route extends infer R ? (R extends Route ? (KeyOf<R> extends K ? R : never) : never) : never
/** What a caller sends (form values before parsing). */
export type RouteBody<K extends RouteKey> = RouteByKey<K> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined
/** What a caller receives. */
export type RouteResponse<K extends RouteKey> = RouteByKey<K> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown

export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`
}

/**
 * What a signed-in user flagged mustChangePassword may still call: verify the session, change the
 * password, log out. Every other route that needs a session answers 403 until the password changes.
 */
export const PASSWORD_CHANGE_ROUTES: readonly RouteKey[] = ['GET /api/auth/verify', 'POST /api/auth/change-password', 'POST /api/auth/logout']

export function getRoute<K extends RouteKey>(key: K): RouteByKey<K> {
  const found = (routes as readonly RouteDef[]).find((r) => routeKey(r) === key)
  if (!found) throw new Error(`Unknown route ${key}`)
  return found as RouteByKey<K>
}

/** The outbox endpoints (offline-sync.md). */
export const queuedRoutes: readonly RouteDef[] = (routes as readonly RouteDef[]).filter((r) => r.isQueued)

/** Segments of a path, query dropped; empty segments ('//', a trailing '/') are kept so they never match. */
function splitPath(path: string): string[] {
  return path.split('?')[0]!.split('/').slice(1)
}

/**
 * Match a request (or an express pattern) to its route; literal segments win over params.
 * Strict on purpose: exact case, no empty segment, no trailing slash, the method as sent (HEAD is
 * not GET). Anything else is no route at all, so the server refuses it before any handler runs.
 */
export function findRoute(method: string, path: string): RouteDef | undefined {
  const segments = splitPath(path)
  if (!path.startsWith('/') || segments.some((segment) => segment === '')) return undefined
  let best: RouteDef | undefined
  let bestParams = Infinity
  for (const { route, pattern } of patternsOf(method, segments.length)) {
    let params = 0
    const ok = pattern.every((p, i) => {
      if (p === segments[i]) return true
      if (p.startsWith(':')) {
        params++
        return true
      }
      return false
    })
    if (ok && params < bestParams) {
      best = route
      bestParams = params
    }
  }
  return best
}

/**
 * The routes' paths split once, by method and segment count: the server asks findRoute on every
 * request, and splitting every route's path each time was the largest cost of a cached answer.
 */
let patterns: Map<string, { route: RouteDef; pattern: string[] }[]> | undefined
function patternsOf(method: string, length: number) {
  if (!patterns) {
    patterns = new Map()
    for (const route of routes as readonly RouteDef[]) {
      const pattern = splitPath(route.path)
      const key = `${route.method} ${pattern.length}`
      patterns.set(key, [...(patterns.get(key) ?? []), { route, pattern }])
    }
  }
  return patterns.get(`${method} ${length}`) ?? []
}

/** Methods the contract serves on a path (for a 405's Allow header). */
export function methodsFor(path: string): HttpMethod[] {
  return (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((method) => findRoute(method, path))
}

/** Fill ':name' params (URI-encoded): buildPath('/api/admin/users/:id', { id }). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path param ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** True when an access value names something the server can enforce. */
export function isKnownAccess(access: string): access is Access {
  return access === 'public' || access === 'session' || isCapability(access)
}
