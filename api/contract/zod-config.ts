// Zod set-up for every schema of the contract: every contract file that builds a schema at load time
// imports this module (directly or through ./common) before it builds one, so the browser, the outbox
// and the server all parse with it.
//
// Zod 4 probes `new Function('')` when it builds its first object schema, to compile fast
// parsers; under the app's CSP (script-src 'self') the browser reports that probe as a violation.
// `jitless` skips the probe and the compiling (the interpreted parse is fast enough for
// form-sized payloads).
//
// `customError` gives every issue that has no message of its own (from its check or its schema) the
// product's generic words (messages.common), never zod's untranslatable English ("Invalid option:
// expected one of …", "Too big: expected string to have <=100 characters"): the form and the server
// then say the same words, and the catalogs translate them. A missing value says "Required"; a value
// of the wrong type says what was expected (decision 033).
import { z } from 'zod'
import { messages } from './messages'

const m = messages.common

/** A value that is not there at all (a field left out of the body). */
const isAbsent = (input: unknown) => input === undefined

/** Empty text or an empty list: nothing was given. */
const isEmpty = (input: unknown) => (typeof input === 'string' || Array.isArray(input)) && input.length === 0

const expectedType: Partial<Record<string, string>> = {
  string: m.expectedText,
  number: m.expectedNumber,
  int: m.expectedWholeNumber,
  boolean: m.expectedTrueOrFalse,
  array: m.expectedList,
  tuple: m.expectedList,
  object: m.expectedObject,
  record: m.expectedObject,
  date: m.invalidDate,
}

const dateFormats = new Set(['date', 'datetime', 'time', 'duration'])

/** The product's words for an issue no check or schema gave a message. */
export function productIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isAbsent(issue.input) ? m.required : (expectedType[issue.expected] ?? m.invalidInput)
    case 'invalid_value':
      return isAbsent(issue.input) ? m.required : m.invalidEnumValue
    case 'invalid_union':
      return isAbsent(issue.input) ? m.required : m.invalidInput
    case 'too_small':
      if (isEmpty(issue.input)) return m.required
      if (issue.origin === 'string') return m.textTooShort
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooFewItems
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return m.numberTooSmall
      return issue.origin === 'date' ? m.invalidDate : m.invalidInput
    case 'too_big':
      if (issue.origin === 'string') return m.textTooLong
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooManyItems
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return m.numberTooLarge
      return issue.origin === 'date' ? m.invalidDate : m.invalidInput
    case 'invalid_format':
      return dateFormats.has(issue.format) ? m.invalidDate : m.invalidInput
    default:
      // not_multiple_of, unrecognized_keys, invalid_key, invalid_element, custom (a refine without a message).
      return m.invalidInput
  }
}

z.config({ jitless: true, customError: productIssueMessage })
