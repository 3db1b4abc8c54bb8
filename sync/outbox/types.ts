// The shapes stored in the field app's IndexedDB database, and the outbox's kinds and statuses.

/** Shape version of an OutboxItem; restoreOutboxItem brings older records up to it. */
export const OUTBOX_SCHEMA_VERSION = 1

export const OUTBOX_KINDS = ['dataAgentSignup', 'farmerSignup', 'platformReview', 'farmReview', 'expertSignup'] as const
export type OutboxKind = (typeof OUTBOX_KINDS)[number]

// The queued endpoints of spec/offline-sync.md ("What the queue covers"), the same paths as the
// isQueued routes in api/contract/routes.ts; only used to repair a record that lost its kind or
// endpoint. Derive it from the contract once sync imports it.
export const OUTBOX_ENDPOINTS = {
  dataAgentSignup: '/api/data-agent/signup',
  farmerSignup: '/api/farmer-signup',
  platformReview: '/api/public/reviews',
  farmReview: '/api/farm-reviews',
  expertSignup: '/api/public/expert-signup',
} as const satisfies Record<OutboxKind, string>

export const OUTBOX_STATUSES = ['waiting', 'sending', 'sent', 'needsAttention'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]
/** Everything not yet accepted by the server: the header's unsent count. */
export const PENDING_STATUSES = ['waiting', 'sending', 'needsAttention'] as const satisfies readonly OutboxStatus[]

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

export interface OutboxError {
  status?: number
  message: string
}

export interface OutboxResponse {
  status: number
  body: JsonValue
}

export interface OutboxItem {
  /** Client-made UUID, sent as the Idempotency-Key on every attempt. */
  id: string
  kind: OutboxKind
  endpoint: string
  method: 'POST'
  payload: JsonObject
  photoIds: string[]
  status: OutboxStatus
  attempts: number
  lastError?: OutboxError
  createdAt: number
  updatedAt: number
  nextAttemptAt: number
  /**
   * The server's Retry-After (a 429, a 503): no attempt before this, not even the agent's
   * "Send now". Always at or before nextAttemptAt; cleared when the item is tried again.
   */
  notBefore?: number
  sentAt?: number
  /**
   * When the record itself was first POSTed (set just before the request leaves). From then on the
   * server may hold this key with this body, so the body (photo paths included) must not change
   * until the server has answered with a non-2xx, which releases the key.
   */
  postedAt?: number
  response?: OutboxResponse
  agentId?: string
  agentName?: string
  schemaVersion: number
}

export interface OutboxPhoto {
  id: string
  outboxId: string
  blob: Blob
  contentType: string
  size: number
  sha256: string
  /**
   * '/objects/uploads/{id}' once the PUT succeeded (the objectPath the upload-URL endpoint issued).
   * Remembered so a retry never re-uploads the photo and every retry sends the same record body.
   */
  uploadedPath?: string
  /**
   * When the upload behind uploadedPath was issued (the server drops uploads no record references
   * a day after it issued them).
   */
  uploadedAt?: number
  /**
   * The upload URL the server issued for this photo, written before the PUT, until the PUT is
   * answered: if that answer is lost, the retry PUTs the same bytes to the same URL (the server
   * answers a repeat with the same objectPath) instead of asking for a new one.
   */
  issuedUpload?: IssuedUpload
  createdAt: number
}

export interface IssuedUpload {
  uploadURL: string
  objectPath: string
  /** When the server issued it. */
  issuedAt: number
}

export interface FormDraft {
  formId: string
  values: JsonObject
  updatedAt: number
}

export type ReferenceKey = 'locations' | 'produce' | 'expertFields'

export interface ReferenceList {
  key: ReferenceKey
  items: JsonValue[]
  updatedAt: number
}

export interface MetaEntry {
  key: string
  value: JsonValue
}
