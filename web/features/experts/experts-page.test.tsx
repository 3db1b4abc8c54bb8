// The expert directory: its list from the server, given up on when the link is silent; with no
// expert listed (spec 000 §2: empty state 'No experts available'), one invitation to register, not
// the empty state's and the list footer's one after the other.
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PublicExpert } from '../../../api/contract'
import { PUBLIC_EXPERTS_URL } from '../../../api/contract/public-pages'
import { appSystem } from '../../app/theme'
import { allCatalogsReady, setLocale } from '../../i18n/runtime'
import { createQueryClient } from '../../shared/api'
import { expectGivesUpOnSilentServer, json, stubFetch, stubSilentServer } from '../../shared/testing/stubs'
import { ExpertsPage, expertsQuery } from './experts-page'

beforeAll(async () => {
  await setLocale('en', false)
  await allCatalogsReady()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const expert: PublicExpert = {
  id: '0b9f3c52-6f0e-4c5e-9a1e-4d2b7c8e9f01',
  name: 'Litia Waqa',
  company: 'Koronivia Research Station',
  expertField: 'Soil Science',
  contactNumber: '+679 701 2345',
  email: 'litia@example.com',
  comments: null,
  photoUrl: null,
  createdAt: '2026-01-05T00:00:00.000Z',
  isDemo: false,
}

/** The page's text once the list has answered `experts`, and its links to /expert-signup. */
function renderWith(experts: PublicExpert[]) {
  const queryClient = new QueryClient()
  queryClient.setQueryData([PUBLIC_EXPERTS_URL], experts)
  const html = renderToString(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/experts']}>
          <ExpertsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  )
  const text = html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
  return { text, signupLinks: html.match(/href="\/expert-signup"/g)?.length ?? 0 }
}

describe('the expert directory', () => {
  it("with no expert says 'No experts available' and asks to register once", () => {
    const { text, signupLinks } = renderWith([])
    expect(text).toContain('No experts available')
    expect(text.match(/Register as (an|a subject matter) expert/g)).toHaveLength(1)
    expect(signupLinks).toBe(1)
  })
  it('with experts invites one more under the list', () => {
    const { text, signupLinks } = renderWith([expert])
    expect(text).toContain('1 expert available')
    expect(text).not.toContain('No experts available')
    expect(text.match(/Register as (an|a subject matter) expert/g)).toHaveLength(1)
    expect(signupLinks).toBe(1)
  })
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
