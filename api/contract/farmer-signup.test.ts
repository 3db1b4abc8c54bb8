import { afterEach, describe, expect, it, vi } from 'vitest'
import { fijiToday } from './common'
import { AdminSignupsQuerySchema, FarmerSignupSchema, SIGNUP_TEXT_MAX, SignupProcessSchema, SignupPurgeSchema } from './farmer-signup'
import { messages } from './messages'
import { firstMessage } from './test-helpers'

const m = messages.farmerSignup
const photo = '/objects/uploads/3f2b8c1e-9a4d-4c3b-8e2f-1a2b3c4d5e6f'

const valid = {
  name: 'Sereana Vula',
  phone: '+679 999 1234',
  email: '',
  website: '',
  town: 'Nausori',
  tikina: 'Naitasiri',
  cities: ['Suva'],
  produce: ['Dalo', 'Cassava'],
  subscriptionStart: '2025-01-01',
  subscriptionEnd: '2025-03-31T00:00:00.000Z',
  mpaisaNumber: '',
  mpaisaReceiptNumber: '',
  paymentDate: '',
  comments: '',
  deliveryAvailable: false,
  isBulk: true,
  agreeToTerms: true,
}

describe('FarmerSignupSchema', () => {
  it('accepts a complete signup and turns empty optional texts into undefined', () => {
    const parsed = FarmerSignupSchema.parse(valid)
    expect(parsed.email).toBeUndefined()
    expect(parsed.website).toBeUndefined()
    expect(parsed.paymentDate).toBeUndefined()
    expect(parsed.photoUrls).toEqual([])
    expect(parsed.isBulk).toBe(true)
  })

  it('accepts the minimum: optional fields absent, defaults applied', () => {
    const required = ['name', 'phone', 'cities', 'produce', 'subscriptionStart', 'subscriptionEnd', 'agreeToTerms']
    const min = Object.fromEntries(Object.entries(valid).filter(([k]) => required.includes(k)))
    const parsed = FarmerSignupSchema.parse(min)
    expect(parsed.deliveryAvailable).toBe(false)
    expect(parsed.isBulk).toBe(false)
  })

  it.each([
    ['name missing', { name: '' }, m.nameRequired],
    ['phone blank', { phone: '   ' }, m.phoneRequired],
    ['email not an email', { email: 'sereana@' }, m.emailInvalid],
    ['website not a URL', { website: 'not a url' }, m.websiteInvalid],
    ['website with a script scheme', { website: 'javascript:alert(1)' }, m.websiteInvalid],
    ['no city', { cities: [] }, m.citiesRequired],
    ['no produce', { produce: [] }, m.produceRequired],
    ['six produce', { produce: ['a', 'b', 'c', 'd', 'e', 'f'] }, m.produceMax],
    ['no start date', { subscriptionStart: '' }, m.subscriptionStartRequired],
    ['no end date', { subscriptionEnd: undefined }, m.subscriptionEndRequired],
    ['terms not ticked', { agreeToTerms: false }, m.agreeToTermsRequired],
    ['terms absent', { agreeToTerms: undefined }, m.agreeToTermsRequired],
    ['four photos', { photoUrls: [photo, photo, photo, photo] }, m.photosMax],
    ['a photo path from elsewhere', { photoUrls: ['https://evil.example/x.jpg'] }, m.photoPathInvalid],
    ['a payment in the year 0000', { paymentDate: '0000-01-01' }, messages.common.invalidDate],
    ['a payment in the year 9999', { paymentDate: '9999-12-31' }, messages.common.invalidDate],
  ])('%s → spec message', (_, patch, expected) => {
    expect(firstMessage(FarmerSignupSchema, { ...valid, ...patch })).toBe(expected)
  })

  it('accepts a valid email and website, and up to 3 photos', () => {
    const parsed = FarmerSignupSchema.parse({
      ...valid,
      email: ' farmer@example.com ',
      website: 'https://farm.example.fj',
      photoUrls: [photo, photo, photo],
    })
    expect(parsed.email).toBe('farmer@example.com')
    expect(parsed.photoUrls).toHaveLength(3)
  })

  it.each([
    ['farm.example.fj', 'https://farm.example.fj'],
    ['//farm.example.fj', 'https://farm.example.fj'],
    ['http://farm.example.fj', 'http://farm.example.fj'],
    ['farm.example.fj:8080/shop', 'https://farm.example.fj:8080/shop'],
  ])('stores the website %s as %s', (typed, stored) => {
    expect(FarmerSignupSchema.parse({ ...valid, website: typed }).website).toBe(stored)
  })

  it('stores a photo path sent in upper case as the lower-case path that serves the photo', () => {
    const upper = '/objects/uploads/5E413313-4D69-4FEF-A4CC-DBCBED2FA05C'
    expect(FarmerSignupSchema.parse({ ...valid, photoUrls: [upper] }).photoUrls).toEqual(['/objects/uploads/5e413313-4d69-4fef-a4cc-dbcbed2fa05c'])
  })

  it('rejects a date that is not a date', () => {
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart: 'tomorrow' })).toBe(messages.common.invalidDate)
  })
})

