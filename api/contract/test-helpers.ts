// Test-only helpers: what a client would see from a failed parse.
import type { z } from 'zod'
import { validationErrorBody } from './errors'

/** The 400 body's message for this input, or null when it parses. */
export function firstMessage(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input)
  return result.success ? null : validationErrorBody(result.error).message
}

/** Every issue message for this input ([] when it parses). */
export function allMessages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}
