// The open Produce Availability panel in the reader's language: its bars and the legend that says
// what each bar colour counts (spec 000 §9: 5 or more green, 3 to 4 yellow, fewer orange).
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProduceAvailability } from '../../../api/contract'
import { appSystem } from '../../app/theme'
import { allCatalogsReady, setLocale } from '../../i18n/runtime'
import { ProduceAvailabilityPanel, produceAvailabilityQueryKey } from './produce-availability'

beforeAll(async () => {
  await allCatalogsReady()
})

afterAll(async () => {
  await setLocale('en', false)
})

const availability: ProduceAvailability[] = [
  { id: 1, name: 'Dalo', farmerCount: 6, farmers: [] },
  { id: 2, name: 'Cassava', farmerCount: 1, farmers: [] },
]

async function openPanelText(locale: 'en' | 'fj' | 'hif'): Promise<string> {
  await setLocale(locale, false)
  await allCatalogsReady()
  const queryClient = new QueryClient()
  queryClient.setQueryData(produceAvailabilityQueryKey, availability)
  const html = renderToString(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <ProduceAvailabilityPanel defaultOpen />
      </QueryClientProvider>
    </ChakraProvider>,
  )
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
}

describe('the Produce Availability panel', () => {
  it('shows its bars and the English legend', async () => {
    const text = await openPanelText('en')
    expect(text).toContain('Produce Availability (2)')
    expect(text).toContain('Dalo')
    expect(text).toContain('5 or more farmers')
    expect(text).toContain('3–4 farmers')
    expect(text).toContain('1–2 farmers')
  })

  it('speaks iTaukei and Fiji Hindi, legend included', async () => {
    const fj = await openPanelText('fj')
    expect(fj).toContain('Na Kakana e Tu (2)')
    expect(fj).toContain('5 se vakalevu na dauteitei')
    expect(fj).toContain('1–2 na dauteitei')
    expect(fj).not.toContain('farmers')
    const hif = await openPanelText('hif')
    expect(hif).toContain('5 ya jaada kisaan')
    expect(hif).not.toContain('farmers')
  })
})
