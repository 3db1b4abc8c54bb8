// fast-check arbitraries for one write route of the contract: odd path params, odd query strings,
// who calls, and a body — arbitrary JSON, deep nesting, huge strings, malformed text, wrong types
// per field of the route's schema, or the schema's own valid sample with one field mutated.
// Bodies are described (not built) in the generated value so a counterexample prints small.
import fc from 'fast-check'
import type { RouteDef } from '../contract'
import type { BodyShape, FieldShape } from './body-shapes'

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'deep'; depth: number; container: 'object' | 'array' }
  | { kind: 'huge'; chars: number; field?: string }
  | { kind: 'text'; text: string; contentType: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string }

export type Caller = 'staff' | 'anonymous' | 'bad-token'

export interface FuzzRequest {
  /** Path params, already in their URL form. */
  params: Record<string, string>
  query: string
  caller: Caller
  idempotencyKey?: string
  body: BodySpec
}

const LONG = 3_000
/**
 * How deep a nested body goes: a 1 MB body can nest ~100,000 levels. Before issue 8 the queued
 * routes answered 500 past ~2,500 (the Idempotency-Key fingerprint recursed once per level); the
 * depth check now refuses anything past 32 with a 400.
 */
const DEEP_MAX = Number(process.env.FUZZ_DEEP_MAX ?? 100_000)

/** A param as it appears in the URL: mostly encoded, sometimes raw percent oddities. */
function paramArb(ids: readonly string[]): fc.Arbitrary<string> {
  const encoded = fc.oneof(
    ...(ids.length > 0 ? [{ arbitrary: fc.constantFrom(...ids), weight: 4 }] : []),
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }), weight: 1 },
    { arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', ' 1', '9007199254740993', 'NaN', 'null', '..', '.', '__proto__', 'constructor'), weight: 2 },
    // Long, but within Node's 16 KB request head (past it Node itself answers 431, before the app).
    { arbitrary: fc.tuple(fc.constantFrom('9', 'a', 'ā', '🌺', '-'), fc.integer({ min: 200, max: LONG })).map(([c, n]) => c.repeat(Math.min(n, Math.floor(LONG * 2 / encodeURIComponent(c).length)))), weight: 1 },
  ).map((value) => encodeURIComponent(value))
  const raw = fc.constantFrom('%', '%zz', '%C0%AF', '%00', '%2F', '%2e%2e', 'a%20b', '%F0%9F')
  return fc.oneof({ arbitrary: encoded, weight: 9 }, { arbitrary: raw, weight: 1 })
}

const queryArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  {
    arbitrary: fc
      .array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 40 })), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom('?a[b][c]=1', '?__proto__[x]=1', '?constructor[prototype][x]=1', '?a=%', '?&&&=', '?id=1&id=2', `?q=${'x'.repeat(LONG)}`, '?%zz=1'),
    weight: 2,
  },
)

/** Values of every JSON type and at every edge; a field gets those not of its own type, or past its bounds. */
const oddValues: readonly unknown[] = [null, true, false, 0, -1, 1.5, -0.5, 1e308, -1e308, 2 ** 53 + 1, '', ' ', '\u0000', '0', 'true', 'null', [], [null], [[[]]], {}, { $gt: '' }, JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown]

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function wrongValueArb(field: FieldShape): fc.Arbitrary<unknown> {
  const ownType = (t: string) => t === field.kind || (field.kind === 'number' && t === 'integer') || (field.kind === 'string' && t === 'string' && field.enum === undefined)
  const wrong = oddValues.filter((v) => !ownType(typeOf(v)))
  const edges: unknown[] = []
  if (field.maxLength !== undefined) edges.push('x'.repeat(field.maxLength + 1), ' '.repeat(field.maxLength + 1))
  if (field.minLength !== undefined && field.minLength > 0) edges.push('x'.repeat(field.minLength - 1), ' '.repeat(field.minLength))
  if (field.minimum !== undefined) edges.push(field.minimum - 1, field.minimum - 0.5)
  if (field.maximum !== undefined) edges.push(field.maximum + 1)
  if (field.enum) edges.push(`${String(field.enum[0])}x`, String(field.enum[0]).toUpperCase())
  return fc.oneof(
    { arbitrary: fc.constantFrom(...wrong, ...edges), weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 2 },
    { arbitrary: fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'ā'.repeat(n)), weight: 1 },
  )
}

