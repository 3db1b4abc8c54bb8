// Sending a farmer signup: the one place the form hands its values over. It goes through the
// outbox (offline-sync.md): checked with the contract's schema, written with its photos to this
// phone in one transaction, then sent by the engine with the item's id as the Idempotency-Key
// (every retry the same key, so the server records it once).
import type { FarmerSignup } from '../../../api/contract'
import { queueSubmission, type OutboxItem } from '../../shared/outbox/runtime'
import type { LocalPhoto } from './local-photos'

/** 'public': anyone (POST /api/farmer-signup); 'dataAgent': a signed-in staff member in Data Agent Mode. */
export type SignupMode = 'public' | 'dataAgent'

export interface QueueSignupOptions {
  mode: SignupMode
  /** Prepared on the phone; uploaded by the engine before the record is posted. */
  photos: readonly LocalPhoto[]
  /** Data Agent Mode: the signed-in agent, under whose name the item is sent. */
  agent?: { id: string; name: string }
  /** A refused item of this form, replaced by this submission. */
  replaces?: string
}

/** Queues the parsed form values (photoUrls are filled in by the engine from the photos). */
export function queueFarmerSignup(values: FarmerSignup, { mode, photos, agent, replaces }: QueueSignupOptions): Promise<OutboxItem> {
  return queueSubmission({
    kind: mode === 'dataAgent' ? 'dataAgentSignup' : 'farmerSignup',
    payload: { ...values, photoUrls: [] },
    photos: photos.map((photo) => ({ blob: photo.blob, prepared: true as const })),
    ...(mode === 'dataAgent' && agent && { agent }),
    ...(replaces && { replaces }),
  })
}
