// The hero search (home and browse): a search box, the 'Delivery Available' and 'Bulk Available'
// filters, the results, and the search analytics event (one second after typing stops, only
// above 2 characters, with its inferred type, location and result count).
//
// Results come a page at a time from GET /api/farmers?search=…&delivery=true&bulk=true&page=…
// (every word must match the name, a produce, the village, tikina or a city). When the first
// page fails (offline, weak signal), the same search runs in the browser over the farmers the
// page already holds: each city's first page from GET /api/farmers/locations.
import { Box, Button, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { FarmerLocation, ProduceAvailability, PublicFarmer } from '../../../api/contract'
import { TextInput } from '../../shared/ui/text-input'
import { CARD_PAGE_SIZE, farmersSearchUrl, inferSearch, isSearching, searchFarmers, uniqueFarmers, type Filters, type SearchKnowledge } from './directory-logic'
import { ShowMore, useFarmerPages, type FarmerPages } from './farmer-pages'
import { produceAvailabilityQueryKey } from './produce-availability'
import { directoryQuery } from './offline-copy'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { texts } from './texts'
import { useT, withAllCatalogs } from '../../i18n/runtime'

export const SEARCH_EVENT_DELAY_MS = 1000
/** Events only for searches longer than 2 characters (spec 000 §4). */
export const SEARCH_EVENT_MIN_CHARS = 3
/** Wait this long after a keystroke before asking the server (one request per pause, not per key). */
const SEARCH_REQUEST_DELAY_MS = 300

// The result cards (photo, badges, contact links) are a chunk of their own, fetched when the search box
// is first focused or a search starts: the home page's first paint never shows a card (initial JS budget).
const loadFarmerCards = withAllCatalogs(() => import('./farmer-card'))
const FarmerCardList = lazy(async () => ({ default: (await loadFarmerCards()).FarmerCardList }))

function preloadFarmerCards() {
  void loadFarmerCards().catch(() => undefined)
}

export const locationsQueryKey = ['/api/farmers/locations'] as const

/** The cities with their first page of farmers. `subscribed: false` reads them without
 * re-rendering when they arrive or change. */
export function useFarmerLocations({ subscribed = true }: { subscribed?: boolean } = {}) {
  return useQuery<FarmerLocation[]>({ queryKey: locationsQueryKey, queryFn: directoryQuery, subscribed })
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

/** The names a search text is matched against to infer its type (the analytics event). */
function searchKnowledge(locations: readonly FarmerLocation[], produceNames: readonly { name: string }[]): SearchKnowledge {
  const farmers = uniqueFarmers(locations)
  return {
    produce: [...new Set([...produceNames.map((p) => p.name), ...farmers.flatMap((f) => f.produce)])],
    cities: locations.map((l) => l.city),
    farmers: farmers.map((f) => f.name),
  }
}

export interface DirectorySearch {
  query: string
  setQuery: (query: string) => void
  filters: Filters
  setFilters: (filters: Filters) => void
  /** A search text or a filter is active: the results are shown. */
  searching: boolean
  status: 'pending' | 'error' | 'success'
  /** The farmers loaded so far (pages of the server's answer, or the offline search's all). */
  results: PublicFarmer[]
  /** How many farmers match in all. */
  total: number
  /** The server's pages ("Show more"); null for the offline search. */
  pages: FarmerPages<PublicFarmer> | null
  retry: () => void
  /** Set when the search was submitted before its results showed: they take focus when they do. */
  focusResultsWhenShown: RefObject<boolean>
}

/**
 * Search state, results, and the analytics event. `browsingCity` is the browse screen's city.
 * `filtersAlone`: a ticked filter with no text lists every matching farmer (home); on the browse
 * screen the filters narrow its step 3 instead, and only a text search lists results.
 */
export function useDirectorySearch({ browsingCity, filtersAlone = true }: { browsingCity?: string; filtersAlone?: boolean } = {}): DirectorySearch {
  const [query, setQuery] = useState('')
  const [filters, setFilters] = useState<Filters>({ delivery: false, bulk: false })
  const text = useDebounced(query.trim(), SEARCH_REQUEST_DELAY_MS)
  const searching = filtersAlone ? isSearching(text, filters) : text !== ''
  const remote = useFarmerPages<PublicFarmer>(searching ? farmersSearchUrl(text, filters) : null, { autoload: true, limit: CARD_PAGE_SIZE })
  const queryClient = useQueryClient()
  const focusResultsWhenShown = useRef(false)
  // Subscribed only while searching: the lists' arrival must not re-render the hero (a long task
  // on a slow phone); the search and its event read them then.
  const locations = useFarmerLocations({ subscribed: searching })

  // Offline (or a failed request) before any page arrived: search the farmers the page already
  // holds (each city's first page), a partial answer rather than none.
  const useLocal = remote.isError && !remote.isLoaded && locations.isSuccess
  // Built only when needed: sorting every listed farmer is a long task on a slow phone, and the
  // page's first screen never needs it.
  const farmers = useMemo(() => (useLocal ? uniqueFarmers(locations.data ?? []) : []), [useLocal, locations.data])
  const local = useMemo(() => (useLocal ? searchFarmers(farmers, text, filters) : null), [useLocal, farmers, text, filters])
  const results = local ?? remote.farmers
  const total = local ? local.length : remote.farmerCount
  const status = local || remote.isLoaded ? 'success' : remote.isError ? 'error' : 'pending'
  /** The search text the shown results belong to (pages are per search, so any loaded page is this one's). */
  const resultsFor = local || remote.isLoaded ? text : null

  // The event goes one second after typing stops, once the results of that text are known.
  const latest = useRef({ total, browsingCity })
  const typedAt = useRef(0)
  const sentFor = useRef<string | null>(null)
  useEffect(() => {
    latest.current = { total, browsingCity }
  })
  useEffect(() => {
    typedAt.current = Date.now()
  }, [query])
  useEffect(() => {
    const typed = query.trim()
    if (typed.length < SEARCH_EVENT_MIN_CHARS || resultsFor !== typed || sentFor.current === typed) return
    const wait = Math.max(0, SEARCH_EVENT_DELAY_MS - (Date.now() - typedAt.current))
    const timer = setTimeout(() => {
      sentFor.current = typed
      const { total: found, browsingCity: city } = latest.current
      const known = searchKnowledge(queryClient.getQueryData<FarmerLocation[]>(locationsQueryKey) ?? [], queryClient.getQueryData<ProduceAvailability[]>(produceAvailabilityQueryKey) ?? [])
      const event = { query: typed.slice(0, 200), ...inferSearch(typed, known, city), resultCount: found }
      // Analytics' code is fetched with the first search: it is not part of the home page's initial JavaScript.
      void import('../../shared/analytics').then((analytics) => analytics.trackSearch(event), () => undefined)
    }, wait)
    return () => clearTimeout(timer)
  }, [query, resultsFor, queryClient])

  return {
    query,
    setQuery,
    filters,
    setFilters,
    searching: (filtersAlone ? isSearching(query, filters) : query.trim() !== '') && searching,
    status,
    results,
    total,
    pages: local ? null : remote,
    retry: remote.retry,
    focusResultsWhenShown,
  }
}

function FilterCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer" fontWeight="medium" minH="11">
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        boxSize="5"
        accentColor="brand.800"
        cursor="pointer"
      />
      {label}
    </chakra.label>
  )
}

