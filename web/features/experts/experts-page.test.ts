import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../shared/api'
import { expectGivesUpOnSilentServer, json, stubFetch, stubSilentServer } from '../../shared/testing/stubs'
import { expertsQuery } from './experts-page'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the experts list', () => {
  it('shows what the server answers', async () => {
    vi.stubGlobal('localStorage', { getItem: () => null })
    const calls = stubFetch(() => json([{ id: 'e1', name: 'Dr Litia' }]))
    const client = createQueryClient()
    expect(await client.fetchQuery(expertsQuery)).toMatchObject([{ name: 'Dr Litia' }])
    expect(calls.map((c) => c.url)).toEqual(['/api/public/experts'])
  })

  it('bars but no data: gives up after SERVER_WAIT_MS with its failure (and "Try again"), as offline, instead of loading on', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('localStorage', { getItem: () => null })
    const calls = stubSilentServer()
    await expectGivesUpOnSilentServer(new QueryObserver(createQueryClient(), expertsQuery), calls)
  })
})
