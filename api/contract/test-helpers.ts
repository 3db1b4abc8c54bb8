// Test-only helpers: what a client would see from a failed parse.
import { z } from 'zod'
import { validationErrorBody } from './errors'
import { messages } from './messages'
import { translationMessages } from './translations'

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

function textsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value)
  else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) textsOf(inner, into)
  return into
}

/** Schema-given texts of the back office (English only) that are not in messages.ts. */
const backOfficeSchemaTexts = ['Select at least one review', 'Select at most 1000 reviews at once', 'Invalid message key']

const productTexts = textsOf(translationMessages, textsOf(messages, new Set(backOfficeSchemaTexts)))

// A parameterised text's pattern: its words around a slot that any value fills.
const SLOT = '\u0001'
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const slotPatterns = [
  ...[[SLOT], [SLOT, SLOT]].flatMap((names) => [messages.farmerSignup.citiesNotListed(names), messages.farmerSignup.produceNotListed(names)]),
  `${messages.common.unknownQueryParameter}: ${SLOT}`,
].map((text) => new RegExp(`^${text.split(SLOT).map(escape).join('.*')}$`, 's'))

/** Whether a 400's message is one of the product's texts (messages.ts), never zod's own English. */
export function isProductText(message: string): boolean {
  return productTexts.has(message) || slotPatterns.some((pattern) => pattern.test(message))
}

/** The object schema under pipes (transforms), optionals and defaults, or undefined. */
export function objectOf(schema: z.ZodType): z.ZodObject | undefined {
  let current: unknown = schema
  for (let depth = 0; depth < 10; depth++) {
    if (current instanceof z.ZodObject) return current
    if (current instanceof z.ZodPipe) current = current.in
    else if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) current = current.unwrap()
    else return undefined
  }
  return undefined
}
