// The one error body every non-OK answer carries (conventions, Errors).
import { z } from 'zod'
import './zod-config'

export const ErrorIssueSchema = z.object({
  /** Dotted field path ('cities', 'photoUrls.0'); '' for the whole body. */
  path: z.string(),
  message: z.string(),
})
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>

/**
 * Machine-readable reasons, for answers a client must tell apart from others of the same status.
 * 'password_change_required': a 403 that is not a missing capability — the signed-in user must
 * change the password first; what was refused may be sent again once they have.
 */
export const ERROR_CODES = { passwordChangeRequired: 'password_change_required' } as const
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

export const ErrorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(ErrorIssueSchema).optional(),
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** The 400 body for a failed parse: the first issue's (spec) message, then every issue. */
export function validationErrorBody(error: z.ZodError): ErrorResponse {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  return { message: issues[0]?.message ?? 'Invalid input', issues }
}