describe('FarmerSignupSchema: a value that is too long says so, in a text of messages.ts', () => {
  // Zod 4 would say the schema's own "… is required" (or its English "Too big: …") without these.
  it.each([
    ['a name of 256 characters', { name: 'a'.repeat(256) }, m.nameMax],
    ['a phone of 51 characters', { phone: '1'.repeat(51) }, m.phoneMax],
    ['a village of 256 characters', { town: 'a'.repeat(256) }, m.villageMax],
    ['a tikina of 256 characters', { tikina: 'a'.repeat(256) }, m.tikinaMax],
    ['an M-PAiSA number of 51 characters', { mpaisaNumber: '9'.repeat(51) }, m.mpaisaNumberMax],
    ['an M-PAiSA receipt number of 101 characters', { mpaisaReceiptNumber: 'R'.repeat(101) }, m.mpaisaReceiptNumberMax],
    ['comments of 10001 characters', { comments: 'a'.repeat(10_001) }, m.commentsMax],
    ['51 towns/cities', { cities: Array.from({ length: 51 }, (_, i) => `Town ${i}`) }, m.citiesMax],
    ['a town/city name of 101 characters', { cities: ['a'.repeat(101)] }, m.cityNameMax],
    ['a produce name of 101 characters', { produce: ['a'.repeat(101)] }, m.produceNameMax],
    ['an empty town/city name', { cities: [''] }, m.citiesRequired],
  ])('%s → its max message', (_, patch, expected) => {
    expect(firstMessage(FarmerSignupSchema, { ...valid, ...patch })).toBe(expected)
  })

  it('accepts each text at its limit (the form\'s maxLength)', () => {
    const atLimit = Object.fromEntries(Object.entries(SIGNUP_TEXT_MAX).map(([field, max]) => [field, 'a'.repeat(max)]))
    expect(firstMessage(FarmerSignupSchema, { ...valid, ...atLimit, cities: Array.from({ length: 50 }, (_, i) => `Town ${i}`) })).toBeNull()
  })
})

describe('FarmerSignupSchema: subscription dates in a plausible range', () => {
  afterEach(() => vi.useRealTimers())
  // 13:00 UTC on 30 June is already 1 July in Fiji (UTC+12).
  const now = () => vi.useFakeTimers({ toFake: ['Date'] }).setSystemTime(new Date('2026-06-30T13:00:00.000Z'))

  it('reads today in Pacific/Fiji', () => {
    now()
    expect(fijiToday()).toBe('2026-07-01')
  })

  it.each([
    ['year 0000', '0000-01-01', m.subscriptionStartTooEarly],
    ['the last day of 2019', '2019-12-31', m.subscriptionStartTooEarly],
    ['a date-time before 2020', '2019-06-01T00:00:00.000Z', m.subscriptionStartTooEarly],
    ['one year and a day from today in Fiji', '2027-07-02', m.subscriptionStartTooLate],
    ['year 9999', '9999-01-01', m.subscriptionStartTooLate],
  ])('refuses a start in %s', (_, subscriptionStart, expected) => {
    now()
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart, subscriptionEnd: '9999-12-31' })).toBe(expected)
  })

  it.each([['2020-01-01', '2020-12-31'], ['2026-07-01', '2027-06-30'], ['2027-07-01', '2032-07-01']])('accepts a start of %s (end %s)', (subscriptionStart, subscriptionEnd) => {
    now()
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart, subscriptionEnd })).toBeNull()
  })

  it('refuses an end more than 5 years after the start', () => {
    now()
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart: '2026-07-01', subscriptionEnd: '2031-07-02' })).toBe(m.subscriptionEndTooLate)
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart: '2026-07-01', subscriptionEnd: '9999-12-31' })).toBe(m.subscriptionEndTooLate)
  })

  it('says only "invalid date" for text that is no date', () => {
    now()
    expect(FarmerSignupSchema.safeParse({ ...valid, subscriptionStart: 'soon' }).error?.issues.map((i) => i.message)).toEqual([messages.common.invalidDate])
  })
})

describe('AdminSignupsQuerySchema', () => {
  it.each([['a repeated page', ['1', '2']], ['page=abc', 'abc'], ['page=0', '0'], ['page=1.5', '1.5'], ['page=100001', '100001']])('%s → the page message', (_, page) => {
    expect(firstMessage(AdminSignupsQuerySchema, { page })).toBe(messages.common.pageInvalid)
  })
})

describe('SignupProcessSchema', () => {
  it('approves without a reason', () => {
    expect(SignupProcessSchema.safeParse({ status: 'approved' }).success).toBe(true)
  })
  it('needs a non-blank reason to reject', () => {
    expect(firstMessage(SignupProcessSchema, { status: 'rejected', rejectionReason: '   ' })).toBe(
      messages.signups.rejectionReasonRequired,
    )
    expect(SignupProcessSchema.safeParse({ status: 'rejected', rejectionReason: 'Duplicate' }).success).toBe(true)
  })
  it('refuses any other status', () => {
    expect(SignupProcessSchema.safeParse({ status: 'pending' }).success).toBe(false)
  })
})

describe('SignupPurgeSchema', () => {
  it('needs both dates', () => {
    expect(firstMessage(SignupPurgeSchema, { startDate: '2025-01-01' })).toBe(messages.purge.bothDatesRequired)
    expect(firstMessage(SignupPurgeSchema, { startDate: '', endDate: '2025-01-01' })).toBe(messages.purge.bothDatesRequired)
  })
  it('refuses a start after the end, accepts the same day', () => {
    expect(firstMessage(SignupPurgeSchema, { startDate: '2025-02-01', endDate: '2025-01-01' })).toBe(
      messages.purge.startAfterEnd,
    )
    expect(SignupPurgeSchema.safeParse({ startDate: '2025-01-01', endDate: '2025-01-01' }).success).toBe(true)
  })
})
