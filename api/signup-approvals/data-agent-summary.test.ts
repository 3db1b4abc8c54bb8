// The data-agent report's per-agent summary counts each agent's own signups: two agents who share a
// name are two rows, an agent renamed since is one row under the name they have now, and an agent
// whose account was deleted keeps a row under the name the signups recorded. Runs on SQLite and
// PostgreSQL alike.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DataAgentSignupsSummarySchema } from '../contract'
import { signInAs } from '../directory/testing'
import { startTestApp, type TestApp } from '../testing/test-app'

let api: TestApp
let admin: Record<string, string>

type Status = 'pending' | 'approved' | 'rejected'
const signup = (agent: { id: string | null; name: string }, status: Status, i: number) => ({
  id: randomUUID(),
  name: `Summary Farmer ${i}`,
  phone: `+679 71${String(i).padStart(5, '0')}`,
  subscriptionStart: '2026-01-01',
  subscriptionEnd: '2026-04-01',
  status,
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  processedAt: status === 'pending' ? null : new Date().toISOString(),
  rejectionReason: status === 'rejected' ? 'Incomplete' : null,
  dataAgentId: agent.id,
  dataAgentName: agent.name,
})

let ids: { mereNausori: string; mereLabasa: string; jone: string }

beforeAll(async () => {
  api = await startTestApp()
  admin = (await signInAs(api.db, 'global_admin', 'Ana Global')).headers
  ids = {
    mereNausori: (await signInAs(api.db, 'data_agent', 'Mere')).user.id,
    mereLabasa: (await signInAs(api.db, 'data_agent', 'Mere')).user.id,
    jone: (await signInAs(api.db, 'data_agent', 'Jone Vakarau')).user.id,
  }
  await api.db
    .insertInto('farmer_signups')
    .values([
      // Two agents called Mere: one has both hers approved, the other both rejected.
      signup({ id: ids.mereNausori, name: 'Mere' }, 'approved', 1),
      signup({ id: ids.mereNausori, name: 'Mere' }, 'approved', 2),
      signup({ id: ids.mereLabasa, name: 'Mere' }, 'rejected', 3),
      signup({ id: ids.mereLabasa, name: 'Mere' }, 'rejected', 4),
      // Jone signed up one farmer as 'Jone', was renamed, then signed up another.
      signup({ id: ids.jone, name: 'Jone' }, 'approved', 5),
      signup({ id: ids.jone, name: 'Jone Vakarau' }, 'pending', 6),
      // Sera's account is gone (the signup keeps her name, its dataAgentId set null).
      signup({ id: null, name: 'Sera' }, 'approved', 7),
    ])
    .execute()
})
afterAll(() => api.close())

it('counts each agent on their own row, under their name now', async () => {
  const res = await api.fetch('/api/admin/signups/data-agent/summary', { headers: admin })
  expect(res.status).toBe(200)
  const summary = DataAgentSignupsSummarySchema.parse(await res.json())
  expect(summary).toMatchObject({ total: 7, approved: 4, rejected: 2, pending: 1 })
  expect(summary.agents).toEqual(
    expect.arrayContaining([
      { agentId: ids.mereNausori, agent: 'Mere', total: 2, approved: 2, rejected: 0, pending: 0, successRate: 100 },
      { agentId: ids.mereLabasa, agent: 'Mere', total: 2, approved: 0, rejected: 2, pending: 0, successRate: 0 },
      { agentId: ids.jone, agent: 'Jone Vakarau', total: 2, approved: 1, rejected: 0, pending: 1, successRate: 50 },
      { agentId: null, agent: 'Sera', total: 1, approved: 1, rejected: 0, pending: 0, successRate: 100 },
    ]),
  )
  expect(summary.agents).toHaveLength(4)
  // Most signups first, then by name, then by account: the same order on every database.
  expect(summary.agents.map((a) => a.agent)).toEqual(['Jone Vakarau', 'Mere', 'Mere', 'Sera'])
})
