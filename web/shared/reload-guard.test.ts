import { describe, expect, it } from 'vitest'
import { addBeforeReload, addReloadGuard, decideReload, prepareForReload, reloadBlockers } from './reload-guard'

describe('reload guards', () => {
  it('reports the reasons of blocking guards only, until they are removed', async () => {
    let dirty = true
    const remove = addReloadGuard({ reason: 'You have an unsaved farmer signup.', blocking: () => dirty })
    const removeIdle = addReloadGuard({ reason: 'never shown', blocking: () => false })
    expect(reloadBlockers()).toEqual(['You have an unsaved farmer signup.'])
    dirty = false
    expect(await prepareForReload()).toEqual([])
    dirty = true
    remove()
    removeIdle()
    expect(reloadBlockers()).toEqual([])
  })

  it('runs every before-reload task, even after one fails', async () => {
    const ran: string[] = []
    const removeA = addBeforeReload(async () => {
      ran.push('a')
      throw new Error('disk full')
    })
    const removeB = addBeforeReload(() => void ran.push('b'))
    await prepareForReload()
    expect(ran.sort()).toEqual(['a', 'b'])
    removeA()
    removeB()
  })
})

describe('decideReload', () => {
  it('reloads when nothing blocks, after the before-reload tasks ran', async () => {
    let saved = false
    const remove = addBeforeReload(() => {
      saved = true
    })
    expect(await decideReload()).toEqual({ kind: 'reload' })
    expect(saved).toBe(true)
    remove()
  })

  it('never reloads over a dirty form', async () => {
    const remove = addReloadGuard({ reason: 'You have an unsaved farmer signup.', blocking: () => true })
    expect(await decideReload()).toEqual({ kind: 'blocked', reasons: ['You have an unsaved farmer signup.'] })
    remove()
  })

  it('waits for a guard that settles (sending), then reloads', async () => {
    let sending = true
    const waitedFor: string[][] = []
    const remove = addReloadGuard({
      reason: 'Saved items are being sent.',
      blocking: () => sending,
      settle: () => new Promise<void>((resolve) => setTimeout(() => {
        sending = false
        resolve()
      }, 5)),
    })
    expect(await decideReload({ onWaiting: (reasons) => waitedFor.push(reasons) })).toEqual({ kind: 'reload' })
    expect(waitedFor).toEqual([['Saved items are being sent.']])
    remove()
  })

  it('gives up waiting after maxWaitMs and says why', async () => {
    const remove = addReloadGuard({ reason: 'Saved items are being sent.', blocking: () => true, settle: () => new Promise<void>(() => undefined) })
    expect(await decideReload({ maxWaitMs: 10 })).toEqual({ kind: 'blocked', reasons: ['Saved items are being sent.'] })
    remove()
  })
})
