// Test data for the chaos run: a seeded random generator (a failing seed replays the same
// choices), small but real and pairwise distinct PNG photos, and valid payloads for each queued
// endpoint, each carrying a unique marker so its row can be found (and counted) in the database.
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { pngChunk } from '../../api/uploads/testing'

/** mulberry32: a tiny seeded generator in [0, 1). Not for secrets; for reproducible chaos. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** CHAOS_SEED (a number) when set, else a fresh one; the run prints it. */
export function chaosSeed(env: Record<string, string | undefined> = process.env): number {
  const given = env.CHAOS_SEED?.trim()
  if (given) {
    const parsed = Number(given)
    if (!Number.isInteger(parsed)) throw new Error(`CHAOS_SEED must be an integer, not ${JSON.stringify(given)}`)
    return parsed >>> 0
  }
  return Math.floor(Math.random() * 2 ** 32) >>> 0
}

export const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

export function shuffle<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * A valid width × height RGB PNG of seeded noise (noise barely compresses: 48 × 32 is ~4.7 KB).
 * `serial` is written into the first pixels, so two photos of one run are never the same bytes.
 */
export function noisePng(random: () => number, serial: number, width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3) // filter byte 0, then RGB
    for (let i = 1; i < row.length; i++) row[i] = Math.floor(random() * 256)
    if (y === 0) row.writeUInt32BE(serial >>> 0, 1)
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export type ChaosKind = 'dataAgentSignup' | 'farmerSignup' | 'platformReview' | 'farmReview'

export const CHAOS_ENDPOINTS: Record<ChaosKind, string> = {
  dataAgentSignup: '/api/data-agent/signup',
  farmerSignup: '/api/farmer-signup',
  platformReview: '/api/public/reviews',
  farmReview: '/api/farm-reviews',
}

/** One submission to queue: its payload, its photos and the marker its row will carry. */
export interface Submission {
  index: number
  kind: ChaosKind
  marker: string
  payload: Record<string, string | number | boolean | string[]>
  photos: Buffer[]
  photoHashes: string[]
}

export interface SubmissionMix {
  dataAgentSignups: number
  farmerSignups: number
  platformReviews: number
  farmReviews: number
}

export interface ReferenceNames {
  locations: readonly string[]
  produce: readonly string[]
  farmIds: readonly string[]
}

const FIRST_NAMES = ['Sera', 'Jone', 'Mere', 'Ravi', 'Litia', 'Apisai', 'Priya', 'Tevita', 'Ana', 'Sanjay']
const LAST_NAMES = ['Naivalu', 'Tuilagi', 'Prasad', 'Ratu', 'Kumar', 'Vunibaka', 'Lal', 'Delai']

/** YYYY-MM-DD of a day `offset` days from today (UTC is close enough: any date is a valid date input). */
function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/**
 * The mix, shuffled with the seed: data-agent signups with 1–2 photos each, public signups,
 * platform reviews and farm reviews. `runId` goes into each marker so rows of another run never match.
 */
export function buildSubmissions(random: () => number, mix: SubmissionMix, reference: ReferenceNames, runId: string): Submission[] {
  const kinds: ChaosKind[] = [
    ...Array<ChaosKind>(mix.dataAgentSignups).fill('dataAgentSignup'),
    ...Array<ChaosKind>(mix.farmerSignups).fill('farmerSignup'),
    ...Array<ChaosKind>(mix.platformReviews).fill('platformReview'),
    ...Array<ChaosKind>(mix.farmReviews).fill('farmReview'),
  ]
  let photoSerial = 0
  return shuffle(random, kinds).map((kind, index): Submission => {
    const marker = `chaos-${runId}-${String(index).padStart(4, '0')}`
    const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`
    switch (kind) {
      case 'dataAgentSignup':
      case 'farmerSignup': {
        const photos = kind === 'dataAgentSignup' ? Array.from({ length: 1 + Math.floor(random() * 2) }, () => noisePng(random, ++photoSerial)) : []
        const produce = shuffle(random, reference.produce).slice(0, 1 + Math.floor(random() * 3))
        return {
          index, kind, marker, photos, photoHashes: photos.map((photo) => sha256(photo)),
          payload: {
            name: `${name} (${marker})`,
            phone: `+679 ${String(7_000_000 + index)}`,
            town: pick(random, ['Nausori', 'Navua', 'Sigatoka', 'Savusavu', 'Tavua']),
            tikina: pick(random, ['Naitasiri', 'Rewa', 'Nadroga', 'Cakaudrove']),
            cities: [pick(random, reference.locations)],
            produce,
            subscriptionStart: isoDay(0),
            subscriptionEnd: isoDay(30),
            comments: `Signed up in the field. Marker ${marker}.`,
            deliveryAvailable: random() < 0.5,
            isBulk: random() < 0.3,
            agreeToTerms: true,
          },
        }
      }
      case 'platformReview':
        return {
          index, kind, marker, photos: [], photoHashes: [],
          payload: {
            userName: name,
            rating: 1 + Math.floor(random() * 5),
            comment: `Found a good supplier of dalo and cassava near town through the directory. Marker ${marker}.`,
          },
        }
      case 'farmReview':
        return {
          index, kind, marker, photos: [], photoHashes: [],
          payload: {
            farmId: pick(random, reference.farmIds),
            rating: 1 + Math.floor(random() * 5),
            comment: `Fresh produce, fair prices, delivered on time. Marker ${marker}.`,
          },
        }
    }
  })
}
