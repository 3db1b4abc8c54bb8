// The signup lists at national scale (issue 19, decision 018): the approvals list and the data-agent
// report answer one page with the filters and order done in SQL and the count of all matches in
// X-Total-Count; an unknown parameter is a 400; the report's counts cover its whole range and its CSV
// export streams every signup of it. Runs on SQLite and PostgreSQL alike.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DataAgentSignupsSummarySchema, FarmerSignupRecordSchema, TOTAL_COUNT_HEADER } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>
let agents: { Sera: string; Jone: string }
const marker = `pg${randomUUID().slice(0, 6)}`
const DAY = 86_400_000
const now = Date.now()

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  agents = { Sera: (await signInAs(api.db, 'data_agent', 'Sera')).user.id, Jone: (await signInAs(api.db, 'data_agent', 'Jone')).user.id }
  // 30 pending (12 by agent Sera), 9 approved and 6 rejected (all by agent Jone), a minute apart;
  // four of the pending ones are older than a week.
  const rows = Array.from({ length: 45 }, (_, i) => {
    const status = i < 30 ? 'pending' : i < 39 ? 'approved' : 'rejected'
    const createdAt = new Date(now - (i < 4 ? 20 * DAY : 0) - i * 60_000).toISOString()
    const agent = i < 12 ? ('Sera' as const) : i >= 30 ? ('Jone' as const) : null
    return {
      id: randomUUID(),
      name: `${marker} Farmer ${String(i).padStart(2, '0')}`,
      phone: `+679 70${String(i).padStart(5, '0')}`,
      email: `${marker}.${i}@example.com`,
      subscriptionStart: '2026-01-01',
      subscriptionEnd: '2026-04-01',
      status: status as 'pending' | 'approved' | 'rejected',
      createdAt,
      processedAt: status === 'pending' ? null : new Date(now - (44 - i) * 1000).toISOString(),
      dataAgentId: agent ? agents[agent] : null,
      dataAgentName: agent,
      rejectionReason: status === 'rejected' ? 'Incomplete' : null,
    }
  })
  await api.db.insertInto('farmer_signups').values(rows).execute()
})
afterAll(() => api.close())

const list = async (path: string) => {
  const res = await api.fetch(path, { headers: admin })
  expect(res.status, await res.clone().text()).toBe(200)
  return { total: Number(res.headers.get(TOTAL_COUNT_HEADER)), records: z.array(FarmerSignupRecordSchema).parse(await res.json()) }
}

describe('GET /api/admin/signups', () => {
  it('answers one page of the status asked for, newest first, with the count of all matches', async () => {
    const first = await list(`/api/admin/signups?status=pending&search=${marker}&pageSize=20`)
    expect(first.total).toBe(30)
    expect(first.records).toHaveLength(20)
    const second = await list(`/api/admin/signups?status=pending&search=${marker}&pageSize=20&page=2`)
    expect(second.records).toHaveLength(10)
    const names = [...first.records, ...second.records].map((r) => r.name)
    // 0–3 are three weeks old: last.
    expect(names).toEqual([...Array.from({ length: 26 }, (_, i) => i + 4), 0, 1, 2, 3].map((i) => `${marker} Farmer ${String(i).padStart(2, '0')}`))
    expect(new Set([...first.records, ...second.records].map((r) => r.status))).toEqual(new Set(['pending']))
  })

  it('lists processed signups (approved and rejected) newest decision first, and by one decision', async () => {
    const processed = await list(`/api/admin/signups?status=processed&search=${marker}&sort=-processedAt`)
    expect(processed.total).toBe(15)
    const decided = processed.records.map((r) => r.processedAt!)
    expect(decided).toEqual([...decided].sort().reverse())
    expect((await list(`/api/admin/signups?status=rejected&search=${marker}`)).total).toBe(6)
    expect((await list(`/api/admin/signups?status=approved&search=${marker}`)).total).toBe(9)
  })

  it('searches name, phone and e-mail, ignoring case', async () => {
    expect((await list(`/api/admin/signups?search=${marker.toUpperCase()}%20FARMER%2007`)).records.map((r) => r.name)).toEqual([`${marker} Farmer 07`])
    expect((await list('/api/admin/signups?search=%2B679%207000044')).records.map((r) => r.name)).toEqual([`${marker} Farmer 44`])
    expect((await list(`/api/admin/signups?search=${marker}.3@EXAMPLE`)).records.map((r) => r.name)).toEqual([`${marker} Farmer 03`])
    // LIKE's wildcards are plain text.
    expect((await list('/api/admin/signups?search=%25')).total).toBe(0)
  })

  it('answers 50 by default and at most 200; an unknown or malformed parameter is a 400', async () => {
    expect((await list('/api/admin/signups')).records).toHaveLength(45)
    expect((await list('/api/admin/signups?pageSize=10')).records).toHaveLength(10)
    for (const query of ['limit=10', 'offset=5', 'pageSize=201', 'page=0', 'status=all', 'sort=name']) {
      expect((await api.fetch(`/api/admin/signups?${query}`, { headers: admin })).status, query).toBe(400)
    }
  })
})

