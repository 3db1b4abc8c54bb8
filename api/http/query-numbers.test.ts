// A number in a query or a path that is not one whole number in range gets words of its own, on
// every route that reads one, public and staff alike: never zod's English "Invalid input: expected
// number, received NaN" or "Too big: expected number to be <=200" (decision 033). Nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
})
afterAll(() => api.close())

const { pageSizeInvalid, pageInvalid, beforeInvalid, auditLimitInvalid, idInvalid } = messages.common

const staffLists = ['/api/admin/farmers', '/api/admin/farmers/payments', '/api/admin/farmers/active-pending', '/api/admin/expired-farmers', '/api/admin/cost-breakdown/farmers', '/api/admin/signups', '/api/admin/translations?locale=fj']
const join = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`

describe('numbers in a query or path', () => {
  it.each(staffLists)('%s: a page size out of range, not whole, not a number or repeated says so', async (path) => {
    for (const query of ['pageSize=201', 'pageSize=0', 'pageSize=2.5', 'pageSize=abc', 'pageSize=10&pageSize=20']) {
      const res = await api.fetch(join(path, query), { headers: admin })
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { message: string }).message, query).toBe(pageSizeInvalid)
    }
    for (const query of ['page=0', 'page=x', 'page=0x10', 'page=1e1', 'page=%2B2', 'page=%202', 'page=']) {
      const res = await api.fetch(join(path, query), { headers: admin })
      expect(((await res.json()) as { message: string }).message, query).toBe(pageInvalid)
    }
    expect((await api.fetch(join(path, 'pageSize=200'), { headers: admin })).status).toBe(200)
  })

  it("the audit log's before and limit say so", async () => {
    for (const [query, message] of [['before=abc', beforeInvalid], ['before=0', beforeInvalid], ['before=1&before=2', beforeInvalid], ['limit=0', auditLimitInvalid], ['limit=many', auditLimitInvalid], ['limit=1001', auditLimitInvalid]] as const) {
      const res = await api.fetch(`/api/admin/audit-logs?${query}`, { headers: admin })
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { message: string }).message, query).toBe(message)
    }
    expect((await api.fetch('/api/admin/audit-logs?limit=1000&before=7', { headers: admin })).status).toBe(200)
  })

  it('a numeric id in a path that is not one says so, on a public route too; nothing changes', async () => {
    const res = await api.fetch('/api/produce/availability/abc/farmers')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(idInvalid)
    const before = await api.db.selectFrom('produce').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    // Digits only: '0x21' and '3e1' were read as 33 and 30, one farmer list under many addresses.
    for (const spelled of ['0x21', '3e1', '%2B3']) {
      const other = await api.fetch(`/api/produce/availability/${spelled}/farmers`)
      expect(other.status, spelled).toBe(400)
      expect(((await other.json()) as { message: string }).message, spelled).toBe(idInvalid)
    }
    for (const id of ['0', '1.5', '-3', 'x']) {
      const patch = await api.fetch(`/api/admin/produce/${id}`, { method: 'PATCH', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Dalo' }) })
      expect(patch.status, id).toBe(400)
      expect(((await patch.json()) as { message: string }).message, id).toBe(idInvalid)
      const removed = await api.fetch(`/api/admin/produce/${id}`, { method: 'DELETE', headers: admin })
      expect(((await removed.json()) as { message: string }).message, id).toBe(idInvalid)
    }
    expect(await api.db.selectFrom('produce').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before)
  })

  // PostgreSQL numbers these ids as `serial` (up to 2147483647) and refuses to compare a larger one:
  // the public produce list, the reference screens' edits and the audit log's next page answered 500.
  it('an id or an audit page past what the database numbers says so, the same on both databases; nothing changes', async () => {
    const before = await api.db.selectFrom('produce').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    for (const id of ['2147483648', '999999999999999']) {
      const list = await api.fetch(`/api/produce/availability/${id}/farmers`)
      expect(list.status, id).toBe(400)
      expect(((await list.json()) as { message: string }).message, id).toBe(idInvalid)
      for (const screen of ['produce', 'produce-categories', 'locations']) {
        const patch = await api.fetch(`/api/admin/${screen}/${id}`, { method: 'PATCH', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Dalo' }) })
        expect(patch.status, `${screen} ${id}`).toBe(400)
        expect(((await patch.json()) as { message: string }).message, `${screen} ${id}`).toBe(idInvalid)
        const removed = await api.fetch(`/api/admin/${screen}/${id}`, { method: 'DELETE', headers: admin })
        expect(removed.status, `${screen} ${id}`).toBe(400)
      }
      expect((await api.fetch(`/api/admin/expert-fields/${id}`, { method: 'DELETE', headers: admin })).status, id).toBe(400)
      const page = await api.fetch(`/api/admin/audit-logs?before=${id}`, { headers: admin })
      expect(page.status, id).toBe(400)
      expect(((await page.json()) as { message: string }).message, id).toBe(beforeInvalid)
    }
    // The last id the database can give is still an id: it names no produce here.
    expect((await api.fetch('/api/produce/availability/2147483647/farmers')).status).toBe(404)
    expect((await api.fetch('/api/admin/audit-logs?before=2147483647', { headers: admin })).status).toBe(200)
    expect(await api.db.selectFrom('produce').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before)
  })
})
