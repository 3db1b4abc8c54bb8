import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignupCreatedResponseSchema, messages, type FarmerSignupInput } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'
import { pngOfSize, putBytes, uploadPhoto } from '../uploads/testing'

let api: TestApp
const m = messages.farmerSignup

beforeAll(async () => {
  api = await startTestApp()
})
afterAll(() => api.close())

const valid = (): FarmerSignupInput => ({
  name: 'Litia Naulu',
  phone: '+679 912 3456',
  email: 'litia@example.com',
  website: '',
  town: 'Nakasi',
  tikina: 'Naitasiri',
  cities: ['Suva', 'nausori'],
  produce: ['Dalo (Taro)', 'bele'],
  subscriptionStart: '2026-03-01',
  subscriptionEnd: '2026-05-30',
  mpaisaNumber: '9123456',
  mpaisaReceiptNumber: 'MP123',
  paymentDate: '2026-02-28',
  comments: '',
  deliveryAvailable: true,
  isBulk: false,
  agreeToTerms: true,
})

const signupCount = async () => Number((await api.db.selectFrom('farmer_signups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
const key = () => ({ 'Idempotency-Key': randomUUID() })

async function expectRefused(body: unknown, message: string, path = '/api/farmer-signup', headers: Record<string, string> = {}) {
  const before = await signupCount()
  const res = await api.postJson(path, body, { ...key(), ...headers })
  expect(res.status).toBe(400)
  expect(((await res.json()) as { message: string }).message).toBe(message)
  expect(await signupCount()).toBe(before)
}

describe('POST /api/farmer-signup', () => {
  it('stores a pending signup and answers 201 { id, status }', async () => {
    const res = await api.postJson('/api/farmer-signup', valid(), key())
    expect(res.status).toBe(201)
    const answer = SignupCreatedResponseSchema.parse(await res.json())
    const row = await api.db.selectFrom('farmer_signups').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', name: 'Litia Naulu', website: null, comments: null, deliveryAvailable: 1, isBulk: 0, dataAgentId: null, dataAgentName: null })
    // Names come out in the lists' own spelling.
    expect(JSON.parse(row.cities)).toEqual(['Suva', 'Nausori'])
    expect(JSON.parse(row.produce)).toEqual(['Dalo (Taro)', 'Bele'])
  })

  describe('refuses with the spec message', () => {
    const without = (field: keyof FarmerSignupInput) => {
      const body: Record<string, unknown> = { ...valid() }
      delete body[field]
      return body
    }
    it('name missing', () => expectRefused(without('name'), m.nameRequired))
    it('phone blank', () => expectRefused({ ...valid(), phone: '  ' }, m.phoneRequired))
    it('e-mail invalid', () => expectRefused({ ...valid(), email: 'not-an-email' }, m.emailInvalid))
    it('website invalid', () => expectRefused({ ...valid(), website: 'javascript:alert(1)' }, m.websiteInvalid))
    it('no city', () => expectRefused({ ...valid(), cities: [] }, m.citiesRequired))
    it('no produce', () => expectRefused({ ...valid(), produce: [] }, m.produceRequired))
    it('six produce', () => expectRefused({ ...valid(), produce: ['Bele', 'Tomatoes', 'Cabbage', 'Eggplant', 'Long Beans', 'Bok Choy'] }, m.produceMax))
    it('start date missing', () => expectRefused(without('subscriptionStart'), m.subscriptionStartRequired))
    it('end date missing', () => expectRefused({ ...valid(), subscriptionEnd: '' }, m.subscriptionEndRequired))
    it('terms not agreed', () => expectRefused({ ...valid(), agreeToTerms: false }, m.agreeToTermsRequired))
    it('a date that is no date', () => expectRefused({ ...valid(), paymentDate: '31/02/2026' }, messages.common.invalidDate))
    it('four photos', () => {
      const photo = `/objects/uploads/${randomUUID()}`
      return expectRefused({ ...valid(), photoUrls: [photo, photo, photo, photo] }, m.photosMax)
    })
    it('a photo path not from the upload flow', () => expectRefused({ ...valid(), photoUrls: ['https://example.com/x.png'] }, m.photoPathInvalid))
    it('a photo that was never uploaded', () => expectRefused({ ...valid(), photoUrls: [`/objects/uploads/${randomUUID()}`] }, m.photoPathInvalid))
    it('a town/city not on the locations list, named in the message and put on the field', async () => {
      const message = 'Atlantis is not on the locations list. Please choose towns/cities from the locations list'
      await expectRefused({ ...valid(), cities: ['Suva', 'Atlantis'] }, message)
      const res = await api.postJson('/api/farmer-signup', { ...valid(), cities: ['Suva', 'Atlantis', 'Lemuria'] }, { 'Idempotency-Key': randomUUID() })
      expect(await res.json()).toMatchObject({
        message: 'Atlantis, Lemuria are not on the locations list. Please choose towns/cities from the locations list',
        issues: [{ path: 'cities', message: 'Atlantis, Lemuria are not on the locations list. Please choose towns/cities from the locations list' }],
      })
    })
    it('a produce not on the produce list, named in the message', () =>
      expectRefused({ ...valid(), produce: ['Moon Rocks'] }, 'Moon Rocks is not on the active produce list. Please choose produce from the active produce list'))
    it('a photo over the 5 MB farm-photo limit sent through the 10 MB signed-in upload', async () => {
      const agent = await signInAs(api.db, 'data_agent')
      const issued = (await (await api.postJson('/api/objects/upload', {}, agent.headers)).json()) as { uploadURL: string; objectPath: string }
      expect((await putBytes(api, issued.uploadURL, pngOfSize(5242881))).status).toBe(200)
      await expectRefused({ ...valid(), photoUrls: [issued.objectPath] }, messages.uploads.fileTooLarge5MB)
    })
  })

  it('keeps up to 3 stored photos and marks their uploads referenced', async () => {
    const photos = [await uploadPhoto(api), await uploadPhoto(api)]
    const res = await api.postJson('/api/farmer-signup', { ...valid(), photoUrls: photos }, key())
    expect(res.status).toBe(201)
    const { id } = SignupCreatedResponseSchema.parse(await res.json())
    const row = await api.db.selectFrom('farmer_signups').select('photoUrls').where('id', '=', id).executeTakeFirstOrThrow()
    expect(JSON.parse(row.photoUrls)).toEqual(photos)
    const uploads = await api.db.selectFrom('uploads').select('referencedAt').where('id', 'in', photos.map((p) => p.split('/').pop()!)).execute()
    expect(uploads.every((u) => u.referencedAt !== null)).toBe(true)
  })
})

describe('Idempotency-Key (offline outbox)', () => {
  it('replays the same key and body: same status and body, Idempotent-Replayed, one row', async () => {
    const headers = key()
    const body = { ...valid(), name: 'Replay Farmer' }
    const first = await api.postJson('/api/farmer-signup', body, headers)
    const second = await api.postJson('/api/farmer-signup', body, headers)
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    const rows = await api.db.selectFrom('farmer_signups').select('id').where('name', '=', 'Replay Farmer').execute()
    expect(rows).toHaveLength(1)
  })

  it('answers 422 for the same key with a different body, and creates nothing', async () => {
    const headers = key()
    expect((await api.postJson('/api/farmer-signup', { ...valid(), name: 'Key Owner' }, headers)).status).toBe(201)
    const before = await signupCount()
    const res = await api.postJson('/api/farmer-signup', { ...valid(), name: 'Someone Else' }, headers)
    expect(res.status).toBe(422)
    expect(await signupCount()).toBe(before)
  })

  it('lets a refused item be fixed and resent under the same key', async () => {
    const headers = key()
    expect((await api.postJson('/api/farmer-signup', { ...valid(), cities: ['Atlantis'] }, headers)).status).toBe(400)
    expect((await api.postJson('/api/farmer-signup', valid(), headers)).status).toBe(201)
  })
})

describe('POST /api/data-agent/signup', () => {
  it('needs a session (401 anonymous) and creates nothing', async () => {
    const before = await signupCount()
    const res = await api.postJson('/api/data-agent/signup', valid(), key())
    expect(res.status).toBe(401)
    expect(await signupCount()).toBe(before)
  })

  it('records the data agent who made the signup', async () => {
    const agent = await signInAs(api.db, 'data_agent', 'Field Agent Sera')
    const res = await api.postJson('/api/data-agent/signup', { ...valid(), name: 'Agent Made' }, { ...agent.headers, ...key() })
    expect(res.status).toBe(201)
    const { id } = SignupCreatedResponseSchema.parse(await res.json())
    const row = await api.db.selectFrom('farmer_signups').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'pending', dataAgentId: agent.user.id, dataAgentName: 'Field Agent Sera' })
  })

  it('writes one audit row with the signup, and none for a replay', async () => {
    const agent = await signInAs(api.db, 'data_agent', 'Audited Agent')
    const headers = { ...agent.headers, ...key() }
    const body = { ...valid(), name: 'Audited Farmer' }
    const first = await api.postJson('/api/data-agent/signup', body, headers)
    const replay = await api.postJson('/api/data-agent/signup', body, headers)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    const { id } = SignupCreatedResponseSchema.parse(await first.json())
    const audit = await api.db.selectFrom('audit_logs').selectAll().where('targetId', '=', id).execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ userId: agent.user.id, userName: 'Audited Agent', action: 'data_agent_signup', targetType: 'farmer_signup', targetName: 'Audited Farmer' })
  })

  it("scopes keys per agent: another agent's identical request is its own signup", async () => {
    const headers = key()
    const body = { ...valid(), name: 'Scoped Key Farmer' }
    const a = await signInAs(api.db, 'data_agent')
    const b = await signInAs(api.db, 'data_agent')
    const first = await api.postJson('/api/data-agent/signup', body, { ...a.headers, ...headers })
    const second = await api.postJson('/api/data-agent/signup', body, { ...b.headers, ...headers })
    expect(second.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await second.json()).not.toEqual(await first.json())
  })

  it('validates the same as the public form', () =>
    signInAs(api.db, 'data_agent').then((agent) => expectRefused({ ...valid(), agreeToTerms: false }, m.agreeToTermsRequired, '/api/data-agent/signup', agent.headers)))
})
