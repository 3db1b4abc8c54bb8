// Building blocks shared by every area: roles, id params, date inputs, "valid or empty" fields.
import { z } from 'zod'
import './zod-config'
import { messages } from './messages'

export const roles = ['global_admin', 'admin_user', 'data_agent'] as const
export const RoleSchema = z.enum(roles)
export type Role = z.infer<typeof RoleSchema>

export const roleLabels: Record<Role, string> = {
  global_admin: 'Global Admin',
  admin_user: 'Admin User',
  data_agent: 'Data Agent',
}

/** The product's own mail domain (clarifications, E-mail); MAIL_DOMAIN overrides it on the server. */
export const DEFAULT_MAIL_DOMAIN = 'vitifarmers.org.fj'

/** Farmer cards hide internal placeholder addresses on the product's own domain (spec 000 §2). */
export function isInternalEmail(email: string | null | undefined, mailDomain = DEFAULT_MAIL_DOMAIN): boolean {
  return !!email && email.trim().toLowerCase().endsWith(`@${mailDomain.toLowerCase()}`)
}

/** Route param `:id` for uuid-keyed resources (farmers, users, signups, reviews, experts, uploads). Ids are
 * made in lower case (randomUUID), so one sent in upper case is read as its row's. */
export const IdParamSchema = z.object({ id: z.uuid().transform((id) => id.toLowerCase()) })
export type IdParam = z.infer<typeof IdParamSchema>

/** Route param `:id` for integer-keyed resources (locations, produce, categories, expert fields). Params arrive as text. */
/**
 * The largest whole number an integer column holds, and so the last id PostgreSQL's `serial` gives:
 * PostgreSQL refuses to compare a larger one with such a column (a 500), where SQLite finds no row.
 */
export const DB_INT_MAX = 2_147_483_647

/** A staff member's reason for rejecting a signup or a review, at most (its box stops there too). */
export const REJECTION_REASON_MAX_CHARS = 1000

export const IntIdParamSchema = z.object({ id: wholeNumberQuery(messages.common.idInvalid, 1, DB_INT_MAX) })
export type IntIdParam = z.infer<typeof IntIdParamSchema>

const isoDate = z.iso.date()
const isoDateTime = z.iso.datetime({ offset: true })

/** 'YYYY-MM-DD' (a date input) or an ISO date-time string; both appear in the spec's forms. */
export function isDateInput(value: string): boolean {
  return isoDate.safeParse(value).success || isoDateTime.safeParse(value).success
}

export const DateInputSchema = z.string().trim().refine(isDateInput, messages.common.invalidDate)
export type DateInput = z.infer<typeof DateInputSchema>

/**
 * A schema's own error for a value that is not there: `message` ("Name is required") for a field left
 * out. A value of the wrong type (a number for a name) and a check without a message of its own get the
 * generic words of zod-config.ts instead ("Expected text", "Too many items"): a wrong type is not a
 * missing value. Checks with their own message keep it.
 */
export function whenMissing(message: string) {
  return (issue: z.core.$ZodRawIssue) => (issue.code === 'invalid_type' && issue.input === undefined ? message : undefined)
}

/** A required date whose "missing" text is a product message; aborts so only that one text shows. */
export function requiredDate(requiredMessage: string) {
  return z
    .string({ error: whenMissing(requiredMessage) })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isDateInput, messages.common.invalidDate)
}

/** Date that is a date input or empty ('' becomes undefined). */
export function optionalDate() {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || isDateInput(v), messages.common.invalidDate)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

/** Milliseconds of a date input, for ordering checks (a bare date counts as its UTC midnight). */
export function dateInputTime(value: string): number {
  return Date.parse(value)
}

/**
 * Optional free text; '', absent and invisible-only all become undefined so no empty strings reach the database.
 * Over `max` it says `maxMessage` (a field's own "… cannot exceed N characters"), else the generic
 * messages.common.textTooLong, never zod's untranslatable "Too big: expected string to have <=N characters".
 */
export function optionalText(max?: number, maxMessage: string = messages.common.textTooLong) {
  const base = max === undefined ? z.string().trim() : z.string().trim().max(max, maxMessage)
  return base.optional().transform((v) => (v === undefined || !hasVisibleText(v) ? undefined : v))
}

const emailCheck = z.email()
const httpUrlCheck = z.httpUrl()

/** E-mail that is valid or empty ('' becomes undefined). */
export function optionalEmail(message: string, max = 255) {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= max && emailCheck.safeParse(v).success), message)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

