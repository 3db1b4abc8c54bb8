// What the fuzz knows about a route's JSON body, read from the contract's zod schema alone (so a
// route added to the contract is fuzzed with no change here): each field's JSON type and bounds,
// and a body the schema accepts, built from plain candidate values and the database's own names
// and ids, to mutate one field at a time.
import { z } from 'zod'
import type { PoolValue } from './db-state'
import { objectOf } from '../contract/test-helpers'

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'unknown'

export interface FieldShape {
  name: string
  kind: FieldKind
  required: boolean
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  enum?: readonly unknown[]
}

export interface BodyShape {
  fields: FieldShape[]
  /** A body the route's schema accepts, or the nearest this could build (undefined: no object schema). */
  sample?: Record<string, unknown>
  /** Whether `sample` parses. */
  isSampleValid: boolean
  /** Per field, the values its own schema accepts (the sample holds one of them). */
  accepted: Map<string, unknown[]>
}

interface JsonSchemaNode {
  type?: string | string[]
  enum?: unknown[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  anyOf?: JsonSchemaNode[]
  properties?: Record<string, JsonSchemaNode>
  required?: string[]
}

function kindOf(node: JsonSchemaNode | undefined): FieldKind {
  const type = Array.isArray(node?.type) ? node.type.find((t) => t !== 'null') : node?.type
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' || type === 'array' || type === 'object') return type
  const inner = node?.anyOf?.map(kindOf).find((k) => k !== 'unknown')
  return inner ?? 'unknown'
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The database's values, those of a table the field seems to name first ('farmId' → farmers,
 * 'produce' → produce), so a sample refers to rows that exist where it can.
 */
function ranked(field: string, pool: readonly PoolValue[]): string[] {
  const stem = field.replace(/Ids?$/, '').toLowerCase()
  const rank = (table: string) => (table === stem || table === `${stem}s` ? 0 : stem.length >= 4 && table.startsWith(stem) ? table.length : 100)
  return [...pool].sort((a, b) => rank(a.table) - rank(b.table)).map((p) => p.value)
}

/** Plain values a form would send; the first the field's own schema accepts is used. */
function candidates(kind: FieldKind, field: FieldShape, pool: readonly PoolValue[]): unknown[] {
  const strings = [
    ...ranked(field.name, pool),
    crypto.randomUUID(),
    'Sera Naivalu',
    'sera.naivalu@example.com',
    isoDay(0),
    isoDay(30),
    'https://example.com',
    '+679 912 3456',
    'Vuda-Lautoka&2026x',
    'A fair price and fresh dalo, delivered on time to the market.',
    'image/png',
    '/',
  ]
  switch (kind) {
    case 'string':
      return strings
    case 'number':
    case 'integer':
      return [1, 5, 2, 10, 100, 0, 0.5]
    case 'boolean':
      return [true, false]
    case 'array':
      return [...strings.map((s) => [s]), [], [1]]
    case 'object':
      return [{}]
    default:
      return [...(field.enum ?? []), ...strings, 1, true]
  }
}

export function bodyShape(schema: z.ZodType | undefined, pool: readonly PoolValue[]): BodyShape {
  const object = schema && objectOf(schema)
  if (!schema || !object) return { fields: [], isSampleValid: false, accepted: new Map() }
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode
  const required = new Set(json.required ?? [])
  const shape = object.shape as Record<string, z.ZodType>
  const fields: FieldShape[] = Object.keys(shape).map((name) => {
    const node = json.properties?.[name]
    return {
      name, kind: kindOf(node), required: required.has(name),
      minLength: node?.minLength, maxLength: node?.maxLength, minimum: node?.minimum, maximum: node?.maximum, enum: node?.enum,
    }
  })

  // Each field: the candidates its own schema accepts (a few), the first one chosen.
  const accepted = new Map<string, unknown[]>()
  for (const field of fields) {
    const fieldSchema = shape[field.name]!
    const options = [...(field.enum ?? []), ...candidates(field.kind, field, pool)].filter((value) => fieldSchema.safeParse(value).success)
    if (options.length > 0) accepted.set(field.name, options.slice(0, 40))
  }
  const sample: Record<string, unknown> = {}
  for (const [name, options] of accepted) sample[name] = options[0]
  let isSampleValid = schema.safeParse(sample).success
  // Cross-field rules (an end after its start): try the other accepted values, one field at a time.
  for (const [name, options] of accepted) {
    if (isSampleValid) break
    const kept = sample[name]
    for (const option of options.slice(1, 6)) {
      sample[name] = option
      isSampleValid = schema.safeParse(sample).success
      if (isSampleValid) break
    }
    if (!isSampleValid) sample[name] = kept
  }
  return { fields, sample, isSampleValid, accepted }
}