export function SearchForm({ search, resultsHeading }: { search: DirectorySearch; resultsHeading: RefObject<HTMLHeadingElement | null> }) {
  const t = useT()
  const searchId = useId()
  const input = useRef<HTMLInputElement>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // "Go" on a phone's keyboard: close the keyboard and move to the results.
    const heading = resultsHeading.current
    if (heading) {
      input.current?.blur()
      heading.scrollIntoView({ block: 'start' })
      heading.focus({ preventScroll: true })
    } else if (search.query.trim() !== '') {
      // Submitted within the typing pause, before the results show: a blur now would drop focus
      // on the page's body, so the box keeps it until the results take it.
      search.focusResultsWhenShown.current = true
    }
  }
  return (
    <chakra.form role="search" aria-label={t('home.search.formLabel')} onSubmit={onSubmit} maxW="2xl" mx="auto" mt="6">
      <chakra.label htmlFor={searchId} srOnly>
        {t('home.search.label')}
      </chakra.label>
      <Flex gap="2">
        <TextInput
          ref={input}
          id={searchId}
          type="search"
          size="lg"
          bg="white"
          borderColor="gray.400"
          colorPalette="brand"
          placeholder={t(texts.searchPlaceholder)}
          autoComplete="off"
          enterKeyHint="search"
          value={search.query}
          onChange={(e) => {
            // Typing on after the submit: the results are not what was submitted, so leave focus here.
            search.focusResultsWhenShown.current = false
            search.setQuery(e.currentTarget.value)
          }}
          onFocus={preloadFarmerCards}
        />
        {/* On a phone the keyboard's Search key submits; the button would squeeze the box. */}
        <Button type="submit" size="lg" colorPalette="brand" display={{ base: 'none', sm: 'inline-flex' }}>
          {t('home.search.submit')}
        </Button>
      </Flex>
      <Flex mt="2" columnGap="6" justify="center" wrap="wrap">
        <FilterCheckbox
          label={t(texts.deliveryAvailable)}
          checked={search.filters.delivery}
          onChange={(delivery) => search.setFilters({ ...search.filters, delivery })}
        />
        <FilterCheckbox label={t(texts.bulkAvailable)} checked={search.filters.bulk} onChange={(bulk) => search.setFilters({ ...search.filters, bulk })} />
      </Flex>
    </chakra.form>
  )
}

/** The results of a search or filter; nothing while neither is active. */
export function SearchResults({ search, headingRef }: { search: DirectorySearch; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { results, status, total, pages } = search
  const headingId = useId()
  const t = useT()
  const { searching, focusResultsWhenShown } = search
  useEffect(() => {
    if (!searching || !focusResultsWhenShown.current) return
    focusResultsWhenShown.current = false
    headingRef.current?.scrollIntoView({ block: 'start' })
    headingRef.current?.focus({ preventScroll: true })
  }, [searching, focusResultsWhenShown, headingRef])
  if (!searching) return null
  let body
  if (status === 'pending') body = <Loading />
  else if (status === 'error') body = <LoadError message={t(texts.failedToFetchFarmers)} onRetry={search.retry} />
  else if (results.length === 0) body = <EmptyState>{t(texts.emptySearch)}</EmptyState>
  else
    body = (
      <>
        <Suspense fallback={<Loading />}>
          <FarmerCardList farmers={results} />
        </Suspense>
        {pages ? <ShowMore pages={pages} errorMessage={t(texts.failedToFetchFarmers)} /> : null}
      </>
    )
  return (
    <Box as="section" aria-labelledby={headingId} mt="8" data-testid="search-results">
      <Flex align="baseline" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" id={headingId} ref={headingRef} tabIndex={-1} size="xl">
          {t('home.search.results')}
        </Heading>
        <Text role="status" color="fg.muted" data-testid="result-count">
          {status === 'success' ? t('home.search.found', { count: total }) : ''}
        </Text>
      </Flex>
      {body}
    </Box>
  )
}
