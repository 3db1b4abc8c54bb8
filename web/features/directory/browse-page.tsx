// The step-based browse screen (/browse-farmers and /browse), a lazy chunk: 1 choose a location
// (with farmer counts), 2 choose produce in that location (or 'All Farmers'), 3 the farmers.
// The steps live in the URL (?city=…&produce=… or &all=1), so the phone's back button steps back
// and a step can be shared. The hero search and its filters work here too; the filters also
// narrow step 3.
import { Box, Button, Flex, Heading, Text, chakra } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useContext, useDeferredValue, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { ProduceInCity, PublicFarmer } from '../../../api/contract'
import { cityFarmersUrl, cityProduceFarmersUrl, produceInCityUrl } from '../../../api/contract/public-pages'
import { useDocumentTitle } from '../../shared/site'
import { CityButtons } from './city-buttons'
import { FirstTownsContext } from './first-towns'
import { CARD_PAGE_SIZE, farmerCountLabel, citiesWithFarmers, type Filters } from './directory-logic'
import { ShowMore, useFarmerPages } from './farmer-pages'
import { FarmerCardList } from './farmer-card'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { ProduceAvailabilityPanel } from './produce-availability'
import { directoryQuery, useKeepOfflineCopy } from './offline-copy'
import { OfflineCopyNotice } from './offline-copy-notice'
import { SearchForm, SearchResults, useDirectorySearch, useFarmerLocations } from './search'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

type Step = 1 | 2 | 3

const stepNames: Record<Step, string> = { 1: 'directory.step.chooseLocation', 2: 'directory.step.chooseProduce', 3: 'directory.step.farmers' }

function StepHeading({ children, headingRef }: { children: ReactNode; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <Heading as="h2" ref={headingRef} tabIndex={-1} size="xl" mb="3">
      {children}
    </Heading>
  )
}

function Steps({ step, onStep }: { step: Step; onStep: (step: Step) => void }) {
  const t = useT()
  return (
    <chakra.ol aria-label={t('directory.steps.label')} listStyle="none" p="0" m="0" mb="6" display="flex" gap="2" flexWrap="wrap">
      {([1, 2, 3] as const).map((n) => {
        const current = n === step
        const done = n < step
        const label = (
          <>
            <chakra.span
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="6"
              borderRadius="full"
              fontSize="sm"
              fontWeight="bold"
              bg={current || done ? 'brand.800' : 'gray.200'}
              color={current || done ? 'white' : 'gray.800'}
              aria-hidden="true"
            >
              {n}
            </chakra.span>
            <chakra.span srOnly>{t('directory.steps.step', { number: n })} </chakra.span>
            {t(stepNames[n])}
          </>
        )
        return (
          <chakra.li key={n} aria-current={current ? 'step' : undefined} display="flex" alignItems="center" gap="2" fontWeight={current ? 'semibold' : 'normal'}>
            {done ? (
              <Button variant="ghost" size="sm" colorPalette="brand" px="1" onClick={() => onStep(n)} gap="2">
                {label}
              </Button>
            ) : (
              <chakra.span display="inline-flex" alignItems="center" gap="2" px="1" color={current ? 'gray.900' : 'fg.muted'}>
                {label}
              </chakra.span>
            )}
            {n < 3 ? (
              <chakra.span aria-hidden="true" color="gray.500">
                ›
              </chakra.span>
            ) : null}
          </chakra.li>
        )
      })}
    </chakra.ol>
  )
}

function ChoiceButton({ onClick, title, detail }: { onClick: () => void; title: string; detail: string }) {
  return (
    <chakra.button
      type="button"
      onClick={onClick}
      w="full"
      minH="14"
      px="3"
      py="2"
      display="flex"
      flexDirection="column"
      alignItems="flex-start"
      justifyContent="center"
      textAlign="start"
      borderWidth="1px"
      borderColor="gray.300"
      borderRadius="lg"
      bg="white"
      cursor="pointer"
      _hover={{ bg: 'brand.50', borderColor: 'brand.600' }}
    >
      <chakra.span fontWeight="semibold" overflowWrap="anywhere">
        {title}
      </chakra.span>
      <chakra.span fontSize="sm" color="fg.muted">
        {detail}
      </chakra.span>
    </chakra.button>
  )
}

