// Sending an expert registration; like submitFarmerSignup, the outbox will swap the body of this
// function for an enqueue under the same Idempotency-Key.
import { IDEMPOTENCY_KEY_HEADER, type ExpertCreatedResponse, type ExpertRegistration } from '../../../api/contract'
import { apiFetch } from '../../shared/api'

export const expertRegistrationEndpoint = '/api/public/expert-signup'

export async function submitExpertRegistration(
  values: ExpertRegistration,
  { idempotencyKey }: { idempotencyKey: string },
): Promise<ExpertCreatedResponse> {
  const res = await apiFetch(expertRegistrationEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: JSON.stringify(values),
  })
  return (await res.json()) as ExpertCreatedResponse
}
