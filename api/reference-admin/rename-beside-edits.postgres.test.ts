// A town renamed while a colleague saves a farmer of that town on another server (PostgreSQL, two
// servers: decision 025). The rename moves the directory version first and then rewrites the
// farmers' lists; the farmer's save holds its farmer and then moves the version: PostgreSQL finds
// the two waiting on each other and cancels one (deadlock_detected), which answered that staff
// member 500 "Internal server error". A staff write the database cancelled for a conflict is now
// run again once the other has gone through.
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AdminFarmer, Location } from '../contract'
import { insertFarmer, signInAs } from '../directory/testing'
import { startTwoServers, type TestServer } from '../testing/two-servers'
import { openAnotherConnection } from '../../db/testing'

let servers: Awaited<ReturnType<typeof startTwoServers>>
let a: TestServer
let admin: Record<string, string>

beforeAll(async () => {
  servers = await startTwoServers()
  ;({ a } = servers)
  admin = (await signInAs(a.db, 'global_admin', 'Ana Global')).headers
}, 60_000)
afterAll(() => servers?.close())

const send = (method: string, path: string, body: unknown) =>
  a.fetch(path, { method, headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })

/**
 * One round: the colleague's save, in slow motion, holds the farmer (as an edit does first) and
 * moves the directory version only once the rename waits for that farmer. PostgreSQL cancels
 * whichever of the two checks for a deadlock first; under load that can be the colleague's (its
 * wait began before the rename's check ran), and then the server's write was never cancelled.
 */
async function round(n: number): Promise<{ colleagueCancelled: boolean; renamed: Response; farmerId: string; newName: string }> {
  const created = await send('POST', '/api/admin/locations', { name: `Wainibuka ${n}`, isActive: true })
  expect(created.status).toBe(201)
  const town = (await created.json()) as Location
  const farmerId = await insertFarmer(a.db, { name: `Seru Wainibuka ${n}`, cities: [town.name], email: `seru.${n}@example.com` })
  const newName = `Wainibuka Town ${n}`
  const colleague = openAnotherConnection(servers.database)
  let renaming: Promise<Response> | undefined
  let colleagueCancelled = false
  try {
    await colleague.db.transaction().execute(async (trx) => {
      await sql`select 1 from farmers where "id" = ${farmerId} for no key update`.execute(trx)
      renaming = send('PATCH', `/api/admin/locations/${town.id}`, { name: newName })
      while (Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where "wait_event_type" = 'Lock' and "datname" = current_database()`.execute(trx)).rows[0]!.n) === 0) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      await sql`update directory_version set "version" = "version" + 1 where "id" = 1`.execute(trx)
    })
  } catch (error) {
    if ((error as { code?: string }).code !== '40P01') throw error
    colleagueCancelled = true
  } finally {
    await colleague.close()
  }
  return { colleagueCancelled, renamed: await renaming!, farmerId, newName }
}

it("a town renamed while a colleague's save of one of its farmers is under way: both go through, and the farmer lists the new name", { timeout: 60_000 }, async () => {
  // Until a round in which PostgreSQL cancelled the server's write (the colleague's went through).
  for (let n = 1; n <= 5; n++) {
    const { colleagueCancelled, renamed, newName } = await round(n)
    expect(renamed.status, await renamed.clone().text()).toBe(200)
    expect(((await renamed.json()) as Location).name).toBe(newName)
    const farmers = (await (await a.fetch(`/api/admin/farmers?search=${encodeURIComponent(`Seru Wainibuka ${n}`)}`, { headers: admin })).json()) as AdminFarmer[]
    expect(farmers.map((farmer) => farmer.cities)).toEqual([[newName]])
    if (!colleagueCancelled) return
  }
  throw new Error('PostgreSQL cancelled the test\'s own transaction in every round: the server\'s write was never the one cancelled')
})
