import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OUTBOX_DB_NAME } from '../../../sync/outbox/db'
import { writeSession } from '../api'
import { stubStorageEachTest } from '../testing/stubs'
import { OUTBOX_DATABASE_NAME, isOutboxInUse, markOutboxUsed } from './index'

describe('whether a page runs the outbox', () => {
  stubStorageEachTest()
  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget())
  })

  it('names the same database as the outbox itself', () => {
    expect(OUTBOX_DATABASE_NAME).toBe(OUTBOX_DB_NAME)
  })

  it('not for a first-time visitor: the public pages never load the outbox', () => {
    expect(isOutboxInUse()).toBe(false)
  })

  it('from the first use on, on every later start (and tells the header)', () => {
    const told = vi.fn()
    window.addEventListener('vf-outbox-used', told)
    markOutboxUsed()
    expect(isOutboxInUse()).toBe(true)
    expect(told).toHaveBeenCalledTimes(1)
  })

  it('for a signed-in data agent or staff member', () => {
    writeSession({ token: 't'.repeat(40), user: { id: 'a', name: 'Mere', role: 'data_agent', mustChangePassword: false } })
    expect(isOutboxInUse()).toBe(true)
  })
})
