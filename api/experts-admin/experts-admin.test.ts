// Expert administration over HTTP: messages on bad input with nothing written, the power toggle
// that publishes a self-registered expert, the 10 MB signed-in photo upload, expertise fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { signInAs } from '../directory/testing'
import { bearer, seededAdminId, tokenFor } from '../testing/staff'
import { messageOf, sender, queuedKey } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'
import { pngOfSize, putBytes } from '../uploads/testing'

const m = messages.experts
let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
})
afterAll(() => api.close())

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => sender(api, () => admin)(method, path, body, headers)
const experts = () => api.db.selectFrom('subject_matter_experts').selectAll().execute()
const expert = { name: 'Dr Ana Vula', company: 'Koronivia Research', expertField: 'Soil Science', contactNumber: '+679 330 1234', email: 'ana.vula@example.fj', comments: 'Soil tests' }

describe('admin experts', () => {
  it('refuses a missing contact number and a bad e-mail with the spec messages, writing nothing', async () => {
    const before = (await experts()).length
    const noPhone = await send('POST', '/api/admin/subject-matter-experts', { ...expert, contactNumber: '' })
    expect(noPhone.status).toBe(400)
    expect(await messageOf(noPhone)).toBe(m.contactNumberRequired)
    const badEmail = await send('POST', '/api/admin/subject-matter-experts', { ...expert, email: 'not-an-email' })
    expect(await messageOf(badEmail)).toBe(m.emailInvalid)
    expect((await experts()).length).toBe(before)
  })

  it('an admin-created expert with a 10 MB-route photo is active and public', async () => {
    const issued = (await (await send('POST', '/api/objects/upload', { contentType: 'image/png', size: 6_000_000 })).json()) as { uploadURL: string; objectPath: string }
    // Above the public 5 MB limit, within the signed-in 10 MB one.
    expect((await putBytes(api, issued.uploadURL, pngOfSize(6_000_000))).status).toBe(200)
    const res = await send('POST', '/api/admin/subject-matter-experts', { ...expert, photoUrl: issued.objectPath })
    expect(res.status).toBe(201)
    const created = (await res.json()) as { id: string; isActive: boolean; photoUrl: string }
    expect(created).toMatchObject({ isActive: true, photoUrl: issued.objectPath })
    const publicList = (await (await api.fetch('/api/public/experts')).json()) as { id: string }[]
    expect(publicList.map((e) => e.id)).toContain(created.id)
  })

  it('a self-registered expert appears publicly only after the power toggle', async () => {
    const registered = (await (await api.postJson('/api/public/expert-signup', { ...expert, name: 'Jone Self', email: 'jone@example.fj' }, queuedKey())).json()) as { id: string }
    const isPublic = async () => ((await (await api.fetch('/api/public/experts')).json()) as { id: string }[]).some((e) => e.id === registered.id)
    expect(await isPublic()).toBe(false)
    const toggled = await send('PATCH', `/api/admin/subject-matter-experts/${registered.id}/toggle-status`)
    expect(((await toggled.json()) as { isActive: boolean }).isActive).toBe(true)
    expect(await isPublic()).toBe(true)
    const audit = await api.db.selectFrom('audit_logs').selectAll().where('action', '=', 'activate_expert').where('targetId', '=', registered.id).execute()
    expect(audit).toHaveLength(1)
  })

  it('edits with PUT, deletes, and answers 404 for an unknown id', async () => {
    const { id } = (await (await send('POST', '/api/admin/subject-matter-experts', { ...expert, name: 'To Edit' })).json()) as { id: string }
    const edited = await send('PUT', `/api/admin/subject-matter-experts/${id}`, { ...expert, name: 'Edited', company: '' })
    expect(await edited.json()).toMatchObject({ name: 'Edited', company: null })
    expect((await send('DELETE', `/api/admin/subject-matter-experts/${id}`)).status).toBe(200)
    expect((await send('DELETE', `/api/admin/subject-matter-experts/${id}`)).status).toBe(404)
    expect((await send('PATCH', `/api/admin/subject-matter-experts/${id}/toggle-status`)).status).toBe(404)
  })
})

