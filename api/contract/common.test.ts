import { describe, expect, it } from 'vitest'
import { IdParamSchema, fijiToday, optionalText, requiredText, wholeNumberQuery } from './common'
import { messages } from './messages'
import { PublicFarmersQuerySchema } from './farmers'
import { LocationCreateSchema } from './reference'
import { firstMessage } from './test-helpers'

describe('text helpers: a value that is too long is never called missing', () => {
  it('requiredText says its own max message, else the generic one, not "… is required"', () => {
    expect(firstMessage(requiredText('Name is required', 5, 'Name cannot exceed 5 characters'), 'abcdef')).toBe('Name cannot exceed 5 characters')
    expect(firstMessage(requiredText('Name is required', 5), 'abcdef')).toBe(messages.common.textTooLong)
    expect(firstMessage(requiredText('Name is required', 5), '   ')).toBe('Name is required')
    // A caller without a max text of its own (a location's name of 101 characters).
    expect(firstMessage(LocationCreateSchema, { name: 'a'.repeat(101) })).toBe(messages.common.textTooLong)
  })

  it("optionalText says the generic text, not zod's English \"Too big: …\"", () => {
    expect(firstMessage(optionalText(5), 'abcdef')).toBe(messages.common.textTooLong)
    expect(firstMessage(optionalText(5, 'Village cannot exceed 5 characters'), 'abcdef')).toBe('Village cannot exceed 5 characters')
    expect(optionalText(5).parse('')).toBeUndefined()
  })
})

describe('wholeNumberQuery', () => {
  const page = wholeNumberQuery(messages.common.pageInvalid, 1, 100_000)
  it.each([[['1', '2']], ['abc'], ['1.5'], ['0'], ['-1'], ['100001'], ['1e999']])('%j → its message', (value) => {
    expect(firstMessage(page, value)).toBe(messages.common.pageInvalid)
  })
  it('reads one whole number', () => {
    expect(page.parse('42')).toBe(42)
  })
})

describe('fijiToday', () => {
  it('is the date in Pacific/Fiji (UTC+12), not in UTC', () => {
    expect(fijiToday(new Date('2026-06-30T11:59:00.000Z'))).toBe('2026-06-30')
    expect(fijiToday(new Date('2026-06-30T12:00:00.000Z'))).toBe('2026-07-01')
  })
})

describe('IdParamSchema', () => {
  it('reads an id sent in upper case as the lower-case id rows are made with; refuses what is no uuid', () => {
    expect(IdParamSchema.parse({ id: '5E413313-4D69-4FEF-A4CC-DBCBED2FA05C' })).toEqual({ id: '5e413313-4d69-4fef-a4cc-dbcbed2fa05c' })
    expect(IdParamSchema.safeParse({ id: '5e413313-4d69-4fef-a4cc' }).success).toBe(false)
  })
})

describe('a search too long', () => {
  it('says "Text is too long", not zod\'s "Too big: …"', () => {
    expect(firstMessage(PublicFarmersQuerySchema, { search: 'a'.repeat(201) })).toBe(messages.common.textTooLong)
  })
})
