import { describe, expect, it } from 'vitest'
import { addBeforeReload, addReloadGuard, prepareForReload, reloadBlockers } from './reload-guard'

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
