// A list that loads page by page (issue 12): the farms and the reviews each come a page at a time,
// "Show more" asks for the next one. Each page is its own GET under its own URL, so the service
// worker keeps every page a phone has seen, and a write refetches exactly the pages shown.
import { Button } from '@chakra-ui/react'
import { useQueries } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { LoadError, Loading } from '../../shared/ui/load-state'
import { reviewsQueryFn } from './fresh-fetch'
import { pageUrl } from './format'

export interface Pages<T, A = unknown> {
  items: T[]
  /** The whole list's count (the last loaded page's). */
  count: number
  /** The last loaded page's whole answer (for what it says of the whole list besides the count). */
  latest: A | undefined
  isPending: boolean
  isError: boolean
  isLoadingMore: boolean
  hasMore: boolean
  showMore: () => void
  retry: () => void
}

/** Pages of `url` from page 1, `limit` each; `read` takes a page's items and the whole list's count, `keyOf` names an item once. */
export function usePages<A, T>(url: string, limit: number, read: (answer: A) => { items: T[]; count: number }, keyOf: (item: T) => string): Pages<T, A> {
  // The page count belongs to one list: another url (city, farm) starts again at page 1.
  const [wanted, setWanted] = useState({ url, pages: 1 })
  const pages = wanted.url === url ? wanted.pages : 1
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) => ({ queryKey: [pageUrl(url, i + 1, limit)], queryFn: reviewsQueryFn<A>() })),
  })
  const seen = new Set<string>()
  const items: T[] = []
  let count = 0
  let latest: A | undefined
  for (const result of results) {
    if (!result.data) continue
    latest = result.data
    const answer = read(result.data)
    count = answer.count
    for (const item of answer.items) {
      if (seen.has(keyOf(item))) continue
      seen.add(keyOf(item))
      items.push(item)
    }
  }
  const isError = results.some((r) => r.isError)
  return {
    items,
    count,
    latest,
    isPending: results[0]?.isPending ?? true,
    isError,
    isLoadingMore: results.some((r) => r.isPending && !r.isError),
    hasMore: items.length < count,
    showMore: () => setWanted({ url, pages: pages + 1 }),
    retry: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
  }
}

/**
 * "Show more" under a paged list, with its loading and failure states; `label` words it for the count
 * left. With `isLoadedOnScroll` the next page also comes by itself once the button scrolls into view
 * (the button stays, for keyboards and for a phone whose browser has no IntersectionObserver).
 */
export function ShowMore({ pages, label, errorMessage, isLoadedOnScroll = false }: { pages: Pages<unknown>; label: (more: number) => string; errorMessage: string; isLoadedOnScroll?: boolean }) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const { showMore } = pages
  const canLoad = isLoadedOnScroll && pages.hasMore && !pages.isError && !pages.isLoadingMore
  useEffect(() => {
    if (!canLoad || !button || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        showMore()
      }
    }, { rootMargin: '200px' })
    observer.observe(button)
    return () => observer.disconnect()
  }, [canLoad, button, showMore])
  if (pages.isError) return <LoadError py="3" message={errorMessage} onRetry={pages.retry} />
  if (pages.isLoadingMore) return <Loading py="3" />
  if (!pages.hasMore) return null
  return (
    <Button ref={setButton} mt="4" variant="outline" colorPalette="brand" onClick={pages.showMore}>
      {label(pages.count - pages.items.length)}
    </Button>
  )
}
