// The whole first schema. Migrations are frozen once shipped: change the schema with a new file.
// Written for both databases through ddlFor(db); on SQLite it creates exactly what it always has.
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely'
import { createJsonListValid, ddlFor, type Ddl } from './ddl'

type Col = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

const oneOf = (name: string, values: readonly string[]): Col => (c) =>
  c.check(sql`${sql.ref(name)} in (${sql.join(values.map((v) => sql.lit(v)))})`)
const bool = (name: string, value: 0 | 1): Col => (c) =>
  c.notNull().defaultTo(value).check(sql`${sql.ref(name)} in (0, 1)`)
const rating: Col = (c) => c.notNull().check(sql`"rating" between 1 and 5`)
const textId: Col = (c) => c.primaryKey().notNull()
const moderation = (c: ColumnDefinitionBuilder) =>
  oneOf('status', ['pending', 'approved', 'rejected'])(c.notNull().defaultTo('pending'))

async function up(db: Kysely<unknown>): Promise<void> {
  const d = ddlFor(db)
  const { text, jsonList, uniqueName, intId, intIdType } = d
  const stamp: Col = (c) => c.notNull().defaultTo(d.isoNow)
  if (d.dialect === 'postgres') await createJsonListValid(db)

  await db.schema
    .createTable('admin_users')
    .addColumn('id', text, textId)
    .addColumn('name', text, (c) => c.notNull())
    // Lower-cased by the API; the check catches a forgotten toLowerCase. BINARY because the column
    // collation (NOCASE) would otherwise make the comparison always true.
    .addColumn('email', text, (c) =>
      uniqueName(c).check(d.dialect === 'sqlite' ? sql`"email" collate binary = lower("email")` : sql`"email" = lower("email")`),
    )
    .addColumn('passwordHash', text, (c) => c.notNull())
    .addColumn('role', text, (c) =>
      oneOf('role', ['global_admin', 'admin_user', 'data_agent'])(c.notNull().defaultTo('admin_user')),
    )
    .addColumn('mustChangePassword', 'integer', bool('mustChangePassword', 0))
    .addColumn('failedLoginCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failedLoginWindowStart', text)
    .addColumn('lockedUntil', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .addColumn('lastLogin', text)
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', text, textId)
    .addColumn('userId', text, (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
    .addColumn('expiresAt', text, (c) => c.notNull())
    .addColumn('isRememberMe', 'integer', bool('isRememberMe', 0))
    .addColumn('createdAt', text, stamp)
    .addColumn('lastUsedAt', text, stamp)
    .addColumn('ipAddress', text)
    .addColumn('userAgent', text)
    .execute()
  await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute()

  await db.schema
    .createTable('farmers')
    .addColumn('id', text, textId)
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('phone', text, (c) => c.notNull())
    // Many farmers have no e-mail: NULL (never '') so the unique index allows any number of them.
    .addColumn('email', text, (c) => d.uniqueCaseless(c).check(sql`"email" <> ''`))
    .addColumn('website', text)
    .addColumn('town', text)
    .addColumn('tikina', text)
    .addColumn('cities', text, jsonList('cities'))
    .addColumn('produce', text, jsonList('produce'))
    .addColumn('comments', text)
    .addColumn('photoUrls', text, jsonList('photoUrls'))
    .addColumn('subscriptionStart', text)
    .addColumn('subscriptionEnd', text)
    .addColumn('isActive', 'integer', bool('isActive', 0))
    .addColumn('includeInCosting', 'integer', bool('includeInCosting', 1))
    .addColumn('isPremium', 'integer', bool('isPremium', 0))
    .addColumn('isBulk', 'integer', bool('isBulk', 0))
    .addColumn('deliveryAvailable', 'integer', bool('deliveryAvailable', 0))
    .addColumn('isTrialActive', 'integer', bool('isTrialActive', 0))
    .addColumn('trialStartDate', text)
    .addColumn('trialEndDate', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .addColumn('isDemo', 'integer', bool('isDemo', 0))
    .execute()
  await db.schema
    .createIndex('farmers_public_idx')
    .on('farmers')
    .columns(['isActive', 'subscriptionStart', 'subscriptionEnd'])
    .execute()

  for (const table of ['locations', 'produce_categories'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', intIdType, intId)
      .addColumn('name', text, uniqueName)
      .addColumn('isActive', 'integer', bool('isActive', 1))
      .addColumn('createdAt', text, stamp)
      .addColumn('updatedAt', text, stamp)
      .execute()
  }

  await db.schema
    .createTable('produce')
    .addColumn('id', intIdType, intId)
    .addColumn('name', text, uniqueName)
    // The category's name, not an id: the spec's produce rows carry the name, and 'Other' when unset.
    .addColumn('category', text, (c) => c.notNull().defaultTo('Other'))
    .addColumn('isActive', 'integer', bool('isActive', 1))
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('id', intIdType, intId)
    .addColumn('key', text, (c) => c.notNull().unique())
    .addColumn('value', text, (c) => c.notNull())
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .execute()

  await db.schema
    .createTable('farmer_signups')
    .addColumn('id', text, textId)
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('phone', text, (c) => c.notNull())
    .addColumn('email', text)
    .addColumn('website', text)
    .addColumn('town', text)
    .addColumn('tikina', text)
    .addColumn('cities', text, jsonList('cities'))
    .addColumn('produce', text, jsonList('produce'))
    .addColumn('photoUrls', text, jsonList('photoUrls'))
    .addColumn('subscriptionStart', text, (c) => c.notNull())
    .addColumn('subscriptionEnd', text, (c) => c.notNull())
    .addColumn('mpaisaNumber', text)
    .addColumn('mpaisaReceiptNumber', text)
    .addColumn('paymentDate', text)
    .addColumn('comments', text)
    .addColumn('deliveryAvailable', 'integer', bool('deliveryAvailable', 0))
    .addColumn('isBulk', 'integer', bool('isBulk', 0))
    .addColumn('status', text, moderation)
    .addColumn('rejectionReason', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('processedAt', text)
    .addColumn('processedBy', text)
    // SET NULL keeps the signup history (and dataAgentName) when an agent's account is deleted.
    .addColumn('dataAgentId', text, (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('dataAgentName', text)
    .addColumn('farmerId', text, (c) => c.references('farmers.id').onDelete('set null'))
    .execute()
  for (const column of ['status', 'createdAt', 'dataAgentId']) {
    await db.schema.createIndex(`farmer_signups_${column}_idx`).on('farmer_signups').column(column).execute()
  }

  await db.schema
    .createTable('farmer_payments')
    .addColumn('id', text, textId)
    .addColumn('farmerId', text, (c) => c.notNull().references('farmers.id').onDelete('cascade'))
    .addColumn('farmerName', text, (c) => c.notNull())
    .addColumn('farmerPhone', text, (c) => c.notNull())
    .addColumn('mpaisaNumber', text)
    .addColumn('mpaisaReceiptNumber', text)
    .addColumn('paymentDate', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .execute()
  await db.schema.createIndex('farmer_payments_farmerId_idx').on('farmer_payments').column('farmerId').execute()

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', intIdType, intId)
    // Spec 001 §3: the log is "removed with the user".
    .addColumn('userId', text, (c) => c.references('admin_users.id').onDelete('cascade'))
    .addColumn('userEmail', text)
    .addColumn('userName', text)
    .addColumn('action', text, (c) => c.notNull())
    .addColumn('targetType', text)
    .addColumn('targetId', text)
    .addColumn('targetName', text)
    .addColumn('details', text)
    .addColumn('ipAddress', text)
    .addColumn('userAgent', text)
    .addColumn('createdAt', text, stamp)
    .execute()
  await db.schema.createIndex('audit_logs_createdAt_idx').on('audit_logs').column('createdAt').execute()
  await db.schema.createIndex('audit_logs_userId_idx').on('audit_logs').column('userId').execute()

  await db.schema
    .createTable('platform_reviews')
    .addColumn('id', text, textId)
    .addColumn('userName', text)
    .addColumn('userEmail', text)
    .addColumn('rating', 'integer', rating)
    .addColumn('comment', text, (c) => c.notNull())
    .addColumn('status', text, moderation)
    .addColumn('reviewedBy', text)
    .addColumn('reviewedAt', text)
    .addColumn('rejectionReason', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .execute()
  await db.schema.createIndex('platform_reviews_status_idx').on('platform_reviews').column('status').execute()

  await db.schema
    .createTable('farm_reviews')
    .addColumn('id', text, textId)
    .addColumn('farmId', text, (c) => c.notNull().references('farmers.id').onDelete('cascade'))
    .addColumn('rating', 'integer', rating)
    .addColumn('comment', text, (c) => c.notNull())
    .addColumn('createdAt', text, stamp)
    .execute()
  await db.schema.createIndex('farm_reviews_farmId_idx').on('farm_reviews').column('farmId').execute()

  await db.schema
    .createTable('subject_matter_experts')
    .addColumn('id', text, textId)
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('company', text)
    .addColumn('expertField', text)
    .addColumn('contactNumber', text, (c) => c.notNull())
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('photoUrl', text)
    .addColumn('comments', text)
    .addColumn('isActive', 'integer', bool('isActive', 1))
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .execute()

  await db.schema
    .createTable('expert_fields')
    .addColumn('id', intIdType, intId)
    .addColumn('name', text, uniqueName)
    .addColumn('isDefault', 'integer', bool('isDefault', 0))
    .execute()

  await createAnalyticsTables(db, d)
  await createSyncTables(db, d)
  for (const [table, column] of CASELESS_UNIQUE) await d.caselessUnique(table, column)
}

/** The columns declared with uniqueName / uniqueCaseless above. */
const CASELESS_UNIQUE = [
  ['admin_users', 'email'], ['farmers', 'email'], ['locations', 'name'], ['produce_categories', 'name'],
  ['produce', 'name'], ['expert_fields', 'name'],
] as const

async function createAnalyticsTables(db: Kysely<unknown>, d: Ddl): Promise<void> {
  const { text, intId, intIdType } = d
  const stamp: Col = (c) => c.notNull().defaultTo(d.isoNow)
  await db.schema
    .createTable('search_analytics')
    .addColumn('id', intIdType, intId)
    .addColumn('query', text, (c) => c.notNull())
    .addColumn('searchType', text, (c) => oneOf('searchType', ['produce', 'farmer', 'city', 'general'])(c.notNull()))
    .addColumn('location', text)
    .addColumn('resultCount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitorId', text)
    .addColumn('searchDate', text, stamp)
    .execute()
  await db.schema.createIndex('search_analytics_searchDate_idx').on('search_analytics').column('searchDate').execute()

  await db.schema
    .createTable('visitor_countries')
    .addColumn('id', intIdType, intId)
    .addColumn('countryName', text, (c) => c.notNull())
    .addColumn('countryCode', text, (c) => c.notNull().unique())
    .addColumn('visitorCount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lastVisit', text, stamp)
    .execute()

  await db.schema
    .createTable('page_views')
    .addColumn('id', intIdType, intId)
    .addColumn('path', text, (c) => c.notNull())
    .addColumn('visitorId', text, (c) => c.notNull())
    .addColumn('countryCode', text)
    .addColumn('createdAt', text, stamp)
    .execute()
  await db.schema.createIndex('page_views_createdAt_idx').on('page_views').column('createdAt').execute()
  await db.schema.createIndex('page_views_visitorId_idx').on('page_views').column('visitorId').execute()

  // No foreign key: click counts outlive a deleted farmer, like page views outlive a page.
  await db.schema
    .createTable('farmer_clicks')
    .addColumn('id', intIdType, intId)
    .addColumn('farmerId', text, (c) => c.notNull())
    .addColumn('visitorId', text)
    .addColumn('createdAt', text, stamp)
    .execute()
  await db.schema.createIndex('farmer_clicks_createdAt_idx').on('farmer_clicks').column('createdAt').execute()
}

async function createSyncTables(db: Kysely<unknown>, d: Ddl): Promise<void> {
  const { text } = d
  const stamp: Col = (c) => c.notNull().defaultTo(d.isoNow)
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', text, (c) => c.notNull())
    .addColumn('key', text, (c) => c.notNull())
    .addColumn('fingerprint', text, (c) => c.notNull())
    .addColumn('status', text, (c) => oneOf('status', ['processing', 'completed'])(c.notNull()))
    .addColumn('lockToken', text, (c) => c.notNull())
    .addColumn('responseStatus', 'integer')
    .addColumn('responseBody', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('updatedAt', text, stamp)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_createdAt_idx').on('idempotency_keys').column('createdAt').execute()

  await db.schema
    .createTable('uploads')
    .addColumn('id', text, textId)
    .addColumn('kind', text, (c) => oneOf('kind', ['expert', 'farmer', 'admin'])(c.notNull()))
    .addColumn('status', text, (c) => oneOf('status', ['pending', 'stored'])(c.notNull().defaultTo('pending')))
    .addColumn('contentType', text)
    .addColumn('size', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('createdBy', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('storedAt', text)
    .addColumn('referencedAt', text)
    .execute()
  // Serves the clean-up of uploads never referenced within a day.
  await db.schema.createIndex('uploads_referencedAt_createdAt_idx').on('uploads').columns(['referencedAt', 'createdAt']).execute()

  await db.schema
    .createTable('outgoing_emails')
    .addColumn('id', text, textId)
    .addColumn('from', text, (c) => c.notNull())
    .addColumn('to', text, (c) => c.notNull())
    .addColumn('cc', text)
    .addColumn('bcc', text)
    .addColumn('subject', text, (c) => c.notNull())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('status', text, (c) => oneOf('status', ['stored', 'sent', 'failed'])(c.notNull()))
    .addColumn('error', text)
    .addColumn('createdAt', text, stamp)
    .addColumn('sentAt', text)
    .addColumn('sentBy', text)
    .execute()
}

const TABLES_IN_CREATION_ORDER = [
  'admin_users', 'sessions', 'farmers', 'locations', 'produce_categories', 'produce', 'settings',
  'farmer_signups', 'farmer_payments', 'audit_logs', 'platform_reviews', 'farm_reviews',
  'subject_matter_experts', 'expert_fields', 'search_analytics', 'visitor_countries', 'page_views',
  'farmer_clicks', 'idempotency_keys', 'uploads', 'outgoing_emails',
]

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES_IN_CREATION_ORDER].reverse()) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  if (ddlFor(db).dialect === 'postgres') await sql`DROP FUNCTION IF EXISTS json_list_valid(text)`.execute(db)
}

export const initial: Migration = { up, down }