// A scheme is letters then ':' not followed by a digit, so 'example.fj:8080' still counts as bare.
const hasScheme = /^[a-z][a-z\d+.-]*:(?!\d)/i

/**
 * 'www.example.fj' → 'https://www.example.fj': people type a site the way they read it out. A link
 * without its scheme ('//example.fj') gets https: alone (it became 'https:////example.fj').
 */
export function withHttps(value: string): string {
  if (value === '' || hasScheme.test(value)) return value
  return value.startsWith('//') ? `https:${value}` : `https://${value}`
}

/**
 * Website that is an http(s) URL or empty; a bare host gets https:// in front. http(s) only, so a
 * stored link can never run script ('javascript:…' keeps its scheme and is refused).
 */
export function optionalUrl(message: string) {
  return z
    .string()
    .trim()
    .transform(withHttps)
    .refine((v) => v === '' || httpUrlCheck.safeParse(v).success, message)
    .optional()
    .transform((v) => (v === '' ? undefined : v))
}

// White space, format characters (zero-width space and joiners, bidi marks, soft hyphen, tags),
// other default-ignorable code points (Hangul fillers, variation selectors) and the blank braille
// cell all render as nothing.
const invisible = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu

/** True when the text shows at least one visible character. */
export function hasVisibleText(value: string): boolean {
  return value.replace(invisible, '') !== ''
}

/**
 * Required, trimmed text with one message for missing, blank, or made only of invisible characters.
 * Over `max` it says `maxMessage`, else messages.common.textTooLong: without a message of its own, zod 4
 * would say the schema's "… is required" for a value that is too long.
 */
export function requiredText(message: string, max?: number, maxMessage: string = messages.common.textTooLong) {
  const base = z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, { error: message, abort: true })
    .refine(hasVisibleText, { error: message, abort: true })
  return max === undefined ? base : base.max(max, maxMessage)
}

/**
 * A whole-number query parameter (?page=2) given once. A repeated one (?page=1&page=2 arrives as a
 * list), 'abc', 4.5 and a value out of range all say `message`, never zod's "expected number, received NaN".
 */
export function wholeNumberQuery(message: string, min: number, max?: number) {
  const number = z.number().int(message).min(min, message)
  // Written in digits only: Number() also reads '0x10', '1e1' and ' +2', so one page had many addresses.
  return z
    .string({ error: message })
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .pipe(max === undefined ? number : number.max(max, message))
}

/** The highest ?page= of the paged lists (directory, reviews, staff lists). */
export const PAGE_MAX = 100_000

/** ?page= from 1 to PAGE_MAX, 1 when absent. */
export const pageQuery = () => wholeNumberQuery(messages.common.pageInvalid, 1, PAGE_MAX).default(1)

/** The most rows one page of a staff list holds (issue 19: never the whole country at once). */
export const STAFF_PAGE_SIZE_MAX = 200

/** ?pageSize= of a staff list, from 1 to STAFF_PAGE_SIZE_MAX; `fallback` when absent. */
export const pageSizeQuery = (fallback: number) => wholeNumberQuery(messages.common.pageSizeInvalid, 1, STAFF_PAGE_SIZE_MAX).default(fallback)

/** Today's date in Pacific/Fiji, 'YYYY-MM-DD' (the product's day, clarifications Public listing). */
// Made once, on first use: building a formatter for a time zone costs more than the rest of a
// signup's validation (0.5 ms of server CPU per signup when it was built on every call).
let fijiDateFormat: Intl.DateTimeFormat | undefined

