import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxDatabase } from '../../../sync/outbox/db'
import { loadDraft } from './drafts'

let db: OutboxDatabase | undefined
afterEach(async () => {
  await db?.delete()
  db = undefined
})

const open = () => (db = new OutboxDatabase(`drafts-${crypto.randomUUID()}`))
const draft = (formId: string, name: string) => ({ formId, values: { name }, photos: [], updatedAt: 1 })

describe('a form draft kept per agent', () => {
  it("restores an agent's own draft, never another agent's", async () => {
    const outbox = open()
    await outbox.drafts.put(draft('data-agent-signup:agent-a', 'Farmer of A'))
    expect((await loadDraft('data-agent-signup:agent-b', 'data-agent-signup', outbox))?.values).toBeUndefined()
    expect((await loadDraft('data-agent-signup:agent-a', 'data-agent-signup', outbox))?.values).toEqual({ name: 'Farmer of A' })
  })

  it('a draft kept under the form\'s id before this version is restored once, to the first agent who opens the form, and then kept under their id', async () => {
    const outbox = open()
    await outbox.drafts.put(draft('data-agent-signup', 'Typed before the update'))
    expect((await loadDraft('data-agent-signup:agent-a', 'data-agent-signup', outbox))?.values).toEqual({ name: 'Typed before the update' })
    expect((await outbox.drafts.toArray()).map((d) => d.formId)).toEqual(['data-agent-signup:agent-a'])
    expect(await loadDraft('data-agent-signup:agent-b', 'data-agent-signup', outbox)).toBeUndefined()
    expect((await loadDraft('data-agent-signup:agent-a', 'data-agent-signup', outbox))?.values).toEqual({ name: 'Typed before the update' })
  })

  it('a form with no former id reads only its own', async () => {
    const outbox = open()
    await outbox.drafts.put(draft('data-agent-signup', 'Typed before the update'))
    expect(await loadDraft('farmer-signup', undefined, outbox)).toBeUndefined()
    expect(await outbox.drafts.count()).toBe(1)
  })
})
