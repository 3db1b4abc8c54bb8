// 'Browse by Location': the city grid of the home page; a city opens its dialog (lazy chunk).
import { Box, Heading, Text } from '@chakra-ui/react'
import { Suspense, useDeferredValue, useId, useMemo, useState } from 'react'
import { CityButtons } from './city-buttons'
import { DialogLoading } from './dialog-loading'
import { citiesWithFarmers } from './directory-logic'
import { CityDialog, preloadDialogs } from './lazy-dialogs'
import { EmptyState, LoadError, Loading } from '../../shared/ui/load-state'
import { useFarmerLocations } from './search'
import { texts } from './texts'

export function CitiesSection() {
  const headingId = useId()
  // Deferred: the list renders at transition priority, in slices, never one long task on a slow phone.
  const locations = useDeferredValue(useFarmerLocations())
  const [selectedCity, setSelectedCity] = useState<string | null>(null)
  const cities = useMemo(() => citiesWithFarmers(locations.data ?? []), [locations.data])
  const selected = selectedCity ? locations.data?.find((l) => l.city === selectedCity) : undefined

  let body
  if (locations.isPending) body = <Loading />
  else if (locations.isError) body = <LoadError message={texts.failedToFetchFarmersLocations} onRetry={() => void locations.refetch()} />
  else if (cities.length === 0) body = <EmptyState>{texts.noLocations}</EmptyState>
  else body = <CityButtons cities={cities} onSelect={setSelectedCity} onIntent={preloadDialogs} />

  return (
    <Box as="section" aria-labelledby={headingId} mt="10">
      <Heading as="h2" id={headingId} size="xl">
        Browse by Location
      </Heading>
      <Text mt="1" mb="4" color="fg.muted">
        Choose a town or city to see the farmers who serve it.
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
