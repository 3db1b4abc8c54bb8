// Sending a farmer signup: the one place the form hands its values over. The offline outbox
// (offline-sync.md) will replace the body of this function with an enqueue under the same key,
// so the form keeps calling it unchanged.
import { IDEMPOTENCY_KEY_HEADER, type FarmerSignup, type SignupCreatedResponse } from '../../../api/contract'
import { apiFetch } from '../../shared/api'

/** 'public': anyone (POST /api/farmer-signup); 'dataAgent': a signed-in staff member in Data Agent Mode. */
export type SignupMode = 'public' | 'dataAgent'

export const signupEndpoints: Record<SignupMode, string> = {
  public: '/api/farmer-signup',
  dataAgent: '/api/data-agent/signup',
}

export interface SubmitOptions {
  /** Made once per filled form and kept across retries, so a repeat never creates a second signup. */
  idempotencyKey: string
  mode: SignupMode
}

/**
 * POSTs the parsed form values. The bearer token goes along whenever one is stored (apiFetch);
 * Data Agent Mode needs it. A non-OK answer throws Error("<status>: <body>") (readServerError).
 */
export async function submitFarmerSignup(values: FarmerSignup, { idempotencyKey, mode }: SubmitOptions): Promise<SignupCreatedResponse> {
  const res = await apiFetch(signupEndpoints[mode], {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: JSON.stringify(values),
  })
  return (await res.json()) as SignupCreatedResponse
}
