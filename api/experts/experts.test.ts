import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { EXPERTISE_OPTIONS, ExpertCreatedResponseSchema, ExpertFieldSchema, PublicExpertSchema, messages } from '../contract'
import { queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'
import { uploadPhoto } from '../uploads/testing'

let api: TestApp

beforeAll(async () => {
  api = await startTestApp({ demo: true })
})
afterAll(() => api.close())

const registration = { name: 'Dr Mere Tuisawau', company: 'Koronivia Research', expertField: 'Soil Science', contactNumber: '+679 330 0000', email: 'mere@example.com', comments: 'Soil tests.' }
const experts = async () => z.array(PublicExpertSchema).parse(await (await api.fetch('/api/public/experts')).json())

describe('GET /api/public/experts', () => {
  it('lists active experts only', async () => {
    const active = await api.db.selectFrom('subject_matter_experts').select('id').where('isActive', '=', 1).execute()
    expect((await experts()).map((e) => e.id).sort()).toEqual(active.map((e) => e.id).sort())
    expect(await api.db.selectFrom('subject_matter_experts').select('id').where('isActive', '=', 0).execute()).not.toHaveLength(0)
  })

  it('shows legacy /objects.private/ photo paths as /objects/', async () => {
    const [first] = await api.db.selectFrom('subject_matter_experts').select('id').where('isActive', '=', 1).execute()
    await api.db.updateTable('subject_matter_experts').set({ photoUrl: '/objects.private/uploads/legacy-photo' }).where('id', '=', first!.id).execute()
    expect((await experts()).find((e) => e.id === first!.id)?.photoUrl).toBe('/objects/uploads/legacy-photo')
  })
})

describe('GET /api/public/expert-fields', () => {
  it("lists the spec's expertise options in order, Other last", async () => {
    const fields = z.array(ExpertFieldSchema).parse(await (await api.fetch('/api/public/expert-fields')).json())
    expect(fields.map((f) => f.name)).toEqual([...EXPERTISE_OPTIONS])
  })
})

describe('POST /api/public/expert-signup', () => {
  it('creates the expert inactive (201) with a stored photo, marked referenced', async () => {
    const photoUrl = await uploadPhoto(api)
    const res = await api.postJson('/api/public/expert-signup', { ...registration, photoUrl }, queuedKey())
    expect(res.status).toBe(201)
    const { id } = ExpertCreatedResponseSchema.parse(await res.json())
    const row = await api.db.selectFrom('subject_matter_experts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ isActive: 0, name: registration.name, photoUrl })
    expect((await experts()).some((e) => e.id === id)).toBe(false)
    const upload = await api.db.selectFrom('uploads').select('referencedAt').where('id', '=', photoUrl.split('/').pop()!).executeTakeFirstOrThrow()
    expect(upload.referencedAt).not.toBeNull()
  })

  it('takes no photo as no photo', async () => {
    const res = await api.postJson('/api/public/expert-signup', { ...registration, photoUrl: '' }, queuedKey())
    expect(res.status).toBe(201)
  })

  it('refuses with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ ...registration, contactNumber: '' }, messages.experts.contactNumberRequired],
      [{ ...registration, email: 'nope' }, messages.experts.emailInvalid],
      [{ ...registration, name: '' }, messages.experts.nameRequired],
      [{ ...registration, photoUrl: `/objects/uploads/${randomUUID()}` }, messages.farmerSignup.photoPathInvalid],
    ]
    for (const [body, message] of cases) {
      const res = await api.postJson('/api/public/expert-signup', body, queuedKey())
      expect(res.status, message).toBe(400)
      expect(((await res.json()) as { message: string }).message).toBe(message)
    }
  })

  it('is idempotent under an Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': randomUUID() }
    const body = { ...registration, email: 'replay@example.com' }
    const first = await api.postJson('/api/public/expert-signup', body, headers)
    const second = await api.postJson('/api/public/expert-signup', body, headers)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(await first.json())
    expect(await api.db.selectFrom('subject_matter_experts').select('id').where('email', '=', 'replay@example.com').execute()).toHaveLength(1)
  })
})