export function fijiToday(now: Date = new Date()): string {
  fijiDateFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Fiji', year: 'numeric', month: '2-digit', day: '2-digit' })
  const parts = fijiDateFormat.formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The calendar date a date input names ('2026-03-05', or the date part of '2026-03-05T08:00:00+12:00'). */
const calendarDateOf = (value: string): string => value.slice(0, 10)

/** 'YYYY-MM-DD' `years` later, compared as text only (29 February stays, and sorts as the last day of February). */
const yearsAfter = (date: string, years: number): string => `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`

/** The earliest subscription start a signup may ask for: nobody subscribed before the product's first year. */
export const EARLIEST_SUBSCRIPTION_START = '2020-01-01'
/** How far ahead of today (Pacific/Fiji) a signup's subscription may start, in years. */
export const SUBSCRIPTION_START_MAX_YEARS_AHEAD = 1
/** The longest subscription a signup may ask for, in years. */
export const SUBSCRIPTION_MAX_YEARS = 5

/**
 * A signup's subscription start: required, a date input, from EARLIEST_SUBSCRIPTION_START to a year
 * after today in Fiji. An absurd year ('0000-01-01') would, once approved, count millions of days into
 * the revenue figures. Checked when parsed, so the form and the server see the same today.
 */
export function subscriptionStartDate(requiredMessage: string, tooEarlyMessage: string, tooLateMessage: string, now: () => Date = () => new Date()) {
  return requiredDate(requiredMessage)
    .refine((v) => !isDateInput(v) || calendarDateOf(v) >= EARLIEST_SUBSCRIPTION_START, tooEarlyMessage)
    .refine((v) => !isDateInput(v) || calendarDateOf(v) <= yearsAfter(fijiToday(now()), SUBSCRIPTION_START_MAX_YEARS_AHEAD), tooLateMessage)
}

/**
 * An optional payment date: a date input from EARLIEST_SUBSCRIPTION_START to a year after today in
 * Fiji. A year 0000 or 9999 is no payment anyone made, and it would go into the payment records and
 * the report once approved. A year ahead, not today: a phone's clock may run ahead of the server's.
 */
export function paymentDateInput(now: () => Date = () => new Date()) {
  return optionalDate().refine(
    (v) => v === undefined || (calendarDateOf(v) >= EARLIEST_SUBSCRIPTION_START && calendarDateOf(v) <= yearsAfter(fijiToday(now()), SUBSCRIPTION_START_MAX_YEARS_AHEAD)),
    messages.common.invalidDate,
  )
}

type SubscriptionDates = { subscriptionStart?: string; subscriptionEnd?: string }

/**
 * `.refine(...subscriptionWithinMaxYears(message))` for a body holding both subscription dates: the end
 * at most SUBSCRIPTION_MAX_YEARS after the start (an end of 9999-12-31 would distort revenue too).
 */
export function subscriptionWithinMaxYears(message: string): [(body: SubscriptionDates) => boolean, { error: string; path: string[] }] {
  const check = (b: SubscriptionDates) =>
    b.subscriptionStart === undefined ||
    b.subscriptionEnd === undefined ||
    !isDateInput(b.subscriptionStart) ||
    !isDateInput(b.subscriptionEnd) ||
    calendarDateOf(b.subscriptionEnd) <= yearsAfter(calendarDateOf(b.subscriptionStart), SUBSCRIPTION_MAX_YEARS)
  return [check, { error: message, path: ['subscriptionEnd'] }]
}

/**
 * `.refine(...subscriptionEndAfterStart(message))` for a body holding both subscription dates: the
 * end must come after the start. Equal dates are refused too: a subscription that ends when it
 * starts lists nobody.
 */
export function subscriptionEndAfterStart(message: string): [(body: SubscriptionDates) => boolean, { error: string; path: string[] }] {
  const check = (b: SubscriptionDates) =>
    b.subscriptionStart === undefined || b.subscriptionEnd === undefined || !(dateInputTime(b.subscriptionEnd) <= dateInputTime(b.subscriptionStart))
  return [check, { error: message, path: ['subscriptionEnd'] }]
}

/** Body of the two purge endpoints (signups and audit logs), spec 001 §5. */
export const PurgeBodySchema = z
  .object({
    startDate: requiredDate(messages.purge.bothDatesRequired),
    endDate: requiredDate(messages.purge.bothDatesRequired),
  })
  .refine((b) => dateInputTime(b.startDate) <= dateInputTime(b.endDate), {
    error: messages.purge.startAfterEnd,
    path: ['startDate'],
  })
export type PurgeBody = z.infer<typeof PurgeBodySchema>

export const PurgeResponseSchema = z.object({ deletedCount: z.number().int().nonnegative() })
export type PurgeResponse = z.infer<typeof PurgeResponseSchema>

// Zod-free (the browser's entry chunk reads it): api/contract/answer-cache.ts.
export { MAX_ANSWER_STALE_MS } from './answer-cache'

/** Timestamps in responses: `new Date().toISOString()` text (conventions, Data). */
export const TimestampSchema = z.string()

/** Answer of writes whose body the spec leaves unshown. */
export const OkResponseSchema = z.object({ ok: z.literal(true) })
export type OkResponse = z.infer<typeof OkResponseSchema>
