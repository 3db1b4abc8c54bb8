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
  label: string
  type: EditableType
  /** A list chosen from the phone's reference list (ticks), not typed: a refused town is fixed by choosing one. */
  choices?: 'locations' | 'produce'
}

const signupFields: EditableField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'town', label: 'Village', type: 'text' },
  { name: 'tikina', label: 'Tikina', type: 'text' },
  { name: 'cities', label: 'Nearest Towns/Cities', type: 'list', choices: 'locations' },
  { name: 'produce', label: 'Produce', type: 'list', choices: 'produce' },
  { name: 'subscriptionStart', label: 'Start Date', type: 'date' },
  { name: 'subscriptionEnd', label: 'End Date', type: 'date' },
  { name: 'mpaisaNumber', label: 'M-PAiSA Number', type: 'tel' },
  { name: 'mpaisaReceiptNumber', label: 'M-PAiSA Receipt Number', type: 'text' },
  { name: 'paymentDate', label: 'Payment Date', type: 'date' },
  { name: 'comments', label: 'Comments', type: 'textarea' },
  { name: 'deliveryAvailable', label: 'Delivery Available', type: 'checkbox' },
  { name: 'isBulk', label: 'Bulk Available', type: 'checkbox' },
  { name: 'agreeToTerms', label: 'Agreed to the Terms of Use', type: 'checkbox' },
]

export const editableFields: Record<OutboxKind, EditableField[]> = {
  dataAgentSignup: signupFields,
  farmerSignup: signupFields,
  platformReview: [
    { name: 'userName', label: 'Name (optional)', type: 'text' },
    { name: 'userEmail', label: 'Email (optional)', type: 'email' },
    { name: 'rating', label: 'Rating (1 to 5)', type: 'rating' },
    { name: 'comment', label: 'Review', type: 'textarea' },
  ],
  farmReview: [
    { name: 'rating', label: 'Rating (1 to 5)', type: 'rating' },
    { name: 'comment', label: 'Comment', type: 'textarea' },
  ],
  expertSignup: [
    { name: 'name', label: 'Full Name', type: 'text' },
    { name: 'company', label: 'Company / Organisation', type: 'text' },
    { name: 'expertField', label: 'Area of Expertise', type: 'text' },
    { name: 'contactNumber', label: 'Contact Number', type: 'tel' },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'comments', label: 'About You', type: 'textarea' },
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