function ProduceStep({ city, cityFarmerCount, onProduce, onAll }: { city: string; cityFarmerCount: number; onProduce: (p: string) => void; onAll: () => void }) {
  const t = useT()
  // Keyed by its URL, as the server's HTML of this step carries it (decision 029).
  const produce = useQuery<ProduceInCity[]>({ queryKey: [produceInCityUrl(city)], queryFn: directoryQuery })
  const items = (produce.data ?? []).filter((p) => p.farmerCount > 0)
  if (cityFarmerCount === 0) return <EmptyState>{t(texts.noFarmersInLocation)}</EmptyState>
  return (
    <>
      <Box maxW="sm" mb="4">
        <ChoiceButton onClick={onAll} title={t(texts.allFarmers)} detail={farmerCountLabel(cityFarmerCount)} />
      </Box>
      {produce.isPending ? (
        <Loading />
      ) : produce.isError ? (
        <LoadError message={t(texts.failedToFetchProduceForLocation)} onRetry={() => void produce.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t(texts.categoriesUpdating)}</EmptyState>
      ) : (
        <chakra.ul listStyle="none" p="0" m="0" display="grid" gap="3" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}>
          {items.map((item) => (
            <li key={item.name}>
              <ChoiceButton onClick={() => onProduce(item.name)} title={item.name} detail={farmerCountLabel(item.farmerCount)} />
            </li>
          ))}
        </chakra.ul>
      )}
    </>
  )
}

function FarmersStep({ city, produce, filters }: { city: string; produce: string | null; filters: Filters }) {
  const t = useT()
  // The filters go to the server, so the count and every page are of the matching farmers only.
  const url = produce === null ? cityFarmersUrl(city) : cityProduceFarmersUrl(city, produce)
  const pages = useFarmerPages<PublicFarmer>(url, { autoload: true, limit: CARD_PAGE_SIZE, filters })
  const filtering = filters.delivery || filters.bulk
  // Without filters the list's own count; with them, the unfiltered count for "N of M".
  const unfiltered = useFarmerPages<PublicFarmer>(filtering ? url : null, { autoload: true, limit: CARD_PAGE_SIZE })
  const errorMessage = produce === null ? t(texts.failedToFetchFarmersLocations) : t(texts.failedToFetchFarmersForLocationAndProduce)
  if (pages.isPending) return <Loading />
  if (pages.isError && !pages.isLoaded) return <LoadError message={errorMessage} onRetry={pages.retry} />
  const total = filtering ? unfiltered.farmerCount : pages.farmerCount
  if (total === 0 && !(filtering && !unfiltered.isLoaded))
    return <EmptyState>{produce === null ? t(texts.noFarmersInLocation) : t(texts.noFarmersForProduce, { city, produce })}</EmptyState>
  return (
    <>
      <Text role="status" color="fg.muted" mb="3">
        {filtering && unfiltered.isLoaded ? t('directory.matchFilters', { count: pages.farmerCount, total }) : farmerCountLabel(pages.farmerCount)}
      </Text>
      {pages.farmerCount === 0 ? <EmptyState>{t(texts.emptySearch)}</EmptyState> : <FarmerCardList farmers={pages.farmers} />}
      <ShowMore pages={pages} errorMessage={errorMessage} />
    </>
  )
}