describe('expertise fields', () => {
  it('adds a field offered on the public form, refuses a duplicate (409) and a blank name, and deletes', async () => {
    const added = await send('POST', '/api/admin/expert-fields', { name: '  Aquaculture ' })
    expect(added.status).toBe(201)
    const field = (await added.json()) as { id: number; name: string; isDefault: boolean }
    expect(field).toMatchObject({ name: 'Aquaculture', isDefault: false })
    const offered = (await (await api.fetch('/api/public/expert-fields')).json()) as { name: string }[]
    expect(offered.map((f) => f.name)).toContain('Aquaculture')
    // 'Other' stays last in the list.
    expect(offered.at(-1)!.name).toBe('Other')

    const dup = await send('POST', '/api/admin/expert-fields', { name: 'aquaculture' })
    expect(dup.status).toBe(409)
    expect(await messageOf(dup)).toBe(m.fieldNameTaken)
    const blank = await send('POST', '/api/admin/expert-fields', { name: ' ' })
    expect(await messageOf(blank)).toBe(m.fieldNameRequired)

    expect((await send('DELETE', `/api/admin/expert-fields/${field.id}`)).status).toBe(200)
    const list = (await (await send('GET', '/api/admin/expert-fields')).json()) as { name: string }[]
    expect(list.map((f) => f.name)).not.toContain('Aquaculture')
  })
})

// Two staff members delete the same thing at the same moment (two servers on one database). On
// PostgreSQL the two requests run in parallel transactions; SQLite's one connection runs them one
// after the other. Either way one deletes and is audited, the other is told it is gone.
describe('two staff members at once', () => {
  it('one expert deleted twice, one field deleted twice: one 200, one 404, one audit row each', async () => {
    const colleague = (await signInAs(api.db, 'global_admin', 'Mere Global')).headers
    const auditActions = async (targetType: string, targetId: string | number) =>
      (await api.db.selectFrom('audit_logs').select('action').where('targetType', '=', targetType).where('targetId', '=', String(targetId)).orderBy('id').execute()).map((row) => row.action)
    for (let round = 0; round < 5; round++) {
      const { id } = (await (await send('POST', '/api/admin/subject-matter-experts', { ...expert, name: `Delete Race ${round}` })).json()) as { id: string }
      const answers = await Promise.all([send('DELETE', `/api/admin/subject-matter-experts/${id}`), send('DELETE', `/api/admin/subject-matter-experts/${id}`, undefined, colleague)])
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await messageOf(answers.find((res) => res.status === 404)!)).toBe(messages.common.notFound)
      expect(await auditActions('expert', id)).toEqual(['create_expert', 'delete_expert'])

      const field = (await (await send('POST', '/api/admin/expert-fields', { name: `Race Field ${round}` })).json()) as { id: number }
      const fieldAnswers = await Promise.all([send('DELETE', `/api/admin/expert-fields/${field.id}`), send('DELETE', `/api/admin/expert-fields/${field.id}`, undefined, colleague)])
      expect(fieldAnswers.map((res) => res.status).sort()).toEqual([200, 404])
      expect(await auditActions('expert_field', field.id)).toEqual(['create_expert_field', 'delete_expert_field'])
    }
  })

  it('the power toggle pressed twice at once: every 200 is one flip with one audit row, a refused one is a 409', async () => {
    // Both clicks read the same state when they run together (PostgreSQL): the second is refused, as
    // flipping it back would undo what both asked for. One after the other (SQLite), each flips.
    const colleague = (await signInAs(api.db, 'global_admin', 'Eroni Global')).headers
    const toggleRows = (id: string) =>
      api.db.selectFrom('audit_logs').select('action').where('targetId', '=', id).where('action', 'in', ['activate_expert', 'deactivate_expert']).orderBy('id').execute()
    for (let round = 0; round < 5; round++) {
      const { id } = (await (await send('POST', '/api/admin/subject-matter-experts', { ...expert, name: `Toggle Race ${round}` })).json()) as { id: string }
      const toggle = (headers?: Record<string, string>) => send('PATCH', `/api/admin/subject-matter-experts/${id}/toggle-status`, undefined, headers)
      const answers = await Promise.all([toggle(), toggle(colleague)])
      const flips = answers.filter((res) => res.status === 200)
      expect(flips.length).toBeGreaterThan(0)
      for (const refused of answers.filter((res) => res.status !== 200)) {
        expect(refused.status).toBe(409)
        expect(await messageOf(refused)).toBe(m.statusChangedMeanwhile)
      }
      // Created active: the flips alternate off, on, … and the expert ends where the last one left it.
      const expected = flips.map((_, i) => (i % 2 === 0 ? 'deactivate_expert' : 'activate_expert'))
      expect((await toggleRows(id)).map((row) => row.action)).toEqual(expected)
      const { isActive } = await api.db.selectFrom('subject_matter_experts').select('isActive').where('id', '=', id).executeTakeFirstOrThrow()
      expect(isActive).toBe(flips.length % 2 === 0 ? 1 : 0)
    }
  })
})
