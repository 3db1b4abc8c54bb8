// Sending an expert registration through the outbox, like queueFarmerSignup: checked, kept on
// this phone with its photo, sent by the engine under one Idempotency-Key.
import type { ExpertRegistration } from '../../../api/contract'
import { queueSubmission, type OutboxItem } from '../../shared/outbox/runtime'
import type { LocalPhoto } from './local-photos'

export function queueExpertRegistration(
  values: ExpertRegistration,
  { photo, replaces }: { photo: LocalPhoto | null; replaces?: string },
): Promise<OutboxItem> {
  return queueSubmission({
    kind: 'expertSignup',
    // The engine fills photoUrl from the uploaded photo.
    payload: { ...values, photoUrl: '' },
    photos: photo ? [{ blob: photo.blob, prepared: true as const }] : [],
    ...(replaces && { replaces }),
  })
}
