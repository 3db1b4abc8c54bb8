// A farmer list that loads page by page (issue 12): the list answers embed only a first page,
// "Show more" asks the paged endpoint for the next one. Each page is its own GET under its own
// URL; offline, every page of every list comes from the phone's copy of the directory (offline-copy.ts).
import { Button } from '@chakra-ui/react'
import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { farmerPageUrl, showMoreLabel } from './directory-logic'
import { LoadError, Loading } from '../../shared/ui/load-state'
import { directoryQuery } from './offline-copy'

interface FarmerPageAnswer<T> {
  farmerCount: number
  page: number
  limit: number
  farmers: T[]
}

export interface FarmerPages<T> {
  farmers: T[]
  /** How many farmers are shown (== farmers.length). */
  shown: number
  /** The whole list's count: the last loaded page's, else the one given. */
  farmerCount: number
  /** At least one page has arrived. */
  isLoaded: boolean
  /** The first page is still loading (nothing to show yet). */
  isPending: boolean
  isLoadingMore: boolean
  isError: boolean
  hasMore: boolean
  showMore: () => void
  retry: () => void
}

/**
 * Pages of `url` (null: nothing to load). `initial` (an embedded first page, already shown) is
 * kept in front; pages then load from page 1 on "Show more", each farmer once. `autoload` loads
 * page 1 at once (a list with nothing embedded).
 */
export function useFarmerPages<T extends { id: string }>(
  url: string | null,
  { initial = [], farmerCount = 0, autoload = false, limit, filters = {} }: { initial?: readonly T[]; farmerCount?: number; autoload?: boolean; limit: number; filters?: { delivery?: boolean; bulk?: boolean } },
): FarmerPages<T> {
  const start = autoload ? 1 : 0
  // The page count belongs to one list: another url or filter starts again.
  const listKey = `${url ?? ''}|${filters.delivery ?? ''}|${filters.bulk ?? ''}`
  const [wanted, setWanted] = useState({ listKey, pages: start })
  const pages = wanted.listKey === listKey ? wanted.pages : start
  const results = useQueries({
    queries: Array.from({ length: url ? pages : 0 }, (_, i) => ({ queryKey: [farmerPageUrl(url ?? '', { page: i + 1, limit, ...filters })], queryFn: directoryQuery })),
  }) as { data?: FarmerPageAnswer<T>; isPending: boolean; isError: boolean; refetch: () => unknown }[]

  const seen = new Set<string>()
  const farmers: T[] = []
  for (const farmer of [...initial, ...results.flatMap((r) => r.data?.farmers ?? [])]) {
    if (seen.has(farmer.id)) continue
    seen.add(farmer.id)
    farmers.push(farmer)
  }
  const loaded = results.filter((r) => r.data)
  const count = loaded.at(-1)?.data?.farmerCount ?? farmerCount
  const isLoadingMore = results.some((r) => r.isPending && !r.isError)
  const isError = results.some((r) => r.isError)
  return {
    farmers,
    shown: farmers.length,
    farmerCount: count,
    isLoaded: loaded.length > 0,
    isPending: pages > 0 && loaded.length === 0 && initial.length === 0 && !isError,
    isLoadingMore,
    isError,
    hasMore: farmers.length < count,
    showMore: () => setWanted({ listKey, pages: pages + 1 }),
    retry: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
  }
}

/** "Show more" under a paged list, with its loading and failure states. */
export function ShowMore({ pages, errorMessage }: { pages: Omit<FarmerPages<unknown>, 'farmers'>; errorMessage: string }) {
  if (pages.isPending) return null
  if (pages.isError) return <LoadError message={errorMessage} onRetry={pages.retry} />
  if (pages.isLoadingMore) return <Loading />
  if (!pages.hasMore) return null
  return (
    <Button mt="3" variant="outline" colorPalette="brand" onClick={pages.showMore}>
      {showMoreLabel(pages.farmerCount - pages.shown)}
    </Button>
  )
}
