// Reference data administration over HTTP: the spec's messages on bad input with nothing written,
// unique names, the global-admin-only writes, and what a rename or a delete does to farmers'
// cities and produce lists and to produce categories, each audited in the same transaction.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { bearer, createStaffUser, seededAdminId, tokenFor } from '../testing/staff'
import { messageOf, sender } from '../testing/send'
import { startTestApp, type TestApp } from '../testing/test-app'

const m = messages.reference
let api: TestApp
let admin: Record<string, string>
let adminUser: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = bearer(await tokenFor(api.db, await seededAdminId(api.db)))
  adminUser = bearer(await tokenFor(api.db, (await createStaffUser(api.db, { role: 'admin_user' })).id))
})
afterAll(() => api.close())

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => sender(api, () => admin)(method, path, body, headers)
const count = async (table: 'locations' | 'produce' | 'produce_categories' | 'audit_logs') =>
  Number((await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
const auditOf = (action: string, targetId: number) =>
  api.db.selectFrom('audit_logs').selectAll().where('action', '=', action).where('targetId', '=', String(targetId)).execute()
const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`

async function addFarmer(cities: string[], produce: string[] = []) {
  const id = randomUUID()
  const now = new Date().toISOString()
  await api.db
    .insertInto('farmers')
    .values({ id, name: 'Litia Farm', phone: '+679 700 0000', cities: JSON.stringify(cities), produce: JSON.stringify(produce), createdAt: now, updatedAt: now })
    .execute()
  return id
}
const farmerLists = async (id: string) => {
  const row = await api.db.selectFrom('farmers').select(['cities', 'produce']).where('id', '=', id).executeTakeFirstOrThrow()
  return { cities: JSON.parse(row.cities) as string[], produce: JSON.parse(row.produce) as string[] }
}

describe('locations', () => {
  it('refuses a blank name with the spec message and writes nothing', async () => {
    const [before, audits] = [await count('locations'), await count('audit_logs')]
    const res = await send('POST', '/api/admin/locations', { name: '   ' })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(m.locationNameRequired)
    expect(await count('locations')).toBe(before)
    expect(await count('audit_logs')).toBe(audits)
  })

  it('creates, lists, refuses a duplicate in any case, and toggles the active switch', async () => {
    const name = unique('Korovou')
    const created = await send('POST', '/api/admin/locations', { name })
    expect(created.status).toBe(201)
    const location = (await created.json()) as { id: number; isActive: boolean }
    expect(location).toMatchObject({ name, isActive: true })
    const list = (await (await send('GET', '/api/admin/locations')).json()) as { id: number }[]
    expect(list.some((l) => l.id === location.id)).toBe(true)

    const clash = await send('POST', '/api/admin/locations', { name: name.toUpperCase() })
    expect(clash.status).toBe(409)
    expect(await messageOf(clash)).toBe(m.nameTaken)

    const toggled = await send('PATCH', `/api/admin/locations/${location.id}`, { isActive: false })
    expect(((await toggled.json()) as { isActive: boolean }).isActive).toBe(false)
    const publicList = (await (await api.fetch('/api/locations')).json()) as { name: string }[]
    expect(publicList.map((l) => l.name)).not.toContain(name)
    expect(await auditOf('update_location', location.id)).toHaveLength(1)
  })

  it('a rename follows into the farmers who use it', async () => {
    const name = unique('Nausori')
    const { id } = (await (await send('POST', '/api/admin/locations', { name })).json()) as { id: number }
    const farmer = await addFarmer(['Suva', name, 'Nadi'])
    const res = await send('PATCH', `/api/admin/locations/${id}`, { name: `${name} Town` })
    expect(res.status).toBe(200)
    expect((await farmerLists(farmer)).cities).toEqual(['Suva', `${name} Town`, 'Nadi'])
    expect((await auditOf('update_location', id))[0]!.details).toContain('farmersChanged: 1')
  })

  it('a delete removes the location from every farmer, in one audited transaction', async () => {
    const name = unique('Rakiraki')
    const { id } = (await (await send('POST', '/api/admin/locations', { name })).json()) as { id: number }
    const both = await addFarmer(['Suva', name])
    const only = await addFarmer([name.toLowerCase()])
    const other = await addFarmer(['Labasa'])
    const res = await send('DELETE', `/api/admin/locations/${id}`)
    expect(res.status).toBe(200)
    expect((await farmerLists(both)).cities).toEqual(['Suva'])
    expect((await farmerLists(only)).cities).toEqual([])
    expect((await farmerLists(other)).cities).toEqual(['Labasa'])
    const [audit] = await auditOf('delete_location', id)
    expect(JSON.parse(audit!.details!)).toEqual({ farmersChanged: 2 })
    expect((await send('DELETE', `/api/admin/locations/${id}`)).status).toBe(404)
  })

  it('is refused to an admin user (403), who changes nothing', async () => {
    const before = await count('locations')
    const res = await send('POST', '/api/admin/locations', { name: unique('Ba') }, adminUser)
    expect(res.status).toBe(403)
    expect(await count('locations')).toBe(before)
  })
})

describe('categories', () => {
  it('refuses a blank name with the spec message', async () => {
    const res = await send('POST', '/api/admin/produce-categories', { name: '' })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(m.categoryNameRequired)
  })

  it('a rename follows into its produce; a delete leaves them Uncategorized', async () => {
    const name = unique('Root Crops')
    const category = (await (await send('POST', '/api/admin/produce-categories', { name })).json()) as { id: number }
    const produce = (await (await send('POST', '/api/admin/produce', { name: unique('Dalo'), category: name })).json()) as { id: number; category: string }
    expect(produce.category).toBe(name)

    await send('PATCH', `/api/admin/produce-categories/${category.id}`, { name: `${name}s` })
    const renamed = (await (await send('GET', '/api/admin/produce')).json()) as { id: number; category: string }[]
    expect(renamed.find((p) => p.id === produce.id)!.category).toBe(`${name}s`)

    expect((await send('DELETE', `/api/admin/produce-categories/${category.id}`)).status).toBe(200)
    const after = (await (await send('GET', '/api/admin/produce')).json()) as { id: number; category: string }[]
    expect(after.find((p) => p.id === produce.id)!.category).toBe('')
    const [audit] = await auditOf('delete_category', category.id)
    expect(JSON.parse(audit!.details!)).toEqual({ produceChanged: 1 })
    // The public list shows it under 'Other'.
    const publicList = (await (await api.fetch('/api/produce')).json()) as { id: number; category: string }[]
    expect(publicList.find((p) => p.id === produce.id)!.category).toBe('Other')
  })
})

describe('produce', () => {
  it('refuses a blank name and an unknown category with messages, writing nothing', async () => {
    const [before, audits] = [await count('produce'), await count('audit_logs')]
    const blank = await send('POST', '/api/admin/produce', { name: ' ' })
    expect(blank.status).toBe(400)
    expect(await messageOf(blank)).toBe(m.produceNameRequired)
    const unknown = await send('POST', '/api/admin/produce', { name: unique('Kumala'), category: 'No Such Category' })
    expect(unknown.status).toBe(400)
    expect(await messageOf(unknown)).toBe(m.categoryUnknown)
    expect(await count('produce')).toBe(before)
    expect(await count('audit_logs')).toBe(audits)
  })

  it('a new produce is offered publicly; an admin user may list but not add', async () => {
    const name = unique('Bele')
    const created = await send('POST', '/api/admin/produce', { name })
    expect(created.status).toBe(201)
    const item = (await created.json()) as { id: number }
    expect(await auditOf('create_produce', item.id)).toHaveLength(1)
    const publicList = (await (await api.fetch('/api/produce')).json()) as { name: string }[]
    expect(publicList.map((p) => p.name)).toContain(name)

    expect((await send('GET', '/api/admin/produce', undefined, adminUser)).status).toBe(200)
    expect((await send('POST', '/api/admin/produce', { name: unique('Taro') }, adminUser)).status).toBe(403)
  })

  it('a rename follows into farmers; a delete removes the item and is audited', async () => {
    const name = unique('Cassava')
    const item = (await (await send('POST', '/api/admin/produce', { name })).json()) as { id: number }
    const farmer = await addFarmer(['Suva'], [name, 'Yams'])
    await send('PATCH', `/api/admin/produce/${item.id}`, { name: `${name} Root` })
    expect((await farmerLists(farmer)).produce).toEqual([`${name} Root`, 'Yams'])
    expect((await send('DELETE', `/api/admin/produce/${item.id}`)).status).toBe(200)
    expect(await auditOf('delete_produce', item.id)).toHaveLength(1)
    expect((await send('PATCH', `/api/admin/produce/${item.id}`, { isActive: false })).status).toBe(404)
  })
})

describe('a pending signup made before a rename', () => {
  const fijiToday = (offset: number) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Fiji' }).format(new Date())
    return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)
  }
  const listedNames = async (path: string) => ((await (await api.fetch(path)).json()) as { farmers: { name: string }[] }).farmers.map((f) => f.name)

  it('is approved into the town and produce as they are named now, and is listed under them', async () => {
    const [town, crop] = [unique('Korovou'), unique('Kumala')]
    const location = (await (await send('POST', '/api/admin/locations', { name: town })).json()) as { id: number }
    const produce = (await (await send('POST', '/api/admin/produce', { name: crop })).json()) as { id: number }
    const farmerName = unique('Waisale Farm')
    const signupId = randomUUID()
    await api.db
      .insertInto('farmer_signups')
      .values({
        id: signupId,
        name: farmerName,
        phone: '+679 700 4455',
        cities: JSON.stringify(['Suva', town]),
        produce: JSON.stringify([crop]),
        subscriptionStart: fijiToday(-1),
        subscriptionEnd: fijiToday(60),
        status: 'pending',
        createdAt: new Date().toISOString(),
      })
      .execute()
    // Before anyone decides on it, the town and the produce get their proper names.
    expect((await send('PATCH', `/api/admin/locations/${location.id}`, { name: `${town} Town` })).status).toBe(200)
    expect((await send('PATCH', `/api/admin/produce/${produce.id}`, { name: `${crop} (Sweet Potato)` })).status).toBe(200)

    const pending = (await (await send('GET', `/api/admin/signups?status=pending&search=${encodeURIComponent(farmerName)}`)).json()) as { cities: string[]; produce: string[] }[]
    expect(pending).toEqual([expect.objectContaining({ cities: ['Suva', `${town} Town`], produce: [`${crop} (Sweet Potato)`] })])
    expect((await send('POST', `/api/admin/signups/${signupId}/process`, { status: 'approved' })).status).toBe(200)

    expect(await listedNames(`/api/farmers/locations/${encodeURIComponent(`${town} Town`)}/farmers`)).toEqual([farmerName])
    expect(await listedNames(`/api/produce/availability/${produce.id}/farmers`)).toEqual([farmerName])
  })
})
