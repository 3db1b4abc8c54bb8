import { describe, expect, it } from 'vitest'
import { AuditPurgeSchema } from './audit'
import { DEFAULT_MAIL_DOMAIN, SendEmailSchema, makeSendEmailSchema, senderAddresses } from './email'
import { DailyRateFormSchema, SettingsUpdateSchema, TrialPeriodFormSchema } from './settings'
import { LocationCreateSchema, LocationUpdateSchema, ProduceCategoryCreateSchema, ProduceCreateSchema } from './reference'
import { FarmerCreateSchema, FarmerSubscriptionUpdateSchema, FarmerUpdateSchema } from './farmers'
import { IntIdParamSchema, isInternalEmail } from './common'
import { messages } from './messages'
import { firstMessage } from './test-helpers'

describe('AuditPurgeSchema', () => {
  it('needs both dates', () => {
    expect(firstMessage(AuditPurgeSchema, {})).toBe('Please select both start and end dates')
    expect(firstMessage(AuditPurgeSchema, { startDate: '2025-01-01', endDate: '' })).toBe(
      'Please select both start and end dates',
    )
  })
  it('refuses a start after the end', () => {
    expect(firstMessage(AuditPurgeSchema, { startDate: '2025-03-02', endDate: '2025-03-01T23:59:59Z' })).toBe(
      'Start date must be before end date',
    )
  })
  it('accepts date-only and date-time inputs', () => {
    expect(AuditPurgeSchema.safeParse({ startDate: '2025-01-01', endDate: '2025-01-31T12:00:00.000Z' }).success).toBe(true)
  })
})

describe('SendEmailSchema', () => {
  const mail = {
    from: `support@${DEFAULT_MAIL_DOMAIN}`,
    to: 'farmer@example.fj',
    cc: '',
    bcc: '',
    subject: 'You are listed',
    body: 'Bula! Your farm is now listed.',
  }
  it('accepts a message from either sender', () => {
    expect(SendEmailSchema.safeParse(mail).success).toBe(true)
    expect(SendEmailSchema.safeParse({ ...mail, from: 'register@vitifarmers.org.fj' }).success).toBe(true)
  })
  it.each([
    ['bad to', { to: 'farmer' }, 'Please enter a valid email address'],
    ['bad cc', { cc: 'x@' }, 'Please enter a valid email address'],
    ['bad bcc', { bcc: 'y' }, 'Please enter a valid email address'],
    ['empty subject', { subject: '' }, 'Subject is required'],
    ['long subject', { subject: 's'.repeat(501) }, 'Subject cannot exceed 500 characters'],
    ['empty body', { body: '' }, 'Message body is required'],
    ['long body', { body: 'b'.repeat(10001) }, 'Message body cannot exceed 10000 characters'],
    ['foreign sender', { from: 'someone@gmail.com' }, messages.email.fromInvalid],
  ])('%s → message', (_, patch, expected) => {
    expect(firstMessage(SendEmailSchema, { ...mail, ...patch })).toBe(expected)
  })
  it('builds the senders from the configured domain', () => {
    const schema = makeSendEmailSchema('example.org')
    expect(senderAddresses('example.org')).toEqual(['support@example.org', 'register@example.org'])
    expect(schema.safeParse({ ...mail, from: 'register@example.org' }).success).toBe(true)
    expect(schema.safeParse(mail).success).toBe(false)
  })
})

describe('settings', () => {
  it('form: daily rate above 0', () => {
    expect(firstMessage(DailyRateFormSchema, { dailyRate: 0 })).toBe('Please enter a valid daily rate')
    expect(firstMessage(DailyRateFormSchema, { dailyRate: Number.NaN })).toBe('Please enter a valid daily rate')
    expect(DailyRateFormSchema.safeParse({ dailyRate: 2.5 }).success).toBe(true)
  })
  it('server: daily rate at least 0, trial at least 1 whole day', () => {
    expect(firstMessage(SettingsUpdateSchema, { dailyRate: -1 })).toBe('Daily rate must be positive')
    expect(SettingsUpdateSchema.safeParse({ dailyRate: 0 }).success).toBe(true)
    expect(firstMessage(SettingsUpdateSchema, { dailyRate: 2.5, trialPeriodDays: 0 })).toBe(
      'Trial period must be at least 1 day',
    )
    expect(firstMessage(TrialPeriodFormSchema, { trialPeriodDays: 1.5 })).toBe('Trial period must be at least 1 day')
  })
})

describe('reference data', () => {
  it('names are required after trimming', () => {
    expect(firstMessage(LocationCreateSchema, { name: '  ' })).toBe('Location name is required')
    expect(firstMessage(ProduceCategoryCreateSchema, { name: '' })).toBe('Category name is required')
    expect(firstMessage(ProduceCreateSchema, {})).toBe('Produce name is required')
  })
  it('create defaults isActive to true; update adds nothing', () => {
    expect(LocationCreateSchema.parse({ name: ' Suva ' })).toEqual({ name: 'Suva', isActive: true })
    expect(LocationUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false })
  })
  it('integer id params arrive as text', () => {
    expect(IntIdParamSchema.parse({ id: '12' })).toEqual({ id: 12 })
    expect(IntIdParamSchema.safeParse({ id: 'abc' }).success).toBe(false)
  })
})

describe('admin farmer bodies', () => {
  const farmer = {
    name: 'Sailosi',
    phone: '999 0000',
    email: 'sailosi@example.fj',
    cities: ['Lautoka'],
    produce: ['Pawpaw'],
    subscriptionStart: '2025-01-01T00:00:00.000Z',
    subscriptionEnd: '2025-01-31T00:00:00.000Z',
  }
  it('create applies defaults', () => {
    expect(FarmerCreateSchema.parse(farmer)).toMatchObject({ isActive: true, includeInCosting: true, isPremium: false })
  })
  it.each([
    ['no name', { name: '' }, 'Name is required'],
    ['no phone', { phone: '' }, 'Phone is required'],
    ['bad email', { email: 'x' }, 'Valid email is required'],
    ['bad website', { website: 'ftp//' }, 'Please enter a valid URL'],
    ['no city', { cities: [] }, 'At least one nearest town/city is required'],
    ['six produce', { produce: ['1', '2', '3', '4', '5', '6'] }, 'Maximum 5 produce items allowed'],
    ['no start', { subscriptionStart: '' }, 'Subscription start date is required'],
  ])('%s → message', (_, patch, expected) => {
    expect(firstMessage(FarmerCreateSchema, { ...farmer, ...patch })).toBe(expected)
  })
  it('update is a pure patch: a toggle stays a toggle', () => {
    expect(FarmerUpdateSchema.parse({ isPremium: true })).toEqual({ isPremium: true })
  })
  it('subscription update needs both dates and the flag', () => {
    expect(FarmerSubscriptionUpdateSchema.safeParse({ ...farmer, isActive: true }).success).toBe(true)
    expect(firstMessage(FarmerSubscriptionUpdateSchema, { subscriptionStart: '2025-01-01', isActive: true })).toBe(
      'Subscription end date is required',
    )
  })
  it('hides internal placeholder e-mails', () => {
    expect(isInternalEmail('noemail-123@vitifarmers.org.fj')).toBe(true)
    expect(isInternalEmail('farmer@gmail.com')).toBe(false)
    expect(isInternalEmail(null)).toBe(false)
  })
})
