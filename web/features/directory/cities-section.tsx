// 'Browse by Location': the city grid of the home page; a city opens its dialog (lazy chunk).
import { Box, Heading, Text } from '@chakra-ui/react'
import { Suspense, useContext, useDeferredValue, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { CityButtons } from './city-buttons'
import { DialogLoading } from './dialog-loading'
import { citiesWithFarmers } from './directory-logic'
import { CityDialog, preloadDialogs } from './lazy-dialogs'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { FirstTownsContext } from './first-towns'
import { useFarmerLocations } from './search'
import { texts } from './texts'
import { useT } from '../../i18n/runtime'

const CITY_COUNT_KEY = 'vf.cityCount'
/** Before a phone has seen the list: about the number of Fiji's towns that have listed farmers. */
const TYPICAL_CITY_COUNT = 20

function rememberedCityCount(): number {
  try {
    const count = Number(localStorage.getItem(CITY_COUNT_KEY))
    return Number.isInteger(count) && count > 0 ? count : TYPICAL_CITY_COUNT
  } catch {
    return TYPICAL_CITY_COUNT
  }
}

/** The grid's height for `count` buttons in `columns` columns (CityButtons: 4rem rows, 0.75rem gaps). */
const gridHeight = (count: number, columns: number) => {
  const rows = Math.ceil(count / columns)
  return `${rows * 4 + (rows - 1) * 0.75}rem`
}

const noSubscription = () => () => undefined
const typicalCityCount = () => TYPICAL_CITY_COUNT

/** While the list loads, the space its grid will take (the count seen last time on this phone):
 * the sections below do not jump when it arrives. Rendered from HTML, the first render reserves
 * what the server did (no phone's storage there), then this phone's count. */
function CitiesLoading() {
  const count = useSyncExternalStore(noSubscription, rememberedCityCount, typicalCityCount)
  return (
    <Box minH={{ base: gridHeight(count, 2), sm: gridHeight(count, 3), lg: gridHeight(count, 5) }}>
      <Loading />
    </Box>
  )
}

export function CitiesSection() {
  const t = useT()
  const headingId = useId()
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const locations = useDeferredValue(useFarmerLocations())
  const [selectedCity, setSelectedCity] = useState<string | null>(null)
  const cities = useMemo(() => citiesWithFarmers(locations.data ?? []), [locations.data])
  const selected = selectedCity ? locations.data?.find((l) => l.city === selectedCity) : undefined
  // The towns the page's HTML came with: shown until the list arrives (a town picked meanwhile opens then).
  const firstTowns = useContext(FirstTownsContext)

  let body
  useEffect(() => {
    if (!locations.isSuccess) return
    try {
      localStorage.setItem(CITY_COUNT_KEY, String(cities.length))
    } catch {
      // storage off: the next visit reserves the typical height
    }
  }, [locations.isSuccess, cities.length])

  if (locations.isPending && firstTowns && firstTowns.length > 0) body = <CityButtons cities={firstTowns} onSelect={setSelectedCity} onIntent={preloadDialogs} />
  else if (locations.isPending && firstTowns) body = <EmptyState>{t(texts.noLocations)}</EmptyState>
  else if (locations.isPending) body = <CitiesLoading />
  else if (locations.isError) body = <LoadError message={t(texts.failedToFetchFarmersLocations)} onRetry={() => void locations.refetch()} />
  else if (cities.length === 0) body = <EmptyState>{t(texts.noLocations)}</EmptyState>
  else body = <CityButtons cities={cities} onSelect={setSelectedCity} onIntent={preloadDialogs} />

  return (
    <Box as="section" aria-labelledby={headingId} mt="10">
      <Heading as="h2" id={headingId} size="xl">
        {t('home.cities.heading')}
      </Heading>
      <Text mt="1" mb="4" color="fg.muted">
        {t('home.cities.intro')}
      </Text>
      {body}
      {selected ? (
        <Suspense fallback={<DialogLoading />}>
          <CityDialog location={selected} onClose={() => setSelectedCity(null)} />
        </Suspense>
      ) : null}
    </Box>
  )
}
