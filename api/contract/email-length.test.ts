// Every e-mail field takes an address of 255 characters and refuses 256 with its own message
// (the column and SMTP's practical limit): an address that is valid but too long never reaches a row.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ExpertRegistrationSchema } from './experts'
import { FarmerCreateSchema } from './farmers'
import { FarmerSignupSchema } from './farmer-signup'
import { makeSendEmailSchema } from './email'
import { messages as m } from './messages'
import { PlatformReviewCreateSchema } from './reviews'
import { firstMessage } from './test-helpers'
import { AdminUserCreateSchema } from './users'

/** A well-formed address of exactly `length` characters. */
const addressOfLength = (length: number) => `mere@${'a'.repeat(length - 'mere@'.length - '.fj'.length)}.fj`

const sendEmail = makeSendEmailSchema()
const fields: [string, z.ZodType, string][] = [
  ['farmer signup e-mail', FarmerSignupSchema.shape.email, m.farmerSignup.emailInvalid],
  ['platform review e-mail', PlatformReviewCreateSchema.shape.userEmail, m.reviews.userEmailInvalid],
  ['expert registration e-mail', ExpertRegistrationSchema.shape.email, m.experts.emailMax],
  ['back-office farmer e-mail', FarmerCreateSchema.shape.email, m.farmers.emailRequired],
  ['staff user e-mail', AdminUserCreateSchema.shape.email, m.users.emailRequired],
  ['Send Email "To"', sendEmail.shape.to, m.email.toInvalid],
  ['Send Email "Cc"', sendEmail.shape.cc, m.email.ccInvalid],
  ['Send Email "Bcc"', sendEmail.shape.bcc, m.email.bccInvalid],
]

describe('the 255-character e-mail limit', () => {
  it('builds addresses of the asked length that are otherwise valid', () => {
    expect(addressOfLength(255)).toHaveLength(255)
    expect(addressOfLength(256)).toHaveLength(256)
  })

  it.each(fields)('%s takes 255 characters and refuses 256 with its message', (_label, schema, message) => {
    expect(firstMessage(schema, addressOfLength(255))).toBeNull()
    expect(firstMessage(schema, addressOfLength(256))).toBe(message)
  })
})

describe('the Send Email subject', () => {
  it('is one header line: line breaks an API client sends become one space; blank stays refused', () => {
    const subject = sendEmail.shape.subject
    expect(subject.parse('Market day\r\nBcc: everyone@example.fj')).toBe('Market day Bcc: everyone@example.fj')
    expect(subject.parse('  Dalo prices \n\n this week ')).toBe('Dalo prices this week')
    expect(subject.parse('Line\u2028separator')).toBe('Line separator')
    expect(firstMessage(subject, '\r\n \n')).toBe(m.email.subjectRequired)
    expect(firstMessage(subject, 'x'.repeat(1000))).toBe(m.email.subjectMax)
  })
})
