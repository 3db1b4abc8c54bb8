// Open-fix-resend: the fields of a queued payload the agent can correct, per kind, and the
// conversion between the payload and the fix form's values (pure, unit-tested). The corrected
// payload is checked with the same contract schema before it is resent.
import type { JsonObject, JsonValue, OutboxKind } from '../../../sync/outbox/types'

/** A list field's names as the fix form holds them (one per line). */
export const listOf = (value: string | boolean | undefined): string[] =>
  String(value ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '')

/** The names of a list field that are not on the phone's reference list (e.g. a town staff removed). */
export function unlistedNames(selected: readonly string[], listed: readonly string[]): string[] {
  const known = new Set(listed.map((name) => name.toLocaleLowerCase('en')))
  return selected.filter((name) => !known.has(name.toLocaleLowerCase('en')))
}

export type EditableType = 'text' | 'email' | 'tel' | 'url' | 'date' | 'textarea' | 'list' | 'checkbox' | 'rating'

export interface EditableField {
  name: string
  /** The catalog key of its label (the fix form says it in the reader's language). */
  labelKey: string
  type: EditableType
  /** A list chosen from the phone's reference list (ticks), not typed: a refused town is fixed by choosing one. */
  choices?: 'locations' | 'produce'
}

const signupFields: EditableField[] = [
  { name: 'name', labelKey: 'outbox.fix.field.name', type: 'text' },
  { name: 'phone', labelKey: 'outbox.fix.field.phone', type: 'tel' },
  { name: 'email', labelKey: 'outbox.fix.field.email', type: 'email' },
  { name: 'website', labelKey: 'outbox.fix.field.website', type: 'url' },
  { name: 'town', labelKey: 'outbox.fix.field.town', type: 'text' },
  { name: 'tikina', labelKey: 'outbox.fix.field.tikina', type: 'text' },
  { name: 'cities', labelKey: 'outbox.fix.field.cities', type: 'list', choices: 'locations' },
  { name: 'produce', labelKey: 'outbox.fix.field.produce', type: 'list', choices: 'produce' },
  { name: 'subscriptionStart', labelKey: 'outbox.fix.field.subscriptionStart', type: 'date' },
  { name: 'subscriptionEnd', labelKey: 'outbox.fix.field.subscriptionEnd', type: 'date' },
  { name: 'mpaisaNumber', labelKey: 'outbox.fix.field.mpaisaNumber', type: 'tel' },
  { name: 'mpaisaReceiptNumber', labelKey: 'outbox.fix.field.mpaisaReceiptNumber', type: 'text' },
  { name: 'paymentDate', labelKey: 'outbox.fix.field.paymentDate', type: 'date' },
  { name: 'comments', labelKey: 'outbox.fix.field.comments', type: 'textarea' },
  { name: 'deliveryAvailable', labelKey: 'outbox.fix.field.deliveryAvailable', type: 'checkbox' },
  { name: 'isBulk', labelKey: 'outbox.fix.field.isBulk', type: 'checkbox' },
  { name: 'agreeToTerms', labelKey: 'outbox.fix.field.agreeToTerms', type: 'checkbox' },
]

export const editableFields: Record<OutboxKind, EditableField[]> = {
  dataAgentSignup: signupFields,
  farmerSignup: signupFields,
  platformReview: [
    { name: 'userName', labelKey: 'outbox.fix.field.userName', type: 'text' },
    { name: 'userEmail', labelKey: 'outbox.fix.field.userEmail', type: 'email' },
    { name: 'rating', labelKey: 'outbox.fix.field.rating', type: 'rating' },
    { name: 'comment', labelKey: 'outbox.fix.field.review', type: 'textarea' },
  ],
  farmReview: [
    { name: 'rating', labelKey: 'outbox.fix.field.rating', type: 'rating' },
    { name: 'comment', labelKey: 'outbox.fix.field.comment', type: 'textarea' },
  ],
  expertSignup: [
    { name: 'name', labelKey: 'outbox.fix.field.fullName', type: 'text' },
    { name: 'company', labelKey: 'outbox.fix.field.company', type: 'text' },
    { name: 'expertField', labelKey: 'outbox.fix.field.expertField', type: 'text' },
    { name: 'contactNumber', labelKey: 'outbox.fix.field.contactNumber', type: 'tel' },
    { name: 'email', labelKey: 'outbox.fix.field.email', type: 'email' },
    { name: 'comments', labelKey: 'outbox.fix.field.aboutYou', type: 'textarea' },
  ],
}

export type FormValues = Record<string, string | boolean>

/** The fix form's values from a payload: lists one per line, booleans as ticks, the rest as text. */
export function toFormValues(payload: JsonObject, fields: readonly EditableField[]): FormValues {
  const values: FormValues = {}
  for (const field of fields) {
    const value = payload[field.name]
    if (field.type === 'checkbox') values[field.name] = value === true
    else if (field.type === 'list') values[field.name] = Array.isArray(value) ? value.map((v) => String(v)).join('\n') : ''
    else values[field.name] = value === undefined || value === null ? '' : String(value)
  }
  return values
}

/** The payload with the fix form's values put back (every other key, e.g. farmId, kept). */
export function fromFormValues(payload: JsonObject, fields: readonly EditableField[], values: FormValues): JsonObject {
  const next: JsonObject = { ...payload }
  for (const field of fields) {
    const value = values[field.name]
    if (value === undefined) continue
    let converted: JsonValue
    if (field.type === 'checkbox') converted = value === true
    else if (field.type === 'list') converted = listOf(value)
    else if (field.type === 'rating') converted = Number(value)
    else converted = String(value)
    next[field.name] = converted
  }
  return next
}
