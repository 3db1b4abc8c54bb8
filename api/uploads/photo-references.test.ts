// A signup or an expert registration may name only photos no record references yet — the ones its
// sender just uploaded. Before, any stored photo could be named, a listed farmer's public one too, so
// anyone could dress a made-up signup in another farm's photos. Staff edits may still reuse photos.
// Both databases (the api and api-postgres projects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'
import { photoJpeg, uploadPhoto } from './testing'

let api: TestApp
let photo: Buffer

beforeAll(async () => {
  api = await startTestApp()
  photo = await photoJpeg(64, 48)
})
afterAll(() => api.close())

const signup = (name: string, photoUrls: string[]) => ({
  name, phone: '+679 912 3456', cities: ['Suva'], produce: ['Dalo (Taro)'], subscriptionStart: '2026-03-01', subscriptionEnd: '2026-05-30', agreeToTerms: true, photoUrls,
})
const signupsNamed = (name: string) => api.db.selectFrom('farmer_signups').select('id').where('name', '=', name).execute()
const invalidPhoto = { message: messages.farmerSignup.photoPathInvalid }

describe('photos a submission may name', () => {
  it("refuses a photo another signup already carries, and stores nothing; the first signup's own retry is answered again", async () => {
    const path = await uploadPhoto(api, photo)
    const key = queuedKey()
    expect((await api.postJson('/api/farmer-signup', signup('First Farm', [path]), key)).status).toBe(201)
    const borrowed = await api.postJson('/api/farmer-signup', signup('Borrowed Photos Farm', [path]), queuedKey())
    expect(borrowed.status).toBe(400)
    expect(await borrowed.json()).toMatchObject(invalidPhoto)
    expect(await signupsNamed('Borrowed Photos Farm')).toEqual([])
    const retry = await api.postJson('/api/farmer-signup', signup('First Farm', [path]), key)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
  })

  it("refuses an expert registration naming a photo a record already carries", async () => {
    const path = await uploadPhoto(api, photo)
    expect((await api.postJson('/api/farmer-signup', signup('Photo Owner Farm', [path]), queuedKey())).status).toBe(201)
    const expert = { name: 'Borrowed Expert', expertField: 'Soil', contactNumber: '+679 912 0000', email: 'borrowed.expert@example.fj', photoUrl: path, agreeToTerms: true }
    const res = await api.postJson('/api/public/expert-signup', expert, queuedKey())
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject(invalidPhoto)
  })

  it('of two signups naming one new photo at once, one is stored and the other refused', async () => {
    for (let round = 0; round < 3; round++) {
      const path = await uploadPhoto(api, photo)
      const answers = await Promise.all([
        api.postJson('/api/farmer-signup', signup(`Race A ${round}`, [path]), queuedKey()),
        api.postJson('/api/farmer-signup', signup(`Race B ${round}`, [path]), queuedKey()),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
      expect((await signupsNamed(`Race A ${round}`)).length + (await signupsNamed(`Race B ${round}`)).length).toBe(1)
    }
  })

  it('lets staff give a farmer a photo another record carries', async () => {
    const path = await uploadPhoto(api, photo)
    expect((await api.postJson('/api/farmer-signup', signup('Shared Photo Farm', [path]), queuedKey())).status).toBe(201)
    const admin = (await signInAs(api.db, 'global_admin')).headers
    const id = await insertFarmer(api.db, { name: 'Staff Reused Photo' })
    const res = await api.fetch(`/api/admin/farmers/${id}`, { method: 'PATCH', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ photoUrls: [path] }) })
    expect(res.status).toBe(200)
  })
})