describe('the data-agent report', () => {
  it('pages the signups data agents made in the range, newest first, with the range count', async () => {
    const all = await list('/api/admin/signups/data-agent?pageSize=10')
    expect(all.total).toBe(27)
    expect(all.records).toHaveLength(10)
    expect(all.records.every((r) => r.dataAgentName)).toBe(true)
    const week = await list('/api/admin/signups/data-agent?range=last7days&pageSize=200')
    expect(week.total).toBe(23)
    expect(week.records.map((r) => r.createdAt)).toEqual(week.records.map((r) => r.createdAt).sort().reverse())
    expect((await api.fetch('/api/admin/signups/data-agent?range=forever', { headers: admin })).status).toBe(400)
    expect((await api.fetch('/api/admin/signups/data-agent/summary?page=2', { headers: admin })).status).toBe(400)
  })

  it('counts the whole range by status and per agent in SQL', async () => {
    const res = await api.fetch('/api/admin/signups/data-agent/summary?range=last7days', { headers: admin })
    expect(res.status).toBe(200)
    expect(DataAgentSignupsSummarySchema.parse(await res.json())).toEqual({
      total: 23,
      approved: 9,
      rejected: 6,
      pending: 8,
      agents: [
        { agentId: agents.Jone, agent: 'Jone', total: 15, approved: 9, rejected: 6, pending: 0, successRate: 60 },
        { agentId: agents.Sera, agent: 'Sera', total: 8, approved: 0, rejected: 0, pending: 8, successRate: 0 },
      ],
    })
  })

  it('exports every signup of the range as a streamed CSV: N signups, N rows', async () => {
    const res = await api.fetch('/api/admin/signups/data-agent/export', { headers: admin })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="data-agent-signups-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe('"ID","Farmer Name","Phone","Email","Village","Tikina","Cities","Produce","Data Agent","Status","Rejection Reason","Submitted At","Processed At"')
    expect(lines).toHaveLength(1 + 27)
    expect(new Set(lines.slice(1).map((line) => line.split('","')[0]))).toHaveProperty('size', 27)
    const today = await api.fetch('/api/admin/signups/data-agent/export?range=last7days', { headers: admin })
    expect((await today.text()).trimEnd().split('\r\n')).toHaveLength(1 + 23)
  })

  it('is for staff who may view the report', async () => {
    const agent = (await signInAs(api.db, 'data_agent', 'Sera Agent')).headers
    for (const path of ['/api/admin/signups/data-agent', '/api/admin/signups/data-agent/summary', '/api/admin/signups/data-agent/export']) {
      expect((await api.fetch(path, { headers: agent })).status, path).toBe(403)
    }
  })
})
