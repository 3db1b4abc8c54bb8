// The contract's check of a queued payload, for enqueue's and resendItem's `validate`. It pulls
// zod and every schema in (api/contract/routes.ts), so import it from the form chunks, not from
// code the home page loads.
import { findRoute } from '../../api/contract/routes'
import type { JsonObject, OutboxItem } from './types'

export class PayloadInvalidError extends Error {
  readonly issues: { path: string; message: string }[]
  constructor(message: string, issues: { path: string; message: string }[]) {
    super(message)
    this.name = 'PayloadInvalidError'
    this.issues = issues
  }
}

/** Throws PayloadInvalidError with the first spec message, as the server's 400 would. */
export function validateQueuedPayload(item: Pick<OutboxItem, 'endpoint'>, payload: JsonObject): void {
  const schema = findRoute('POST', item.endpoint)?.body
  if (!schema) return
  const result = schema.safeParse(payload)
  if (result.success) return
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  throw new PayloadInvalidError(issues[0]?.message ?? 'Invalid submission', issues)
}
