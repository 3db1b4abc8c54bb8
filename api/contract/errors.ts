// The one error body every non-OK answer carries (conventions, Errors).
import { z } from 'zod'
import './zod-config'

export const ErrorIssueSchema = z.object({
  /** Dotted field path ('cities', 'photoUrls.0'); '' for the whole body. */
  path: z.string(),
  message: z.string(),
})
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>

export const ErrorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(ErrorIssueSchema).optional(),
})
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

/** The 400 body for a failed parse: the first issue's (spec) message, then every issue. */
export function validationErrorBody(error: z.ZodError): ErrorResponse {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  return { message: issues[0]?.message ?? 'Invalid input', issues }
}