function bodyArb(route: RouteDef, shape: BodyShape): fc.Arbitrary<BodySpec> {
  const contentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'image/png', '']
  const generic: fc.WeightedArbitrary<BodySpec>[] = [
    { arbitrary: fc.constant({ kind: 'none' } as const), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json', value }) as const), weight: 4 },
    { arbitrary: fc.record({ depth: fc.integer({ min: 100, max: DEEP_MAX }), container: fc.constantFrom('object' as const, 'array' as const) }).map((d) => ({ kind: 'deep', ...d }) as const), weight: 1 },
    // Up to past the 1 MB JSON limit (a 413 is a refusal too).
    { arbitrary: fc.integer({ min: 50_000, max: 1_200_000 }).map((chars) => ({ kind: 'huge', chars }) as const), weight: 1 },
    {
      arbitrary: fc.record({ text: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,]', '{"a":1}}', 'null', '"x"', '1', 'tru', '\uFEFF{}')), contentType: fc.constantFrom('application/json', ...contentTypes) })
        .map((t) => ({ kind: 'text', ...t }) as const),
      weight: 2,
    },
  ]
  if (route.rawBody) {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 4_000 }), fc.uint8Array({ maxLength: 4_000 }).map((tail) => new Uint8Array([...png, ...tail])))
    generic.push({
      arbitrary: fc.record({ bytes, contentType: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'application/octet-stream', 'image/svg+xml', 'text/html', '') }).map((b) => ({ kind: 'bytes', ...b }) as const),
      weight: 8,
    })
  }
  const { sample, fields } = shape
  if (!sample || fields.length === 0) return fc.oneof(...generic)
  const field = fc.constantFrom(...fields)
  const schemaBased: fc.WeightedArbitrary<BodySpec>[] = [
    { arbitrary: fc.constant({ kind: 'json', value: sample } as const), weight: 2 },
    // One field of the valid body given a wrong type or a value past its bounds.
    { arbitrary: field.chain((f) => wrongValueArb(f).map((v) => ({ kind: 'json', value: { ...sample, [f.name]: v } }) as const)), weight: 6 },
    // One field left out.
    { arbitrary: field.map((f) => ({ kind: 'json', value: Object.fromEntries(Object.entries(sample).filter(([k]) => k !== f.name)) }) as const), weight: 2 },
    // Every field of the wrong type at once.
    { arbitrary: fc.tuple(...fields.map((f) => wrongValueArb(f))).map((values) => ({ kind: 'json', value: Object.fromEntries(fields.map((f, i) => [f.name, values[i]])) }) as const), weight: 2 },
    // Extra keys, including ones that reach for a prototype.
    { arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'createdAt', 'role', 'isActive', 'x'), fc.jsonValue({ maxDepth: 2 })).map((extra) => ({ kind: 'json', value: { ...sample, ...extra } }) as const), weight: 2 },
    { arbitrary: fc.tuple(field, fc.integer({ min: 50_000, max: 1_200_000 })).map(([f, chars]) => ({ kind: 'huge', chars, field: f.name }) as const), weight: 1 },
  ]
  return fc.oneof(...schemaBased, ...generic)
}

/** A counterexample as fast-check prints it: long strings cut, so a failure report stays readable. */
function shortened(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 120) return `${v.slice(0, 60)}…(${v.length} chars)`
    if (v instanceof Uint8Array) return `Uint8Array(${v.length}) ${Buffer.from(v.slice(0, 16)).toString('hex')}…`
    return v
  })
}

export function requestArb(route: RouteDef, shape: BodyShape, ids: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!)
  const isPublic = route.access === 'public'
  return fc.record({
    params: fc.tuple(...names.map(() => paramArb(ids))).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]!]))),
    query: queryArb,
    caller: fc.oneof(
      { arbitrary: fc.constant<Caller>(isPublic ? 'anonymous' : 'staff'), weight: 17 },
      { arbitrary: fc.constant<Caller>(isPublic ? 'staff' : 'anonymous'), weight: 2 },
      { arbitrary: fc.constant<Caller>('bad-token'), weight: 1 },
    ),
    idempotencyKey: route.isQueued
      ? fc.option(fc.oneof({ arbitrary: fc.uuid(), weight: 3 }, { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 300 }), weight: 1 }), { nil: undefined })
      : fc.constant(undefined),
    body: bodyArb(route, shape),
  }).map((request) => Object.assign(request, { [fc.toStringMethod]: () => shortened(request) }))
}

/** The request's body and content type, built from its description. */
export function renderBody(body: BodySpec, sample: Record<string, unknown> | undefined): { body?: string | Uint8Array; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {}
    case 'json':
      return { body: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' }
    case 'deep': {
      const [open, close] = body.container === 'object' ? ['{"a":', '}'] : ['[', ']']
      return { body: `${open.repeat(body.depth)}1${close.repeat(body.depth)}`, contentType: 'application/json' }
    }
    case 'huge': {
      const big = 'é'.repeat(body.chars)
      return { body: JSON.stringify(body.field ? { ...sample, [body.field]: big } : big), contentType: 'application/json' }
    }
    case 'text':
      return { body: body.text, contentType: body.contentType }
    case 'bytes':
      return { body: body.bytes, contentType: body.contentType }
  }
}