export function BrowseFarmersPage() {
  const t = useT()
  useDocumentTitle(t('directory.title'))
  useKeepOfflineCopy()
  const [params, setParams] = useSearchParams()
  const city = params.get('city')
  const produce = city ? params.get('produce') : null
  const showAll = !!city && !produce && params.get('all') === '1'
  const step: Step = !city ? 1 : produce || showAll ? 3 : 2

  const search = useDirectorySearch({ browsingCity: city ?? undefined, filtersAlone: false })
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const locations = useDeferredValue(useFarmerLocations())
  const cities = useMemo(() => citiesWithFarmers(locations.data ?? []), [locations.data])
  const cityEntry = city ? locations.data?.find((l) => l.city === city) : undefined
  // The towns the page's HTML came with: shown until the list arrives (decision 029).
  const firstTowns = useContext(FirstTownsContext)

  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  // Each step change moves focus to the new step's heading (keyboard and screen-reader users).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    stepHeading.current?.focus({ preventScroll: true })
    stepHeading.current?.scrollIntoView({ block: 'nearest' })
  }, [step, city, produce])

  const go = (next: Record<string, string>) => setParams(next)
  const onStep = (n: Step) => {
    if (n === 1) go({})
    else if (n === 2 && city) go({ city })
  }

  let content
  if (step === 1) {
    content = (
      <>
        <StepHeading headingRef={stepHeading}>{t('directory.step1.heading')}</StepHeading>
        {locations.isPending && firstTowns && firstTowns.length > 0 ? (
          <CityButtons cities={firstTowns} onSelect={(c) => go({ city: c })} />
        ) : locations.isPending && firstTowns ? (
          <EmptyState>{t(texts.noLocations)}</EmptyState>
        ) : locations.isPending ? (
          // The room the town grid takes (two columns on a phone), so the panel below never jumps (CLS).
          <Box minH={{ base: '70vh', lg: '20rem' }}>
            <Loading />
          </Box>
        ) : locations.isError ? (
          <LoadError message={t(texts.failedToFetchFarmersLocations)} onRetry={() => void locations.refetch()} />
        ) : cities.length === 0 ? (
          <EmptyState>{t(texts.noLocations)}</EmptyState>
        ) : (
          <CityButtons cities={cities} onSelect={(c) => go({ city: c })} />
        )}
      </>
    )
  } else if (step === 2 && city) {
    content = (
      <>
        <StepHeading headingRef={stepHeading}>{t('directory.step2.heading', { city })}</StepHeading>
        {locations.isPending ? (
          <Loading />
        ) : (
          <ProduceStep city={city} cityFarmerCount={cityEntry?.farmerCount ?? 0} onProduce={(p) => go({ city, produce: p })} onAll={() => go({ city, all: '1' })} />
        )}
      </>
    )
  } else if (city) {
    content = (
      <>
        <StepHeading headingRef={stepHeading}>{produce ? t('directory.step3.produce', { produce, city }) : t('directory.step3.all', { city })}</StepHeading>
        <Flex gap="2" wrap="wrap" mb="4">
          <Button size="sm" variant="outline" colorPalette="brand" onClick={() => go({ city })}>
            {t('directory.changeProduce')}
          </Button>
          <Button size="sm" variant="outline" colorPalette="brand" onClick={() => go({})}>
            {t('directory.changeLocation')}
          </Button>
        </Flex>
        <FarmersStep city={city} produce={produce} filters={search.filters} />
      </>
    )
  }

  return (
    <>
      <Box as="section" aria-labelledby="browse-title" bg="brand.50" borderRadius="xl" px={{ base: '4', md: '10' }} py={{ base: '6', md: '10' }} textAlign="center">
        <Heading as="h1" id="browse-title" size={{ base: '3xl', md: '4xl' }} color="brand.900">
          {t('directory.title')}
        </Heading>
        {/* The page's lead, a size up: painted from the HTML (the installed app's precached copy
            too), it stays the largest text of the first screen, above the offline-copy notice that
            only the app can add later (issue 21: the notice was the late largest paint offline). */}
        <Text mt="2" fontSize="lg" color="gray.700">
          {t('directory.intro')}
        </Text>
        <SearchForm search={search} resultsHeading={resultsHeading} />
      </Box>

      <OfflineCopyNotice mt="4" mb="0" />

      <SearchResults search={search} headingRef={resultsHeading} />

      <Box as="section" aria-label={t('directory.browseLabel')} mt="8">
        <Steps step={step} onStep={onStep} />
        {content}
      </Box>

      <ProduceAvailabilityPanel />
    </>
  )
}
