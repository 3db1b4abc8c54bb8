import { describe, expect, it } from 'vitest'
import { FarmerSignupSchema, SignupProcessSchema, SignupPurgeSchema } from './farmer-signup'
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

  it('rejects a date that is not a date', () => {
    expect(firstMessage(FarmerSignupSchema, { ...valid, subscriptionStart: 'tomorrow' })).toBe(messages.common.invalidDate)
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
